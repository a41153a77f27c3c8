import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import type { LoginResponse } from "#core/schemas/auth";
import { api } from "../../../lib/api-client";
import { authSchemas, parseWhenLoaded } from "../../../lib/parse-when-loaded";

export const LOGIN_PATH = "/api/auth/login";

export interface LoginInput {
  /** The Google ID token from Google Identity Services. */
  credential: string;
}

export async function login(input: LoginInput): Promise<LoginResponse> {
  return parseWhenLoaded(
    api.post(LOGIN_PATH, { credential: input.credential }),
    authSchemas().then((m) => m.loginResponseSchema),
  );
}

export function useLogin(
  options: Omit<UseMutationOptions<LoginResponse, Error, LoginInput>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: login });
}
