// Acting in a team workspace with a given role (issue #37), for the component tests of write controls.
import type { WorkspaceRole } from "#core/schemas/workspaces";

const TEAM_ID = "22222222-2222-4222-8222-222222222222";

/**
 * Makes the page act in the "Acme" team workspace as `role` and returns the GET /api/workspaces
 * route that says so, to spread into mockSession's extra routes.
 */
export function actingAs(role: WorkspaceRole) {
  window.localStorage.setItem("workspace", TEAM_ID);
  const workspaces = [
    { id: "11111111-1111-4111-8111-111111111111", name: "Personal", kind: "personal", role: "owner" },
    { id: TEAM_ID, name: "Acme", kind: "team", role },
  ];
  return { "GET /api/workspaces": { json: { workspaces } } };
}
