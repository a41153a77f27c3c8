// The settings feature's public surface (the settings page composes it).
export { settingsQueryOptions, useSettings } from "./api/get-settings";
export { AdminSettings } from "./components/admin-settings";
export { API_KEYS_TITLE, ApiKeysPanel } from "./components/api-keys-panel";
export { DELETE_DIALOG_TITLE } from "./components/data-actions";
