import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { userOf } from "../auth/auth-plugin";
import { ForbiddenError, NotFoundError } from "../errors";
import { utcDay } from "../quota/quota-service";
import { type Acting, audit, OWNER_MESSAGE } from "./acting";
import type { Membership } from "./workspace-service";

export interface WorkspaceRoutesOptions {
  appUrl: string;
  /** USER_DAILY_REPORT_LIMIT: each member's own daily report limit. */
  userDailyReportLimit: number;
  now: () => Date;
  /** Invite creations and accepts per minute per address (default 30). */
  invitesPerMinute?: number;
}

const roleSchema = z.enum(["owner", "editor", "viewer"], { error: "must be one of owner, editor, viewer" });
const nameBody = z.strictObject({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, { message: "Name is required" })
    .max(100, { message: "Name must be at most 100 characters" }),
});
const idParams = z.object({ id: z.uuid({ error: "must be a workspace id" }) });
const memberParams = idParams.extend({ userId: z.uuid({ error: "must be a user id" }) });
const inviteParams = idParams.extend({ inviteId: z.uuid({ error: "must be an invite id" }) });
const tokenParams = z.object({ token: z.string().min(1).max(200) });
const inviteBody = z.strictObject({
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .toLowerCase()
    .max(254, { message: "E-mail must be at most 254 characters" })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "Enter an e-mail address such as ana@agency.example" }),
  role: roleSchema,
});
const auditQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  before: z.iso.datetime({ offset: true, error: "must be an ISO date-time" }).optional(),
  beforeId: z.coerce.number().int().min(1).optional(),
});

const SIGN_IN = { auth: { role: "user", anonymous: "Sign in to use workspaces." } } as const;
const noStore = (reply: FastifyReply) => reply.header("cache-control", "private, no-store");

/**
 * Issue #37: /api/workspaces… (members, roles, invites, audit, usage) and /api/invites/:token.
 * A workspace the caller is not a member of is a 404 (its existence is not revealed); owner-only
 * calls by other members are a 403. docs/decisions/038-teams-workspaces.md.
 */
