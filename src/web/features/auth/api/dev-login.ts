import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { LoginResponse } from "#core/schemas/auth";
import { api } from "../../../lib/api-client";
import { authSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";

export const DEV_LOGIN_PATH = "/api/auth/dev-login";

export interface DevLoginInput {
  email: string;
}

/** Development sign-in (server started with DEV_LOGIN=1). */
export async function devLogin(input: DevLoginInput): Promise<LoginResponse> {
  return parseWhenLoaded(
    api.post(DEV_LOGIN_PATH, { email: input.email }),
    authSchemas().then((m) => m.loginResponseSchema),
  );
}

export function useDevLogin(
  options: Omit<UseMutationOptions<LoginResponse, Error, DevLoginInput>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: devLogin });
}
