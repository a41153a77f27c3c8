import { CheckCircle2, LogIn } from "lucide-react";
import { formatDate } from "#core/format";
import { WORKSPACE_ROLE_TEXTS } from "#core/schemas/workspaces";
import { Alert, AlertDescription, AlertTitle, ErrorText } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../../components/ui/card";
import { PageLoading, Spinner } from "../../../components/ui/spinner";
import { isApiError } from "../../../lib/api-client";
import { useSwitchWorkspace } from "../../../lib/workspace";
import { useAcceptInvite, useInvite } from "../api/invites";

export interface InviteViewProps {
  token: string;
  /** The signed-in user's address, or null for a visitor. */
  signedInAs: string | null;
  onSignIn: () => void;
  /** After accepting: the page opens the workspace. */
  onAccepted: (workspaceId: string) => void;
}

/**
 * /invite/:token (issue #37): which workspace and role the link offers, to whom, until when; a visitor
 * signs in first; "Accept" joins and switches to the workspace. A used, expired or someone else's
 * link says so.
 */
export function InviteView({ token, signedInAs, onSignIn, onAccepted }: InviteViewProps) {
  const invite = useInvite(token);
  const accept = useAcceptInvite(token);
  const switchTo = useSwitchWorkspace();
  if (invite.isPending) return <PageLoading />;
  if (invite.isError) {
    const missing = isApiError(invite.error) && invite.error.status === 404;
    return (
      <ErrorText>
        {missing
          ? "This invite link is not valid. Check that you copied all of it, or ask for a new one."
          : invite.error.message}
      </ErrorText>
    );
  }
  const info = invite.data;
  const wrongAddress = signedInAs !== null && signedInAs.toLowerCase() !== info.email.toLowerCase();
  return (
    <Card className="mx-auto max-w-lg">
      <CardHeader>
        <CardTitle>Join {info.workspaceName}</CardTitle>
        <CardDescription>
          An invitation for <strong>{info.email}</strong> as <strong>{info.role}</strong> (
          {WORKSPACE_ROLE_TEXTS[info.role].split(": ")[1]}).
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {info.state === "accepted" ? (
          <Alert variant="warning" data-testid="invite-state">
            <AlertDescription>
              This invite has already been used. Each link works once: ask an owner of {info.workspaceName}{" "}
              for a new one if you still need to join.
            </AlertDescription>
          </Alert>
        ) : null}
        {info.state === "expired" ? (
          <Alert variant="warning" data-testid="invite-state">
            <AlertDescription>
              This invite expired on {formatDate(info.expiresAt)}. Ask an owner of {info.workspaceName} for a
              new one.
            </AlertDescription>
          </Alert>
        ) : null}
        {info.state === "pending" ? (
          <>
            <p className="text-sm text-muted-foreground">Valid until {formatDate(info.expiresAt)}.</p>
            {signedInAs === null ? (
              <Button className="w-fit" onClick={onSignIn}>
                <LogIn aria-hidden="true" /> Sign in as {info.email} to accept
              </Button>
            ) : null}
            {wrongAddress ? (
              <Alert variant="warning" data-testid="invite-wrong-address">
                <AlertTitle>This invite is for {info.email}</AlertTitle>
                <AlertDescription>
                  You are signed in as {signedInAs}. Sign out and sign in as {info.email}, or ask the owner to
                  invite {signedInAs}.
                </AlertDescription>
              </Alert>
            ) : null}
            {signedInAs !== null && !wrongAddress ? (
              <Button
                className="w-fit"
                disabled={accept.isPending}
                onClick={() =>
                  accept.mutate(undefined, {
                    onSuccess: async ({ workspaceId }) => {
                      await switchTo(workspaceId);
                      onAccepted(workspaceId);
                    },
                  })
                }
              >
                {accept.isPending ? <Spinner label="Joining" /> : <CheckCircle2 aria-hidden="true" />}
                Accept and open {info.workspaceName}
              </Button>
            ) : null}
            {accept.isError ? <ErrorText>{accept.error.message}</ErrorText> : null}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
