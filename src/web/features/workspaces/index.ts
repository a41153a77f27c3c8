// The workspaces feature's public surface (issue #37): the pages' views (the top bar lazy-loads the switcher's own file).
export { AuditLog } from "./components/audit-log";
export { InviteView } from "./components/invite-view";
export { WorkspaceSettings } from "./components/workspace-settings";
