import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useEffect, useMemo, useState } from "react";
import { DEFAULT_BRAND_NAME, SiteInfoProvider } from "../components/seo/site-info";
import { ThemeProvider } from "../components/theme/theme-provider";
import { Toaster } from "../components/ui/toaster";
import { enterpriseHref } from "../config/site";
import { reportCountQueryOptions, SessionProvider, SignInDialog } from "../features/auth";
import { configQueryOptions, useConfig } from "../features/config/api/get-config";
import { configureAnalytics } from "../lib/analytics";
import { createQueryClient } from "../lib/query-client";

/** Defaults while GET /api/config is on its way (or if it fails). */
export const FALLBACK_CONFIG = {
  brandName: DEFAULT_BRAND_NAME,
  appUrl: "",
  googleClientId: null,
  devLogin: false,
  aiEnabled: false,
} as const;

function ConfiguredProviders({ children }: { children: ReactNode }) {
  const { data: config } = useConfig();
  const brandName = config?.brandName ?? FALLBACK_CONFIG.brandName;
  const configured = config !== undefined;
  const pixelId = config?.pixelId ?? null;
  useEffect(() => {
    // Analytics go to the pixel only when the server names one (spec §7); until then they wait.
    if (configured) configureAnalytics(pixelId);
  }, [configured, pixelId]);
  const appUrl = config?.appUrl ?? FALLBACK_CONFIG.appUrl;
  // The same object until it changes: every page's metadata reads it.
  const siteInfo = useMemo(() => ({ brandName, appUrl }), [brandName, appUrl]);
  return (
    <SiteInfoProvider value={siteInfo}>
      <SessionProvider brandName={brandName}>
        {children}
        <SignInDialog
          googleClientId={config?.googleClientId ?? FALLBACK_CONFIG.googleClientId}
          devLogin={config?.devLogin ?? FALLBACK_CONFIG.devLogin}
          // The configured number only: while the config is unknown the texts name none.
          userDailyReportLimit={config?.userDailyReportLimit ?? null}
          enterpriseHref={enterpriseHref(brandName, config?.contactEmail)}
        />
        <Toaster />
      </SessionProvider>
    </SiteInfoProvider>
  );
}

/**
 * Starts what every page asks for on mount (the configuration, the session's report count) before the
 * first render, and settles when both have answered: the providers mount with them answered or under
 * way instead of each re-rendering the app as its request starts (decision 028).
 */
export async function prefetchAppData(queryClient: QueryClient): Promise<void> {
  // prefetchQuery never rejects: a failed request is the query's error, shown where it is used.
  await Promise.all([
    queryClient.prefetchQuery(configQueryOptions()),
    queryClient.prefetchQuery(reportCountQueryOptions()),
  ]);
}

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass their own client. */
  queryClient?: QueryClient;
}

export function AppProvider({ children, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <ConfiguredProviders>{children}</ConfiguredProviders>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
