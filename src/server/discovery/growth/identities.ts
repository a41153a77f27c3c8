/**
 * The identities a creator states (issue #35 item 4): their own profiles on other platforms, linked
 * from their YouTube About page or channel description, bio or external URL. Only stated links are
 * shown ("Also on TikTok @x (linked from their YouTube About page)"); a namesake never is.
 */
import { sql } from "drizzle-orm";
import { canonicalHandle } from "#core/handles";
import type { DiscoveryResult } from "#core/schemas/discovery";
import { type Identity, type StatedIn, statedInLabel } from "#core/schemas/index-growth";
import { PLATFORM_LABELS, type Platform } from "#core/schemas/platform";
import type { AppDb } from "../../db/database";
import { rowsOf } from "../../db/rows";
import { NotFoundError } from "../../errors";
import { textArray } from "../sql";

/**
 * The profiles on other platforms an account states as its own (GET /api/accounts/:username/
 * identities). Only stated links: never a guess by name.
 */
export async function identitiesOf(db: AppDb, username: string, platform?: Platform): Promise<Identity[]> {
  const platforms: Platform[] = platform ? [platform] : ["instagram", "tiktok", "youtube"];
  const handles = platforms.map((p) => canonicalHandle(p, username));
  const accounts = rowsOf<{ id: number; platform: Platform }>(
    await db.execute(sql`
      select id::int as id, platform from accounts
      where username in (${sql.join(
        [...new Set(handles)].map((h) => sql`${h}`),
        sql`, `,
      )}) ${platform ? sql`and platform = ${platform}` : sql``}
      order by id limit 3`),
  );
  if (accounts.length === 0) {
    const where = platform ? ` on ${PLATFORM_LABELS[platform]}` : "";
    throw new NotFoundError(`No account @${username.slice(0, 100)}${where} is in the index.`);
  }
  const rows = rowsOf<IdentityRow>(
    await db.execute(sql`
      select o.platform as owner_platform, o.username as owner_username, i.platform, i.username, i.stated_in,
        exists (select 1 from accounts a where a.platform = i.platform and a.username = i.username) as in_index
      from account_identities i join accounts o on o.id = i.account_id
      where i.account_id in (${sql.join(
        accounts.map((a) => sql`${a.id}`),
        sql`, `,
      )})
      order by i.platform, i.username`),
  );
  return rows.map(identityOf);
}

type IdentityRow = {
  owner_platform: Platform;
  owner_username: string;
  platform: Platform;
  username: string;
  stated_in: StatedIn;
  in_index: boolean;
};

const identityOf = (r: IdentityRow): Identity => ({
  platform: r.platform,
  username: r.username,
  statedIn: r.stated_in,
  label: statedInLabel(r.stated_in, r.owner_platform),
  inIndex: r.in_index,
});

/** Discovery rows with the identities their creators state (one query for the page). */
export async function withIdentities<R extends Pick<DiscoveryResult, "platform" | "username">>(
  db: Pick<AppDb, "execute">,
  results: R[],
): Promise<(R & { identities?: Identity[] })[]> {
  if (results.length === 0) return results;
  // The page's (platform, username) pairs as two array parameters: a literal list of a hundred pairs
  // cost the planner ~9 ms at 1M accounts (one bitmap branch each), the arrays ~1 ms.
  const rows = rowsOf<IdentityRow>(
    await db.execute(sql`
      select o.platform as owner_platform, o.username as owner_username, i.platform, i.username, i.stated_in,
        exists (select 1 from accounts a where a.platform = i.platform and a.username = i.username) as in_index
      from unnest(${textArray(results.map((r) => r.platform))}, ${textArray(
        results.map((r) => canonicalHandle(r.platform, r.username)),
      )}) as k(platform, username)
      join accounts o on o.platform = k.platform and o.username = k.username
      join account_identities i on i.account_id = o.id
      order by i.platform, i.username`),
  );
  if (rows.length === 0) return results;
  const byOwner = new Map<string, Identity[]>();
  for (const r of rows) {
    const key = `${r.owner_platform}:${r.owner_username}`;
    byOwner.set(key, [...(byOwner.get(key) ?? []), identityOf(r)]);
  }
  return results.map((r) => {
    const ids = byOwner.get(`${r.platform}:${canonicalHandle(r.platform, r.username)}`);
    return ids ? { ...r, identities: ids } : r;
  });
}
