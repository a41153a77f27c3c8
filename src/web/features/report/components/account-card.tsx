import { BadgeCheck, ExternalLink, FlaskConical, Globe, Link2, Lock, ShieldQuestion } from "lucide-react";
import { type ReactNode, useState } from "react";
import { formatDate, formatFollowers } from "#core/format";
import type { Account } from "#core/schemas/account";
import { PLATFORM_LABELS } from "#core/schemas/platform";
import { Alert, AlertDescription, AlertTitle } from "../../../components/ui/alert";
import { Badge } from "../../../components/ui/badge";
import { Card, CardContent } from "../../../components/ui/card";
import { ToneBadge } from "../../../components/ui/tone-badge";
import { formatCount, initialsOf, profileUrl } from "../lib/report-fields";
import { ProvenanceMark } from "./provenance-mark";

function Avatar({ account }: { account: Account }) {
  const [failed, setFailed] = useState(false);
  const initials = initialsOf(account.name, account.username);
  if (account.avatarUrl && !failed) {
    return (
      <img
        src={account.avatarUrl}
        alt=""
        width={72}
        height={72}
        referrerPolicy="no-referrer"
        onError={() => setFailed(true)}
        className="size-18 shrink-0 rounded-full border object-cover"
      />
    );
  }
  return (
    <div
      aria-hidden="true"
      data-testid="avatar-initials"
      className="flex size-18 shrink-0 items-center justify-center rounded-full bg-secondary text-xl font-semibold text-secondary-foreground"
    >
      {initials}
    </div>
  );
}

/** A web address without its scheme and trailing slash, as people write it ("linktr.ee/cook"). */
function displayAddress(href: string): string {
  return href.replace(/^https?:\/\//, "").replace(/\/$/, "");
}

/** Who the account is: avatar, name, handle, platform, verified and private flags, followers, freshness. */
export function AccountCard({ account, actions }: { account: Account; actions?: ReactNode }) {
  const platform = PLATFORM_LABELS[account.platform];
  return (
    <Card className="report-card">
      <CardContent className="flex flex-col gap-5 p-5 sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
          <Avatar account={account} />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="truncate text-2xl font-bold tracking-tight">
                {account.name || `@${account.username}`}
              </h2>
              {account.isSample ? (
                <Badge variant="secondary" data-testid="sample-badge" className="gap-1">
                  <FlaskConical className="size-3.5" aria-hidden="true" />
                  Sample data
                </Badge>
              ) : null}
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
              <span className="font-medium text-foreground">@{account.username}</span>
              <span>{platform}</span>
              {account.industry ? <span>{account.industry}</span> : null}
              {account.accountType ? <span>{account.accountType} account</span> : null}
            </p>
            <ul aria-label="Account status" className="flex flex-wrap gap-2">
              <li>
                {account.verified ? (
                  <ToneBadge tone="good" className="gap-1">
                    <BadgeCheck className="size-3.5" aria-hidden="true" />
                    Verified
                  </ToneBadge>
                ) : (
                  <Badge variant="outline" className="gap-1">
                    <ShieldQuestion className="size-3.5" aria-hidden="true" />
                    Not Verified
                  </Badge>
                )}
              </li>
              <li>
                {account.isPrivate ? (
                  <ToneBadge tone="warning" className="gap-1">
                    <Lock className="size-3.5" aria-hidden="true" />
                    Private
                  </ToneBadge>
                ) : (
                  <Badge variant="outline" className="gap-1">
                    <Globe className="size-3.5" aria-hidden="true" />
                    Public
                  </Badge>
                )}
              </li>
            </ul>
            {account.bio ? (
              <p className="max-w-2xl whitespace-pre-line text-sm text-muted-foreground">{account.bio}</p>
            ) : null}
            {account.externalUrl ? (
              <p className="min-w-0 text-sm">
                <a
                  href={account.externalUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow ugc"
                  data-testid="creator-website"
                  className="inline-flex max-w-full items-center gap-1 font-medium text-primary underline-offset-2 hover:underline"
                >
                  <Link2 className="size-3.5 shrink-0" aria-hidden="true" />
                  <span className="truncate">{displayAddress(account.externalUrl)}</span>
                  <span className="sr-only">(the creator's website, opens in a new tab)</span>
                </a>
              </p>
            ) : null}
          </div>
          <div className="flex flex-row items-start gap-6 sm:flex-col sm:items-end sm:text-right">
            <div>
              <p className="text-sm text-muted-foreground">Followers</p>
              <p className="flex items-center gap-2 sm:justify-end">
                <span
                  className="text-3xl font-bold tabular-nums"
                  title={`${formatCount(account.followers)} followers`}
                  data-testid="followers"
                >
                  {formatFollowers(account.followers)}
                </span>
                <ProvenanceMark provenance={account.provenance.followers} subject="Followers" />
              </p>
            </div>
            <p className="text-xs text-muted-foreground">
              Last updated: <time dateTime={account.lastUpdated}>{formatDate(account.lastUpdated)}</time>
            </p>
          </div>
        </div>
        {actions ? (
          <div className="flex flex-wrap gap-2" data-print="hide">
            {actions}
          </div>
        ) : null}
        {account.isSample ? (
          <Alert variant="info">
            <FlaskConical className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <AlertTitle>Sample data</AlertTitle>
              <AlertDescription>
                This is a generated sample creator, not a real {platform} account. Its posts are made up, so
                every figure in this report only shows how the analysis works.
              </AlertDescription>
            </div>
          </Alert>
        ) : null}
        {account.isPrivate ? (
          <Alert variant="warning" data-testid="private-alert">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            <div>
              <AlertTitle>This account is private</AlertTitle>
              <AlertDescription>
                <p>
                  Its posts cannot be scanned, so engagement, content and value figures are not available.
                  Only the public profile was read.
                </p>
                <p>
                  <a
                    href={profileUrl(account)}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-2"
                  >
                    View the profile on {platform}
                    <ExternalLink className="size-3.5" aria-hidden="true" />
                    <span className="sr-only">(opens in a new tab)</span>
                  </a>
                </p>
              </AlertDescription>
            </div>
          </Alert>
        ) : null}
      </CardContent>
    </Card>
  );
}
