import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { useConfig } from "../features/config/api/get-config";
import { AdsenseDiagnostics } from "../features/diagnostics/components/adsense-diagnostics";

/** /adsense-test: internal ad diagnostics. */
export function AdsenseTestPage() {
  const config = useConfig();
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <Seo
        title="AdSense Diagnostics"
        description="Internal diagnostics for the advertisement slot."
        canonical={paths.adsenseTest()}
      />
      <PageHeader
        title="AdSense Diagnostics"
        description="Checks the ad script, ads.txt, ad blockers, console errors, ad-server connectivity and the domain."
      />
      {config.isPending ? (
        <PageLoading />
      ) : (
        <AdsenseDiagnostics clientId={config.data?.adsenseClientId ?? null} />
      )}
    </PageContainer>
  );
}
