/** The account columns every discovery and finder row shows, shared by both searches. */
import { sql } from "drizzle-orm";
import type { MarketBasis } from "#core/markets/basis";
import type { AccountOrigin } from "#core/schemas/account-origin";

/** An account of the index as a result row shows it (columns of `accounts a`). */
export interface IndexRow {
  username: string;
  platform: string;
  name: string;
  verified: boolean;
  followers: number | string;
  industry: string;
  bio: string;
  engagement_rate: number | null;
  countries: string[] | null;
  is_sample: boolean;
  /** The newest report's source ("web-search": the model's estimate). */
  source: string;
  /** What each country rests on (empty when not recorded). */
  market_basis: MarketBasis[] | null;
  /** Where the row came from and when its figures were read (issue #35). */
  origin: AccountOrigin;
  last_fetched_at: Date | string | null;
  last_analyzed_at: Date | string | null;
}

/** The select list of IndexRow, for the row aliased `a`. */
export const INDEX_COLUMNS = sql`a.username, a.platform, a.name, a.verified, a.followers, a.industry, a.bio,
           a.engagement_rate, a.countries, a.is_sample, a.source, a.market_basis, a.origin, a.last_fetched_at,
           a.last_analyzed_at`;
