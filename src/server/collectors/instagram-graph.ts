/**
 * Instagram Graph API `business_discovery` collector (data-sources.md §2b). Works only for
 * business/creator targets and needs an operator's token + IG business account id; for anything it
 * cannot see it returns null so the public web collector can try.
 */
import { z } from "zod";
import { stripAt } from "#core/handles";
import type { ProfileSnapshot, SnapshotPost } from "#core/schemas/snapshot";
import { RateLimitedError, SourceAuthError } from "../errors";
import type { HttpClient } from "./http";
import type { Collector, CollectorLogger } from "./types";
import { parseUpstreamJson, type UpstreamContext, upstreamChanged } from "./upstream-json";

const SERVICE = "Instagram";
/** The default Graph API version (INSTAGRAM_GRAPH_VERSION overrides it). */
export const GRAPH_API_VERSION = "v24.0";
const MEDIA_LIMIT = 30;

const mediaSchema = z.looseObject({
  id: z.string(),
  caption: z.string().nullish(),
  like_count: z.number().nullish(),
  comments_count: z.number().nullish(),
  media_type: z.string().nullish(),
  media_product_type: z.string().nullish(),
  timestamp: z.string(),
  permalink: z.string().nullish(),
});

const discoverySchema = z.looseObject({
  business_discovery: z.looseObject({
    id: z.string().optional(),
    username: z.string(),
    name: z.string().nullish(),
    biography: z.string().nullish(),
    website: z.string().nullish(),
    profile_picture_url: z.string().nullish(),
    followers_count: z.number(),
    follows_count: z.number().nullish(),
    media_count: z.number().nullish(),
    media: z.looseObject({ data: z.array(mediaSchema).default([]) }).nullish(),
  }),
});

const graphErrorSchema = z.looseObject({
  error: z.looseObject({
    message: z.string().optional(),
    type: z.string().optional(),
    code: z.number().optional(),
    error_subcode: z.number().optional(),
  }),
});

/** Graph's throttling codes (app, user, page, custom-rate, BUC). */
const RATE_LIMIT_CODES = new Set([4, 17, 32, 613, 80002]);

export interface InstagramGraphOptions {
  http: HttpClient;
  baseUrl: string;
  accessToken?: string;
  businessAccountId?: string;
  /** Graph API version path segment, e.g. "v24.0" (INSTAGRAM_GRAPH_VERSION). */
  version?: string;
  logger?: CollectorLogger;
}

export interface InstagramGraphCollectorOptions extends InstagramGraphOptions {
  now?: () => number;
}

/** An operator's token and business account: what every Graph call needs. */
export function graphConfigured(
  o: InstagramGraphOptions,
): o is InstagramGraphOptions & { accessToken: string; businessAccountId: string } {
  return Boolean(o.accessToken && o.businessAccountId);
}

/**
 * One Graph API GET of `/{version}/{path}`: the JSON body, or null when Graph says the object is not
 * there or not visible to business_discovery (codes 100 and 110, subcode 2207013). A rate limit, a
 * token or permission problem, or any other answer throws with what the operator should do.
 */
export async function graphGet(
  options: InstagramGraphOptions & { accessToken: string },
  path: string,
  params: Record<string, string>,
  ctx: UpstreamContext,
  signal?: AbortSignal,
): Promise<string | null> {
  const base = options.baseUrl.replace(/\/+$/, "");
  const qs = new URLSearchParams({ ...params, access_token: options.accessToken });
  const res = await options.http.request({
    url: `${base}/${options.version ?? GRAPH_API_VERSION}/${path}?${qs}`,
    service: SERVICE,
    subject: ctx.subject,
    headers: { accept: "application/json" },
    signal,
  });
  if (res.status === 200) return res.body;
  const err = graphErrorSchema.safeParse(safeJson(res.body));
  const code = err.success ? err.data.error.code : undefined;
  const subcode = err.success ? err.data.error.error_subcode : undefined;
  if (code !== undefined && RATE_LIMIT_CODES.has(code))
    throw new RateLimitedError(
      "Instagram's API is rate limiting us (request limit reached); try again in about an hour",
      3600,
    );
  if (code === 190 || code === 102 || code === 10 || code === 200) {
    options.logger?.warn(
      { service: SERVICE, code, subcode },
      "Instagram Graph API rejected the access token or permissions. Renew INSTAGRAM_ACCESS_TOKEN",
    );
    // Said to the user and shown to the admin (/api/admin/sources), never a silent fallback.
    throw new SourceAuthError(
      code === 190 || code === 102
        ? "The Instagram Graph API token has expired or is invalid, so this server cannot read Instagram through the official API. The administrator must renew INSTAGRAM_ACCESS_TOKEN."
        : `The Instagram Graph API token lacks the permissions ${ctx.what} needs (instagram_basic, pages_read_engagement). The administrator must grant them or renew INSTAGRAM_ACCESS_TOKEN.`,
    );
  }
  // Not found, or a personal (non-business) account business_discovery cannot see.
  if (code === 110 || code === 100 || subcode === 2207013) return null;
  throw upstreamChanged(ctx, res.body, `HTTP ${res.status} code ${code ?? "?"}`);
}

