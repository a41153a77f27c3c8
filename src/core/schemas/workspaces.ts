import { z } from "zod";

/**
 * Workspaces (issue #37): shared team spaces, their members, invites and audit log. The shapes are
 * the contract of docs/decisions/038-teams-workspaces.md; the web app parses the answers with them.
 */

export const WORKSPACE_ROLES = ["owner", "editor", "viewer"] as const;
export type WorkspaceRole = (typeof WORKSPACE_ROLES)[number];

export const WORKSPACE_ROLE_TEXTS: Record<WorkspaceRole, string> = {
  owner: "Owner: members, roles and deletion, and everything an editor does",
  editor: "Editor: lists, watchlists, alerts, imports and API keys",
  viewer: "Viewer: reads and exports",
};

export const workspaceRoleSchema = z.enum(WORKSPACE_ROLES, {
  error: `must be one of ${WORKSPACE_ROLES.join(", ")}`,
});

export const workspaceNameSchema = z
  .string({ error: "Name is required" })
  .trim()
  .min(1, { message: "Name is required" })
  .max(100, { message: "Name must be at most 100 characters" });

export const workspaceSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(["personal", "team"]),
  role: workspaceRoleSchema,
  memberCount: z.number().int().nonnegative().optional(),
});
export type WorkspaceSummary = z.infer<typeof workspaceSummarySchema>;

/** GET /api/workspaces: the caller's workspaces. */
export const workspaceListSchema = z.object({ workspaces: z.array(workspaceSummarySchema) });

/** GET /api/workspaces/:id. */
export const workspaceDetailSchema = workspaceSummarySchema.extend({
  members: z.number().int().nonnegative().optional(),
  createdAt: z.string(),
});
export type WorkspaceDetail = z.infer<typeof workspaceDetailSchema>;

export const workspaceMemberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  name: z.string().nullish(),
  role: workspaceRoleSchema,
  joinedAt: z.string(),
});
export type WorkspaceMember = z.infer<typeof workspaceMemberSchema>;
export const workspaceMembersSchema = z.object({ members: z.array(workspaceMemberSchema) });

export const inviteCreateSchema = z.strictObject({
  email: z
    .string({ error: "E-mail is required" })
    .trim()
    .toLowerCase()
    .max(254, { message: "E-mail must be at most 254 characters" })
    .regex(/^[^\s@]+@[^\s@]+\.[^\s@]+$/, { message: "Enter an e-mail address such as ana@agency.example" }),
  role: workspaceRoleSchema,
});
export type InviteCreate = z.input<typeof inviteCreateSchema>;

/** POST /api/workspaces/:id/invites answer: the link is shown to the owner to pass on. */
export const inviteCreatedSchema = z.object({ token: z.string(), url: z.string(), expiresAt: z.string() });
export type InviteCreated = z.infer<typeof inviteCreatedSchema>;

export const pendingInviteSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: workspaceRoleSchema,
  expiresAt: z.string(),
  createdAt: z.string().optional(),
});
export type PendingInvite = z.infer<typeof pendingInviteSchema>;
export const pendingInvitesSchema = z.object({ invites: z.array(pendingInviteSchema) });

/** GET /api/invites/:token: what the invite page shows before sign-in, and nothing more. */
export const inviteInfoSchema = z.object({
  workspaceName: z.string(),
  role: workspaceRoleSchema,
  email: z.string(),
  expiresAt: z.string(),
  state: z.enum(["pending", "accepted", "expired"]),
});
export type InviteInfo = z.infer<typeof inviteInfoSchema>;

/** POST /api/invites/:token/accept answer. */
export const inviteAcceptedSchema = z.object({ workspaceId: z.string(), role: workspaceRoleSchema });

export const auditEntrySchema = z.object({
  /** The entry's id: with its time, the cursor of the next page. */
  id: z.number().int().optional(),
  at: z.string(),
  actor: z.object({ userId: z.string().nullable(), email: z.string().nullable() }).nullable(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.unknown().optional(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = z.object({ entries: z.array(auditEntrySchema) });

/** GET /api/workspaces/:id/usage: each member's reports today against their own daily limit. */
export const memberUsageSchema = z.object({
  userId: z.string(),
  email: z.string(),
  used: z.number().int().nonnegative(),
  limit: z.number().int().nonnegative(),
});
export const workspaceUsageSchema = z.object({ members: z.array(memberUsageSchema) });
