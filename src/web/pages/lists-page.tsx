import { useLocation, useParams } from "wouter";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { SignInRequired, useSession } from "../features/auth";
import { ListsView } from "../features/lists";
import { LookalikesPanel } from "../features/similar";
import { renderCreatorActions } from "./creator-actions";

/** /lists and /lists/{id}: shortlists with notes and statuses, exports and client links (needs sign-in). */
export function ListsPage() {
  const { status } = useSession();
  const params = useParams<{ id?: string }>();
  const [, navigate] = useLocation();
  const openId = params.id && /^\d+$/.test(params.id) ? Number(params.id) : null;
  return (
    <PageContainer className="flex max-w-[90rem] flex-col gap-8">
      <Seo
        title="Lists"
        description="Your shortlists of creators: notes, statuses, totals, exports and client links."
        canonical={paths.lists()}
      />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <SignInRequired title="Sign In to Use Lists">
          Shortlists are kept with your account and private to you.
        </SignInRequired>
      ) : null}
      {status === "signedIn" ? (
        <>
          <PageHeader
            title="Lists"
            description="Shortlist creators for a campaign, keep notes and where each one stands, export the list or share it with a client."
          />
          <ListsView
            openId={openId}
            onOpen={(id) => navigate(paths.lists(id ?? undefined))}
            renderListExtra={(list) => (
              <LookalikesPanel listId={list.id} creators={list.items} renderActions={renderCreatorActions} />
            )}
          />
        </>
      ) : null}
    </PageContainer>
  );
}
