import type { FastifyRequest } from "fastify";
import { ForbiddenError, NotFoundError, UnauthorizedError, ValidationError } from "../errors";
import type { DataOwner } from "../shared/data-owner";
import type { AuditAction, AuditLog } from "./audit";
import type { InviteService } from "./invite-service";
import type { WorkspaceKind, WorkspaceRole, WorkspaceService } from "./workspace-service";

/** What the workspace routes and every scoped route share (app.ts decorates the instance with it). */
export interface WorkspacesKit {
  service: WorkspaceService;
  invites: InviteService;
  audit: AuditLog;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Teams (issue #37): workspaces, invites and the audit log. */
    workspaces: WorkspacesKit;
  }
}

/** The workspace a call acts in, the caller's role there, and who the caller is. */
export interface Acting {
  workspaceId: string;
  role: WorkspaceRole;
  userId: string;
  kind?: WorkspaceKind;
}

export const VIEWER_MESSAGE =
  "Viewers can read and export, not change: ask an owner of this workspace for the editor role.";
export const OWNER_MESSAGE = "Only an owner of this workspace can do this.";
export const WORKSPACE_HEADER = "x-workspace";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const resolved = new WeakMap<FastifyRequest, Promise<Acting | null>>();

/** The workspace id a request names (X-Workspace header, else ?workspace=), or null. */
function requestedWorkspace(request: FastifyRequest): string | null {
  const header = request.headers[WORKSPACE_HEADER];
  const query = (request.query as Record<string, unknown> | undefined)?.workspace;
  const given = typeof header === "string" && header.trim() ? header.trim() : query;
  if (given === undefined || given === null || given === "") return null;
  if (typeof given !== "string" || !UUID.test(given))
    throw new ValidationError(
      "X-Workspace (or ?workspace=) must be the id of one of your workspaces, as GET /api/workspaces lists them.",
      typeof header === "string" && header.trim() ? "X-Workspace" : "workspace",
    );
  return given.toLowerCase();
}

async function resolve(request: FastifyRequest): Promise<Acting | null> {
  const kit = request.server.workspaces;
  // /api/v1: an API key acts in its own workspace only (api-key-service checks the creator is
  // still a member with an editor's or owner's role, every time the key is looked up).
  const key = request.apiKey;
  if (key) return { workspaceId: key.workspaceId, role: key.role, userId: key.userId };
  const user = request.user;
  if (!user) return null;
  const wanted = requestedWorkspace(request);
  if (wanted) {
    const m = await kit.service.membership(wanted, user.id);
    // Not a member (or deleted, or unknown) is one answer: a workspace's existence is not revealed.
    if (!m) throw new NotFoundError(`No workspace ${wanted} was found among yours.`);
    return { workspaceId: m.workspaceId, role: m.role, userId: user.id, kind: m.kind };
  }
  const personal = await kit.service.ensurePersonal(user.id);
  return { workspaceId: personal, role: "owner", userId: user.id, kind: "personal" };
}

/**
 * The workspace the caller acts in: the API key's, else the one X-Workspace (or ?workspace=) names
 * (404 when the caller is not a member), else the caller's personal workspace. Membership is read
 * from the database once per request, so a removed member loses access at once. Null when signed out.
 */
export function optionalActing(request: FastifyRequest): Promise<Acting | null> {
  let found = resolved.get(request);
  if (!found) {
    found = resolve(request);
    resolved.set(request, found);
  }
  return found;
}

/** As optionalActing, for routes that need a signed-in caller (401 otherwise). */
export async function actingWorkspace(request: FastifyRequest): Promise<Acting> {
  const acting = await optionalActing(request);
  if (!acting) throw new UnauthorizedError("You need to be logged in to do this.");
  return acting;
}

/** The acting workspace for a change: viewers get 403. */
export async function actingEditor(request: FastifyRequest): Promise<Acting> {
  const acting = await actingWorkspace(request);
  if (acting.role === "viewer") throw new ForbiddenError(VIEWER_MESSAGE);
  return acting;
}

/** The supplied-data owner of a call (Trust III in a workspace), or null when signed out. */
export async function readerOf(request: FastifyRequest): Promise<DataOwner | null> {
  const acting = await optionalActing(request);
  return acting ? { userId: acting.userId, workspaceId: acting.workspaceId } : null;
}

/** Records an audit entry of the acting workspace; a failure to record never fails the change. */
export async function audit(
  request: FastifyRequest,
  acting: Acting,
  action: AuditAction,
  target = "",
  details: Record<string, unknown> = {},
): Promise<void> {
  await request.server.workspaces.audit
    .record({ workspaceId: acting.workspaceId, actorUserId: acting.userId, action, target, details })
    .catch((err: Error) => request.log.warn({ err: err.message, action }, "could not record an audit entry"));
}
