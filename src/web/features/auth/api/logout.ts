import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";
import { LOGOUT_PATH } from "../../../lib/query-client";

export { LOGOUT_PATH };

/** Ends the session; the server answers a plain "OK". */
export async function logout(): Promise<void> {
  await api.post(LOGOUT_PATH);
}

export function useLogout(options: Omit<UseMutationOptions<void, Error, void>, "mutationFn"> = {}) {
  // The key lets the query client hold back signed-in-only queries while the session ends.
  return useMutation({ ...options, mutationKey: [LOGOUT_PATH], mutationFn: logout });
}
