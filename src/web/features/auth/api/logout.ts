import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { api } from "../../../lib/api-client";

export const LOGOUT_PATH = "/api/auth/logout";

/** Ends the session; the server answers a plain "OK". */
export async function logout(): Promise<void> {
  await api.post(LOGOUT_PATH);
}

export function useLogout(options: Omit<UseMutationOptions<void, Error, void>, "mutationFn"> = {}) {
  return useMutation({ ...options, mutationFn: logout });
}
