import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { type LoginResponse, loginResponseSchema } from "#core/schemas/auth";
import { api } from "../../../lib/api-client";

export const LOGIN_PATH = "/api/auth/login";

export interface LoginInput {
  /** The Google ID token from Google Identity Services. */
  credential: string;
}

export async function login(input: LoginInput): Promise<LoginResponse> {
  return loginResponseSchema.parse(await api.post(LOGIN_PATH, { credential: input.credential }));
}

export function useLogin(
  options: Omit<UseMutationOptions<LoginResponse, Error, LoginInput>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: login });
}
