import { type UseMutationOptions, useMutation } from "@tanstack/react-query";
import { type LoginResponse, loginResponseSchema } from "#core/schemas/auth";
import { api } from "../../../lib/api-client";

export const DEV_LOGIN_PATH = "/api/auth/dev-login";

export interface DevLoginInput {
  email: string;
}

/** Development sign-in (server started with DEV_LOGIN=1). */
export async function devLogin(input: DevLoginInput): Promise<LoginResponse> {
  return loginResponseSchema.parse(await api.post(DEV_LOGIN_PATH, { email: input.email }));
}

export function useDevLogin(
  options: Omit<UseMutationOptions<LoginResponse, Error, DevLoginInput>, "mutationFn"> = {},
) {
  return useMutation({ ...options, mutationFn: devLogin });
}
