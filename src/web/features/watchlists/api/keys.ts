import { SIGNED_IN_ONLY } from "../../../lib/query-client";

/** Every watchlist query starts with this path, so one invalidation refreshes them all. */
export const WATCHLISTS_PATH = "/api/watchlists";
export const NOTIFICATIONS_PATH = "/api/notifications";
export const signedInOnly = SIGNED_IN_ONLY;
