import { Link, useLocation, useParams } from "wouter";
import { PageContainer, PageHeader } from "../components/layout/page-header";
import { Seo } from "../components/seo/seo";
import { PageLoading } from "../components/ui/spinner";
import { paths } from "../config/paths";
import { SignInRequired, showLoginPrompt, useSession } from "../features/auth";
import { AuditLog, InviteView, WorkspaceSettings } from "../features/workspaces";

function WorkspaceSeo({ title }: { title: string }) {
  return <Seo title={title} description="A team workspace." canonical={paths.home()} noindex />;
}

/** /workspaces/:id: a workspace's name, members, invites, usage and deletion (issue #37). */
export function WorkspacePage() {
  const { id = "" } = useParams<{ id?: string }>();
  const { status, user } = useSession();
  const [, navigate] = useLocation();
  return (
    <PageContainer className="flex flex-col gap-8">
      <WorkspaceSeo title="Workspace" />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <SignInRequired title="Sign In to See This Workspace">
          A workspace's lists, members and invites are for its members.
        </SignInRequired>
      ) : null}
      {status === "signedIn" && user ? (
        <>
          <PageHeader
            title="Workspace settings"
            description="Who is in this workspace, what they may do, and who is invited."
          />
          <WorkspaceSettings
            workspaceId={id}
            currentUserId={user.id}
            auditHref={paths.workspaceAudit(id)}
            onGone={() => navigate(paths.lists())}
          />
        </>
      ) : null}
    </PageContainer>
  );
}

/** /workspaces/:id/audit: who did what when in the workspace (owners; kept 365 days). */
export function WorkspaceAuditPage() {
  const { id = "" } = useParams<{ id?: string }>();
  const { status } = useSession();
  return (
    <PageContainer className="flex flex-col gap-8">
      <WorkspaceSeo title="Audit log" />
      {status === "loading" ? <PageLoading /> : null}
      {status === "signedOut" ? (
        <SignInRequired title="Sign In to See the Audit Log">
          A workspace's audit log is for its owners.
        </SignInRequired>
      ) : null}
      {status === "signedIn" ? (
        <>
          <PageHeader
            title="Audit log"
            description="Who added, removed, exported, shared, invited, changed a role or created a key, and when. Kept 365 days."
          >
            <Link href={paths.workspace(id)} className="text-sm underline underline-offset-2">
              Back to the workspace
            </Link>
          </PageHeader>
          <AuditLog workspaceId={id} />
        </>
      ) : null}
    </PageContainer>
  );
}

/** /invite/:token: an invitation to a workspace, accepted by the invited address once signed in. */
export function InvitePage() {
  const { token = "" } = useParams<{ token?: string }>();
  const { status, user } = useSession();
  const [, navigate] = useLocation();
  return (
    <PageContainer className="flex flex-col gap-8">
      <Seo title="Invitation" description="An invitation to a workspace." canonical={paths.home()} noindex />
      {status === "loading" ? (
        <PageLoading />
      ) : (
        <InviteView
          token={token}
          signedInAs={user?.email ?? null}
          onSignIn={() => showLoginPrompt("required")}
          onAccepted={() => navigate(paths.lists())}
        />
      )}
    </PageContainer>
  );
}
