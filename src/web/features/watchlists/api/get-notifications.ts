import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { notificationListSchema } from "#core/schemas/growth";
import { api } from "../../../lib/api-client";
import { NOTIFICATIONS_PATH, signedInOnly } from "./keys";

/** GET /api/notifications — the user's alerts, newest first, with the unread count. */
export async function getNotifications(signal?: AbortSignal) {
  return notificationListSchema.parse(await api.get(NOTIFICATIONS_PATH, { signal }));
}

/** Polled once a minute while signed in (alerts arrive from background refreshes). */
export function notificationsQueryOptions() {
  return queryOptions({
    queryKey: [NOTIFICATIONS_PATH],
    queryFn: ({ signal }) => getNotifications(signal),
    refetchInterval: 60_000,
    meta: signedInOnly,
  });
}

export function useNotifications({ enabled }: { enabled: boolean }) {
  return useQuery({ ...notificationsQueryOptions(), enabled });
}

/** POST /api/notifications/read {ids?} — marks them (all without ids) read. */
export async function markNotificationsRead(ids?: number[]) {
  return notificationListSchema.parse(await api.post(`${NOTIFICATIONS_PATH}/read`, ids ? { ids } : {}));
}

export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (list) => queryClient.setQueryData([NOTIFICATIONS_PATH], list),
  });
}
