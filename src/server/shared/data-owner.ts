/**
 * The owner of user-supplied data (Trust III, issue #33; Teams, issue #37): the workspace it was
 * supplied in, whose members may see it, and the person who supplied it (kept as `supplied_by`).
 * Data without an owner is public (a live source, or an admin). Reads filter by `workspaceId` only.
 */
export interface DataOwner {
  userId: string;
  workspaceId: string;
}