const PROFILE_FIELDS =
  "followers_count,follows_count,media_count,name,biography,username,profile_picture_url,website";

/** A handle safe to put into a field expansion; null otherwise. */
function expandableHandle(rawHandle: string): string | null {
  const handle = stripAt(rawHandle);
  return /^[A-Za-z0-9._]{1,30}$/.test(handle) ? handle : null;
}

function profileSnapshot(
  bd: z.output<typeof discoverySchema>["business_discovery"],
  fetchedAt: string,
): ProfileSnapshot {
  return {
    platform: "instagram",
    username: bd.username,
    name: bd.name ?? "",
    bio: bd.biography ?? "",
    verified: null, // not exposed by business_discovery: unknown, not "no"
    isPrivate: false,
    avatarUrl: bd.profile_picture_url ?? null,
    externalUrl: bd.website ?? null,
    followers: bd.followers_count,
    following: bd.follows_count ?? null,
    postsCount: bd.media_count ?? null,
    fetchedAt,
    source: "instagram-graph",
    posts: (bd.media?.data ?? []).map(mediaToPost),
    isBusiness: true,
    platformUserId: bd.id ?? null,
  };
}

/**
 * business_discovery of one handle: its profile figures (and, with `mediaLimit`, its latest posts),
 * or null when it is not a business or creator account Graph shows.
 */
export async function businessDiscovery(
  options: InstagramGraphOptions,
  rawHandle: string,
  {
    signal,
    mediaLimit = 0,
    now = Date.now,
  }: { signal?: AbortSignal; mediaLimit?: number; now?: () => number },
): Promise<ProfileSnapshot | null> {
  if (!graphConfigured(options)) return null;
  const handle = expandableHandle(rawHandle);
  if (handle === null) return null;
  const ctx: UpstreamContext = {
    service: SERVICE,
    subject: `@${handle}`,
    what: "business_discovery",
    logger: options.logger,
  };
  const media =
    mediaLimit > 0
      ? `,media.limit(${mediaLimit}){caption,like_count,comments_count,media_type,media_product_type,timestamp,permalink}`
      : "";
  const body = await graphGet(
    options,
    encodeURIComponent(options.businessAccountId),
    { fields: `business_discovery.username(${handle}){${PROFILE_FIELDS}${media}}` },
    ctx,
    signal,
  );
  if (body === null) return null;
  const parsed = parseUpstreamJson(discoverySchema, body, ctx);
  return profileSnapshot(parsed.business_discovery, new Date(now()).toISOString());
}

/** "+0000" offsets → ISO 8601 with a colon, which Date.parse accepts everywhere. */
function normaliseTimestamp(ts: string): string {
  const d = new Date(ts.replace(/([+-]\d{2})(\d{2})$/, "$1:$2"));
  return Number.isNaN(d.getTime()) ? ts : d.toISOString();
}

function mediaToPost(m: z.output<typeof mediaSchema>): SnapshotPost {
  const type =
    m.media_product_type === "REELS"
      ? "reel"
      : m.media_type === "CAROUSEL_ALBUM"
        ? "carousel"
        : m.media_type === "VIDEO"
          ? "video"
          : "photo";
  return {
    id: m.id,
    type,
    caption: m.caption ?? null,
    postedAt: normaliseTimestamp(m.timestamp),
    likes: m.like_count ?? null, // absent when the owner hides like counts
    comments: m.comments_count ?? null,
    ...(m.permalink ? { url: m.permalink } : {}),
  };
}

export function createInstagramGraphCollector(options: InstagramGraphCollectorOptions): Collector {
  return {
    id: "instagram-graph",
    official: true,
    kind: "live",
    platforms: ["instagram"],
    async fetchSnapshot(platform, rawHandle, { signal }) {
      if (platform !== "instagram") return null;
      return businessDiscovery(options, rawHandle, { signal, mediaLimit: MEDIA_LIMIT, now: options.now });
    },
  };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
