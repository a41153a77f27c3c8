import { type Query, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useSyncExternalStore } from "react";
import type { WorkspaceSummary } from "#core/schemas/workspaces";
import { api } from "./api-client";
import { parseWhenLoaded } from "./parse-when-loaded";
import { ME_PATH, SIGNED_IN_ONLY } from "./query-client";
import { currentWorkspaceId, setCurrentWorkspaceId, subscribeWorkspace } from "./workspace-store";

/** GET /api/workspaces: the signed-in caller's workspaces with their role in each. */
export const WORKSPACES_PATH = "/api/workspaces";

/** The hint beside a write control a viewer cannot use (issue #37). */
export const VIEWER_HINT = "Viewers can read and export. Ask an owner of this workspace for editor rights.";

export async function getWorkspaces(signal?: AbortSignal): Promise<WorkspaceSummary[]> {
  // The schema loads with the answer: pages with a write control (the report's among them) import
  // this module, and building the workspace schemas would otherwise be part of evaluating them.
  const list = await parseWhenLoaded(
    api.get(WORKSPACES_PATH, { signal }),
    import("#core/schemas/workspaces").then((m) => m.workspaceListSchema),
  );
  return list.workspaces;
}

export function workspacesQueryOptions() {
  return queryOptions({
    queryKey: [WORKSPACES_PATH],
    queryFn: ({ signal }) => getWorkspaces(signal),
    meta: SIGNED_IN_ONLY,
  });
}

/** The acting workspace's id (null: the personal one); re-renders when it changes. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(subscribeWorkspace, currentWorkspaceId, () => null);
}

export interface ActingWorkspace {
  /** The workspace calls act in; undefined while the list loads (or for visitors). */
  workspace: WorkspaceSummary | undefined;
  workspaces: WorkspaceSummary[];
  /** False only when the caller is known to be a viewer here. */
  canWrite: boolean;
  isOwner: boolean;
}

/**
 * The signed-in caller's workspaces and the one they act in: the remembered one when they are still
 * a member of it, else their personal workspace.
 */
export function useActingWorkspace({ enabled = true }: { enabled?: boolean } = {}): ActingWorkspace {
  const id = useCurrentWorkspaceId();
  const list = useQuery({ ...workspacesQueryOptions(), enabled });
  const workspaces = list.data ?? [];
  const workspace =
    workspaces.find((w) => w.id === id) ?? workspaces.find((w) => w.kind === "personal") ?? workspaces[0];
  return {
    workspace,
    workspaces,
    canWrite: workspace?.role !== "viewer",
    isOwner: workspace?.role === "owner",
  };
}

/** Answers kept across a switch: who the caller is, the site's config, their own quota, the list. */
const PERSONAL_KEYS = new Set([ME_PATH, "/api/config", "/api/reports/count", WORKSPACES_PATH]);
const workspaceScoped = (query: Query) => !PERSONAL_KEYS.has(String(query.queryKey[0]));

/**
 * Switches the acting workspace and resets every cached answer that belongs to a workspace, so no
 * list of the old one is shown under the new one's name.
 */
export function useSwitchWorkspace() {
  const queryClient = useQueryClient();
  return useCallback(
    async (id: string | null) => {
      if (id === currentWorkspaceId()) return;
      await queryClient.cancelQueries({ predicate: workspaceScoped });
      setCurrentWorkspaceId(id);
      await queryClient.resetQueries({ predicate: workspaceScoped });
    },
    [queryClient],
  );
}
