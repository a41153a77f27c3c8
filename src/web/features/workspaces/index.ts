// The workspaces feature's public surface (issue #37): the top bar's switcher and the pages' views.
export { AuditLog } from "./components/audit-log";
export { InviteView } from "./components/invite-view";
export { WorkspaceSettings } from "./components/workspace-settings";
export { WorkspaceSwitcher } from "./components/workspace-switcher";
