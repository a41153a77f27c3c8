// The auth feature's public surface (pages and the app shell import from here).
export { useDevLogin } from "./api/dev-login";
export { useMe } from "./api/get-me";
export {
  incrementReportCount,
  reportCountQueryKey,
  reportCountQueryOptions,
  useReportCount,
} from "./api/get-report-count";
export { useLogin } from "./api/login";
export { useLogout } from "./api/logout";
export {
  type SessionContextValue,
  SessionProvider,
  type SessionStatus,
  useSession,
} from "./components/session-provider";
export { SignInControl } from "./components/sign-in-control";
export { SignInDialog } from "./components/sign-in-dialog";
export { SignInRequired } from "./components/sign-in-required";
export { showLoginPrompt } from "./lib/sign-in-prompt";
