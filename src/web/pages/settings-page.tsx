import { SETTINGS_TEXTS } from "#core/schemas/settings";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { SignInRequired, useSession } from "../features/auth";
import { AdminSettings, ApiKeysPanel } from "../features/settings";

/**
 * /settings, spec §6: anonymous → sign in; signed-in non-admin → refused the admin settings;
 * admin → settings. Every signed-in user also gets Settings → API keys (issue #23,
 * docs/decisions/020-public-api-keys.md).
 */
export function SettingsPage() {
  const { status, isAdmin } = useSession();
  return (
    <PageContainer>
      <Seo title="Settings" description="Application settings." canonical={paths.settings()} />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <SignInRequired title="Settings">{SETTINGS_TEXTS.anonymous}</SignInRequired>
      ) : null}
      {status === "signedIn" && !isAdmin ? (
        <div className="mx-auto flex max-w-md flex-col items-center gap-4 py-16 text-center">
          <h1 className="text-2xl font-bold">Settings</h1>
          <p className="text-muted-foreground" role="alert">
            {SETTINGS_TEXTS.forbidden}
          </p>
        </div>
      ) : null}
      {status === "signedIn" && !isAdmin ? <ApiKeysPanel /> : null}
      {status === "signedIn" && isAdmin ? (
        <div className="flex flex-col gap-8">
          <PageHeader
            title="Settings"
            description="How this installation caches, refreshes and analyses accounts, and its stored data."
          />
          <AdminSettings />
          <ApiKeysPanel isAdmin />
        </div>
      ) : null}
    </PageContainer>
  );
}