export const workspaceRoutes: FastifyPluginAsync<WorkspaceRoutesOptions> = async (base, opts) => {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const { service, invites, audit: log } = app.workspaces;

  async function memberOf(request: FastifyRequest, id: string): Promise<Membership & { userId: string }> {
    const user = userOf(request);
    const m = await service.membership(id, user.id);
    if (!m) throw new NotFoundError(`No workspace ${id} was found among yours.`);
    return { ...m, userId: user.id };
  }
  async function ownerOf(request: FastifyRequest, id: string) {
    const m = await memberOf(request, id);
    if (m.role !== "owner") throw new ForbiddenError(OWNER_MESSAGE);
    return m;
  }
  const actingOf = (m: Membership & { userId: string }): Acting => ({
    workspaceId: m.workspaceId,
    role: m.role,
    userId: m.userId,
  });

  app.get("/api/workspaces", { config: SIGN_IN }, async (request, reply) => {
    const user = userOf(request);
    await service.ensurePersonal(user.id);
    noStore(reply);
    return { workspaces: await service.listFor(user.id) };
  });

  app.post("/api/workspaces", { config: SIGN_IN, schema: { body: nameBody } }, async (request, reply) => {
    const user = userOf(request);
    const made = await service.create(user.id, request.body.name);
    await audit(
      request,
      { workspaceId: made.id, role: "owner", userId: user.id },
      "workspace.create",
      made.name,
    );
    return reply.code(201).send(made);
  });

  app.get(
    "/api/workspaces/:id",
    { config: SIGN_IN, schema: { params: idParams } },
    async (request, reply) => {
      noStore(reply);
      return service.detail(await memberOf(request, request.params.id));
    },
  );

  app.patch(
    "/api/workspaces/:id",
    { config: SIGN_IN, schema: { params: idParams, body: nameBody } },
    async (request) => {
      const m = await ownerOf(request, request.params.id);
      await service.rename(m.workspaceId, request.body.name);
      await audit(request, actingOf(m), "workspace.rename", request.body.name, { from: m.name });
      return service.detail({ ...m, name: request.body.name });
    },
  );

  app.delete("/api/workspaces/:id", { config: SIGN_IN, schema: { params: idParams } }, async (request) => {
    const m = await ownerOf(request, request.params.id);
    await service.remove(m.workspaceId);
    return { deleted: true as const };
  });

  app.get(
    "/api/workspaces/:id/members",
    { config: SIGN_IN, schema: { params: idParams } },
    async (request, reply) => {
      const m = await memberOf(request, request.params.id);
      noStore(reply);
      return { members: await service.members(m.workspaceId) };
    },
  );

  app.patch(
    "/api/workspaces/:id/members/:userId",
    { config: SIGN_IN, schema: { params: memberParams, body: z.strictObject({ role: roleSchema }) } },
    async (request) => {
      const m = await ownerOf(request, request.params.id);
      const from = await service.setRole(m.workspaceId, request.params.userId, request.body.role);
      await audit(request, actingOf(m), "member.role", request.params.userId, {
        from,
        to: request.body.role,
      });
      return { userId: request.params.userId, role: request.body.role };
    },
  );

  app.delete(
    "/api/workspaces/:id/members/:userId",
    { config: SIGN_IN, schema: { params: memberParams } },
    async (request) => {
      const m = await memberOf(request, request.params.id);
      const leaving = request.params.userId === m.userId;
      if (!leaving && m.role !== "owner") throw new ForbiddenError(OWNER_MESSAGE);
      const { keys } = await service.removeMember(m.workspaceId, request.params.userId);
      await audit(request, actingOf(m), leaving ? "member.leave" : "member.remove", request.params.userId, {
        keysRevoked: keys.length,
      });
      return { removed: true as const };
    },
  );

  const inviteLimit = { rateLimit: { max: opts.invitesPerMinute ?? 30, timeWindow: "1 minute" } };

  app.post(
    "/api/workspaces/:id/invites",
    { config: { ...SIGN_IN, ...inviteLimit }, schema: { params: idParams, body: inviteBody } },
    async (request, reply) => {
      const m = await ownerOf(request, request.params.id);
      if (m.kind === "personal")
        throw new ForbiddenError(
          "A personal workspace cannot have other members: create a team workspace and invite people there.",
        );
      const made = await invites.create(m.workspaceId, m.userId, request.body);
      await audit(request, actingOf(m), "invite.create", request.body.email, { role: request.body.role });
      noStore(reply);
      return reply.code(201).send({
        token: made.token,
        url: `${opts.appUrl.replace(/\/+$/, "")}/invite/${made.token}`,
        expiresAt: made.expiresAt.toISOString(),
      });
    },
  );

  app.get(
    "/api/workspaces/:id/invites",
    { config: SIGN_IN, schema: { params: idParams } },
    async (request, reply) => {
      const m = await ownerOf(request, request.params.id);
      noStore(reply);
      return { invites: await invites.pending(m.workspaceId) };
    },
  );

  app.delete(
    "/api/workspaces/:id/invites/:inviteId",
    { config: SIGN_IN, schema: { params: inviteParams } },
    async (request) => {
      const m = await ownerOf(request, request.params.id);
      const email = await invites.revoke(m.workspaceId, request.params.inviteId);
      await audit(request, actingOf(m), "invite.revoke", email);
      return { deleted: true as const };
    },
  );

  app.get(
    "/api/invites/:token",
    { config: { auth: "public", ...inviteLimit }, schema: { params: tokenParams } },
    async (request, reply) => {
      noStore(reply);
      reply.header("x-robots-tag", "noindex");
      return invites.view(request.params.token);
    },
  );

  app.post(
    "/api/invites/:token/accept",
    {
      config: {
        auth: { role: "user", anonymous: "Sign in with the invited address to accept." },
        ...inviteLimit,
      },
      schema: { params: tokenParams },
    },
    async (request) => {
      const user = userOf(request);
      const done = await invites.accept(request.params.token, user);
      await audit(
        request,
        { workspaceId: done.workspaceId, role: done.role, userId: user.id },
        "invite.accept",
        user.email,
        {
          role: done.role,
        },
      );
      return { workspaceId: done.workspaceId, role: done.role };
    },
  );

  app.get(
    "/api/workspaces/:id/audit",
    { config: SIGN_IN, schema: { params: idParams, querystring: auditQuery } },
    async (request, reply) => {
      const m = await ownerOf(request, request.params.id);
      noStore(reply);
      const { limit, before, beforeId } = request.query;
      return {
        entries: await log.list(m.workspaceId, {
          limit,
          before: before ? new Date(before) : undefined,
          beforeId,
        }),
      };
    },
  );

  app.get(
    "/api/workspaces/:id/usage",
    { config: SIGN_IN, schema: { params: idParams } },
    async (request, reply) => {
      const m = await ownerOf(request, request.params.id);
      noStore(reply);
      return service.usage(m.workspaceId, utcDay(opts.now()), opts.userDailyReportLimit);
    },
  );
};
