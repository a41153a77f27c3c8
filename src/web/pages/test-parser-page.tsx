import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";
import { ParserDiagnostics } from "../features/diagnostics/components/parser-diagnostics";

/** /test-parser: internal diagnostics of the input parser. */
export function TestParserPage() {
  return (
    <PageContainer className="flex max-w-3xl flex-col gap-6">
      <Seo
        title="Input Parser Test"
        description="Internal diagnostics: how a typed handle, link or name is understood."
        canonical={paths.testParser()}
      />
      <PageHeader
        title="Input Parser Test"
        description="Type a handle, profile link or name and pick a platform to see how the analyser will read it."
      />
      <ParserDiagnostics />
    </PageContainer>
  );
}
