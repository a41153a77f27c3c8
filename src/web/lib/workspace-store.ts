/**
 * The workspace the web app acts in (issue #37): remembered in localStorage, taken from the URL's
 * `?workspace=` when a link names one, and sent by api-client.ts as `X-Workspace` on every API call
 * that does not name its workspace itself. Null means the caller's personal workspace (the server's
 * default when no header is sent).
 */

export const WORKSPACE_HEADER = "X-Workspace";
export const WORKSPACE_PARAM = "workspace";
const STORAGE_KEY = "workspace";
/** A workspace id as the server makes them (a UUID); anything else in storage or a URL is ignored. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

let current: string | null | undefined;
const listeners = new Set<() => void>();

function readStorage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

function initial(): string | null {
  if (typeof window === "undefined") return null;
  const fromUrl = new URLSearchParams(window.location.search).get(WORKSPACE_PARAM);
  if (fromUrl && ID.test(fromUrl)) {
    remember(fromUrl);
    return fromUrl;
  }
  const stored = readStorage();
  return stored && ID.test(stored) ? stored : null;
}

function remember(id: string | null) {
  try {
    if (id) window.localStorage.setItem(STORAGE_KEY, id);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts until the tab closes.
  }
}

export function currentWorkspaceId(): string | null {
  if (current === undefined) current = initial();
  return current;
}

/** Switches the acting workspace (null: the personal one); keeps a `?workspace=` in the URL in step. */
export function setCurrentWorkspaceId(id: string | null): void {
  const next = id && ID.test(id) ? id : null;
  if (next === currentWorkspaceId()) return;
  current = next;
  remember(next);
  if (typeof window !== "undefined") {
    const url = new URL(window.location.href);
    if (url.searchParams.has(WORKSPACE_PARAM)) {
      if (next) url.searchParams.set(WORKSPACE_PARAM, next);
      else url.searchParams.delete(WORKSPACE_PARAM);
      window.history.replaceState(window.history.state, "", url);
    }
  }
  for (const listener of listeners) listener();
}

export function subscribeWorkspace(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Test helper: forget the in-memory choice so the next read starts from the URL and storage. */
export function resetWorkspaceStore(): void {
  current = undefined;
}

/**
 * API calls that carry no X-Workspace: those that name their workspace in the path, list or create
 * workspaces, read invites, or concern the person rather than a workspace (sign-in, config, quota).
 */
export function sendsWorkspaceHeader(path: string): boolean {
  const pathname = path.split("?")[0] ?? path;
  return !(
    pathname.startsWith("/api/workspaces") ||
    pathname.startsWith("/api/invites/") ||
    pathname.startsWith("/api/auth/") ||
    pathname === "/api/config" ||
    pathname === "/api/reports/count"
  );
}
