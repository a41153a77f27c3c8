import { useParams } from "wouter";
import { PageContainer } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { paths } from "../config/paths";
import { SharedListView } from "../features/lists";

/** /shared/lists/{token}: a shortlist shared by its owner, read-only, no sign-in. */
export function SharedListPage() {
  const { token = "" } = useParams<{ token?: string }>();
  return (
    <PageContainer className="flex flex-col gap-8">
      <Seo
        title="Shared list"
        description="A shortlist of creators shared with you."
        canonical={paths.home()}
      />
      <SharedListView token={token} />
    </PageContainer>
  );
}
