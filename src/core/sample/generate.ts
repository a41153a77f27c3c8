/**
 * Deterministic sample creators (source "sample") for demos, discovery and benchmarks.
 * Pure: everything comes from the seed and the given `now`; no Math.random, no clock.
 *
 * Each account i is generated from its own sub-seeds (hash of seed and i), so one account can be
 * rebuilt without the others. Handles are made unique by a cheap sequential pass over the name
 * parts of accounts 0…i, which is the same for any `count` ≥ i + 1 (prefix-stable).
 *
 * Speed: ~2M posts (100K accounts × 12–30) take a few seconds; strings are built from cached,
 * shared pieces (see `caption`, `isoSeconds`) because allocation and GC dominate at that size.
 *
 * Distributions (see the constants below):
 * - followers: truncated power law (Pareto, α = 0.55) from 1K to 50M: ~70% nano (<10K), ~2% over 1M,
 *   every tier populated; YouTube subscriber counts are rounded to 3 significant figures, as the
 *   platform shows them.
 * - engagement by tier (nano <10K, micro <100K, mid <500K, macro <1M, mega ≥1M):
 *   Instagram (likes+comments)/followers median 4.5% → 1.1%; TikTok views/followers 1.1 → 0.1 with
 *   engagement by views 9.5% → 4.5% and heavy viral tails; YouTube views/subscribers 30% → 6% with
 *   engagement by views 5% → 2.5%.
 * - 0.5–14 posts a week (platform medians 3 / 5 / 1.5), ~4% dormant accounts, Reels/photos/carousels,
 *   Shorts/long-form/live with durations, ~2% private, ~3% hidden likes, tier-dependent sponsorship.
 */

import { stripAt } from "../handles";
import { HANDLE_MAX_LENGTH } from "../parser/rules";
import type { Platform } from "../schemas/platform";
import type { PostType, ProfileSnapshot, SnapshotPost } from "../schemas/snapshot";
import { INDUSTRIES, type Industry } from "../taxonomy";
import { INDUSTRY_BANKS, type IndustryBank } from "./industries";
import { LANGUAGE_BANKS, type LanguageBank, SAMPLE_LANGUAGES, type SampleLanguage } from "./languages";
import { hashInts, mulberry32, type Rng } from "./prng";

export interface SampleOptions {
  seed: number;
  /** The moment the sample was "fetched": posts are dated before it. */
  now: Date;
  /** Posts per public account: a fixed number or an inclusive [min, max] (default [12, 30]). */
  postsPerAccount?: number | readonly [number, number];
}

export interface SampleHandle {
  platform: Platform;
  handle: string;
}

export const SAMPLE_SOURCE = "sample";
export const SAMPLE_FOLLOWERS_MIN = 1_000;
export const SAMPLE_FOLLOWERS_MAX = 50_000_000;
/** Power-law exponent of the follower distribution. */
const PARETO_ALPHA = 0.55;

/**
 * How long a generated handle may be: the platforms' own limit (parser/rules.ts HANDLE_MAX_LENGTH),
 * but 30 on YouTube — its 100 is a channel name's room, and sample handles stay handle-like (and the
 * generated creators the same as before).
 */
export const SAMPLE_HANDLE_MAX_LENGTH: Readonly<Record<Platform, number>> = {
  ...HANDLE_MAX_LENGTH,
  youtube: 30,
};
const HANDLE_PATTERN: Record<Platform, RegExp> = {
  instagram: /^[a-z0-9._]+$/,
  tiktok: /^[a-z0-9._]+$/,
  youtube: /^[a-z0-9._-]+$/,
};

/** True when a handle is valid for the platform (charset, length, no leading/trailing or double dot). */
export function isValidSampleHandle(platform: Platform, handle: string): boolean {
  return (
    handle.length >= 3 &&
    handle.length <= SAMPLE_HANDLE_MAX_LENGTH[platform] &&
    HANDLE_PATTERN[platform].test(handle) &&
    !handle.startsWith(".") &&
    !handle.endsWith(".") &&
    !handle.includes("..")
  );
}

const PLATFORM_WEIGHTS: readonly (readonly [Platform, number])[] = [
  ["instagram", 45],
  ["tiktok", 30],
  ["youtube", 25],
];
const LANGUAGE_WEIGHTS = SAMPLE_LANGUAGES.map((l) => [l, LANGUAGE_BANKS[l].weight] as const);
const INDUSTRY_WEIGHTS = INDUSTRIES.map((i) => [i, INDUSTRY_BANKS[i].weight] as const);

export const TIERS = ["nano", "micro", "mid", "macro", "mega"] as const;
export type SampleTier = (typeof TIERS)[number];
export function tierOf(followers: number): number {
  return followers < 10_000
    ? 0
    : followers < 100_000
      ? 1
      : followers < 500_000
        ? 2
        : followers < 1_000_000
          ? 3
          : 4;
}

// Per-tier medians (index = tier).
const IG_ER = [0.045, 0.028, 0.019, 0.014, 0.011];
const TT_VIEWS_PER_FOLLOWER = [1.1, 0.45, 0.22, 0.15, 0.1];
const TT_ER_BY_VIEWS = [0.095, 0.08, 0.065, 0.055, 0.045];
const YT_VIEWS_PER_SUB = [0.3, 0.2, 0.12, 0.08, 0.06];
const YT_ER_BY_VIEWS = [0.05, 0.042, 0.035, 0.03, 0.025];
const VERIFIED_CHANCE = [0.002, 0.02, 0.1, 0.3, 0.65];
const SPONSOR_RATE = [0.03, 0.07, 0.12, 0.15, 0.18];
const POSTS_PER_WEEK_MEDIAN: Record<Platform, number> = { instagram: 3, tiktok: 5, youtube: 1.5 };
const PRIVATE_CHANCE: Record<Platform, number> = { instagram: 0.026, tiktok: 0.026, youtube: 0 };
const HIDDEN_LIKES_CHANCE: Record<Platform, number> = { instagram: 0.05, tiktok: 0.01, youtube: 0.02 };

const DAY_MS = 86_400_000;
const DISCOUNTS = [10, 15, 20, 25];
const TRAILING_EMOJI = /\s*\p{Extended_Pictographic}+\s*$/u;
const ID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

interface Header {
  index: number;
  platform: Platform;
  language: SampleLanguage;
  industry: Industry;
  first: string;
  last: string;
  word: string;
  country: string;
  city: string;
  base: string;
  handle: string;
}

function clamp(x: number, min: number, max: number): number {
  return Math.min(Math.max(x, min), max);
}

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function asciiHandlePart(s: string): string {
  return s
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

/** Trims a handle to `max` and removes separators left dangling at the end. */
function fitHandle(handle: string, max: number): string {
  return handle.slice(0, max).replace(/[._-]+$/, "");
}

function baseHandle(rng: Rng, platform: Platform, first: string, last: string, word: string): string {
  const f = asciiHandlePart(first);
  const l = asciiHandlePart(last);
  const w = asciiHandlePart(word);
  const sep = platform === "youtube" ? rng.pick(["", ".", "_", "-"]) : rng.pick(["", ".", "_"]);
  const variants = [
    `${f}${sep}${l}`,
    `${f}${sep}${l}`,
    `${f}${w}`,
    `${f}${sep}${w}`,
    `the${f}${w}`,
    `${w}with${f}`,
    `${f}${l.charAt(0)}${w}`,
    `its${f}${l}`,
    `${f}${sep}${l}${rng.int(1, 99)}`,
    `${w}${sep}by${sep}${f}`.replace(/([._-])\1+/g, "$1"),
  ];
  const max = SAMPLE_HANDLE_MAX_LENGTH[platform];
  let h = rng.pick(variants);
  if (h.length > max) h = fitHandle(`${f}${l}`, max);
  if (h.length < 3) h = `${h}${w}`.slice(0, max);
  return h;
}

function headerFor(seed: number, index: number): Header {
  const rng = mulberry32(hashInts(seed, index, 1));
  const platform = rng.weighted(PLATFORM_WEIGHTS);
  const language = rng.weighted(LANGUAGE_WEIGHTS);
  const industry = rng.weighted(INDUSTRY_WEIGHTS);
  const lang = LANGUAGE_BANKS[language];
  const first = rng.pick(lang.firstNames);
  const last = rng.pick(lang.lastNames);
  const word = rng.pick(INDUSTRY_BANKS[industry].handleWords);
  const [country, , cities] = rng.weighted(lang.countries.map((c) => [c, c[1]] as const));
  const city = rng.pick(cities);
  const base = baseHandle(rng, platform, first, last, word);
  return { index, platform, language, industry, first, last, word, country, city, base, handle: base };
}

/** Resolves handle collisions in index order (global uniqueness across platforms). */
function makeUnique(header: Header, seed: number, used: Set<string>): void {
  if (!used.has(header.base)) {
    used.add(header.base);
    return;
  }
  const rng = mulberry32(hashInts(seed, header.index, 2));
  const max = SAMPLE_HANDLE_MAX_LENGTH[header.platform];
  for (let attempt = 0; ; attempt++) {
    const digits = attempt < 6 ? 2 : attempt < 12 ? 3 : attempt < 20 ? 4 : 6;
    const suffix = String(rng.int(10 ** (digits - 1), 10 ** digits - 1));
    const sep = attempt % 3 === 1 ? "_" : attempt % 3 === 2 && header.platform !== "youtube" ? "." : "";
    const candidate = `${fitHandle(header.base, max - suffix.length - sep.length)}${sep}${suffix}`;
    if (!used.has(candidate)) {
      used.add(candidate);
      header.handle = candidate;
      return;
    }
  }
}

function headers(count: number, seed: number): Header[] {
  const used = new Set<string>();
  const out: Header[] = new Array(count);
  for (let i = 0; i < count; i++) {
    const h = headerFor(seed, i);
    makeUnique(h, seed, used);
    out[i] = h;
  }
  return out;
}

/** Followers on a truncated Pareto distribution between 1K and 50M. */
function drawFollowers(rng: Rng): number {
  const ratio = (SAMPLE_FOLLOWERS_MIN / SAMPLE_FOLLOWERS_MAX) ** PARETO_ALPHA;
  const u = rng.next();
  const x = SAMPLE_FOLLOWERS_MIN / (1 - u * (1 - ratio)) ** (1 / PARETO_ALPHA);
  return Math.round(clamp(x, SAMPLE_FOLLOWERS_MIN, SAMPLE_FOLLOWERS_MAX));
}

function roundTo3Significant(n: number): number {
  if (n < 1000) return n;
  const digits = Math.floor(Math.log10(n)) + 1;
  const factor = 10 ** (digits - 3);
  return Math.floor(n / factor) * factor;
}

/** A numeric id: `prefix` + 9 digits + `tailDigits` digits. */
function numericId(rng: Rng, prefix: string, tailDigits: number): string {
  const head = 100_000_000 + Math.floor(rng.next() * 900_000_000);
  const low = 10 ** (tailDigits - 1);
  const tail = low + Math.floor(rng.next() * 9 * low);
  return [prefix, head, tail].join(""); // flat: 40 bytes instead of a rope over 3 strings
}

function youtubeId(rng: Rng): string {
  let s = "";
  for (let i = 0; i < 11; i++) s += ID_ALPHABET.charAt(Math.floor(rng.next() * 64));
  return s;
}

const dayPrefixes = new Map<number, string>();
const timeSuffixes: string[] = new Array(86_400);

/**
 * ISO 8601 for whole-second timestamps. Both halves are cached ("YYYY-MM-DDT" per day,
 * "HH:MM:SS.000Z" per second of day), so a date costs one small concatenation and no formatting.
 */
function isoSeconds(ms: number): string {
  const day = Math.floor(ms / DAY_MS);
  let prefix = dayPrefixes.get(day);
  if (prefix === undefined) {
    if (dayPrefixes.size > 20_000) dayPrefixes.clear();
    prefix = new Date(day * DAY_MS).toISOString().slice(0, 11);
    dayPrefixes.set(day, prefix);
  }
  const sec = Math.floor((ms - day * DAY_MS) / 1000);
  let suffix = timeSuffixes[sec];
  if (suffix === undefined) {
    suffix = new Date(sec * 1000).toISOString().slice(11);
    timeSuffixes[sec] = suffix;
  }
  return prefix + suffix;
}

function fill(template: string, values: Record<string, string>): string {
  let out = template;
  for (const key in values) {
    const token = `{${key}}`;
    if (out.includes(token)) out = out.replace(token, values[key] ?? "");
  }
  return out;
}

interface Account {
  rng: Rng;
  lang: LanguageBank;
  bank: IndustryBank;
  /** Shared caches for this account's language and industry. */
  openers: string[];
  tagRuns: string[];
  /** The account's discount code, reused across its sponsored posts. */
  code: string;
}

type Sponsorship = "none" | "mention" | "paid";

/**
 * Filled caption openers are cached per (language, industry, title?) and then by (opener, topic,
 * emoji): a few hundred distinct strings per pair, shared by every post that uses them.
 */
const openerCaches = new Map<string, string[]>();
function openerCacheFor(language: SampleLanguage, industry: Industry, youtubeTitle: boolean): string[] {
  const key = `${language}|${industry}|${youtubeTitle ? "t" : "c"}`;
  let cache = openerCaches.get(key);
  if (!cache) {
    cache = [];
    openerCaches.set(key, cache);
  }
  return cache;
}

function cachedOpener(acc: Account, youtubeTitle: boolean): string {
  const { rng, lang, bank, openers } = acc;
  const o = Math.floor(rng.next() * lang.openers.length);
  const t = Math.floor(rng.next() * bank.topics.length);
  const e = Math.floor(rng.next() * bank.emojis.length);
  const slot = (o * bank.topics.length + t) * bank.emojis.length + e;
  let text = openers[slot];
  if (text === undefined) {
    text = (lang.openers[o] as string)
      .replace("{topic}", bank.topics[t] as string)
      .replace("{emoji}", bank.emojis[e] as string);
    if (youtubeTitle) text = text.replace(TRAILING_EMOJI, "");
    openers[slot] = text;
  }
  return text;
}

/** Hashtag runs cached per (industry, start, count): shared strings, no per-post joins. */
const tagRunCaches = new Map<Industry, string[]>();
function tagRunCacheFor(industry: Industry): string[] {
  let cache = tagRunCaches.get(industry);
  if (!cache) {
    cache = [];
    tagRunCaches.set(industry, cache);
  }
  return cache;
}
function tagRun(acc: Account, start: number, n: number): string {
  const all = acc.bank.hashtags;
  const cache = acc.tagRuns;
  const slot = start * 16 + n;
  let run = cache[slot];
  if (run === undefined) {
    const tags: string[] = [];
    for (let k = 0; k < n && k < all.length; k++) tags.push(all[(start + k) % all.length] as string);
    run = tags.join(" ");
    cache[slot] = run;
  }
  return run;
}

/**
 * A caption made of shared, cached pieces (opener, closer, disclosure, hashtag run) joined with
 * `+`: V8 keeps the result as a small rope over the shared pieces, which is faster and smaller
 * than copying characters for 2 million posts.
 */
function caption(
  acc: Account,
  platform: Platform,
  type: PostType,
  sponsorship: Sponsorship,
  brand: string,
): string {
  const { rng, lang } = acc;
  const opener = cachedOpener(acc, platform === "youtube");
  const closer = rng.next() < 0.6 ? rng.pick(lang.closers) : "";
  let disclosure = "";
  if (sponsorship === "paid") {
    const kind = rng.int(0, 2);
    if (kind === 0) disclosure = rng.pick(lang.partnership).replace("{brand}", brand);
    else if (kind === 1)
      disclosure = rng
        .pick(lang.codes)
        .replace("{brand}", brand)
        .replace("{code}", acc.code)
        .replace("{pct}", String(rng.pick(DISCOUNTS)));
    else disclosure = rng.pick(lang.mentions).replace("{brand}", brand);
  } else if (sponsorship === "mention") {
    disclosure = rng.pick(lang.mentions).replace("{brand}", brand);
  }

  const n = platform === "instagram" ? rng.int(2, 9) : platform === "tiktok" ? rng.int(2, 5) : rng.int(0, 3);
  let tagLine = n > 0 ? tagRun(acc, rng.int(0, acc.bank.hashtags.length - 1), n) : "";
  if (sponsorship === "paid")
    tagLine = tagLine ? `${rng.pick(lang.adTags)} ${tagLine}` : rng.pick(lang.adTags);
  let extra = "";
  if (platform === "tiktok" && rng.next() < 0.7) extra = rng.pick(lang.tags);
  else if (platform === "instagram" && type === "reel" && rng.next() < 0.4) extra = "#reels";
  else if (platform === "youtube" && type === "short") extra = "#shorts";
  if (extra) tagLine = tagLine ? `${tagLine} ${extra}` : extra;

  if (platform === "youtube") {
    // A title line, then the description.
    let description = closer;
    if (disclosure) description = description ? `${description}\n${disclosure}` : disclosure;
    if (tagLine) description = description ? `${description}\n${tagLine}` : tagLine;
    return description ? `${opener}\n\n${description}` : opener;
  }
  const sep = platform === "instagram" ? "\n\n" : " ";
  let out = opener;
  if (closer) out = out + sep + closer;
  if (disclosure) out = out + sep + disclosure;
  if (tagLine) out = out + sep + tagLine;
  return out;
}

/** Fewer interactions on posts younger than 3 days (they are still accruing). */
function maturity(ageDays: number): number {
  return ageDays >= 3 ? 1 : 0.55 + (0.45 * ageDays) / 3;
}

function postsRange(opt: SampleOptions["postsPerAccount"]): readonly [number, number] {
  if (opt === undefined) return [12, 30];
  if (typeof opt === "number") return [opt, opt];
  return opt;
}

function buildSnapshot(
  header: Header,
  seed: number,
  now: Date,
  postsPer: readonly [number, number],
): ProfileSnapshot {
  const rng = mulberry32(hashInts(seed, header.index, 3));
  const { platform } = header;
  const lang = LANGUAGE_BANKS[header.language];
  const bank = INDUSTRY_BANKS[header.industry];
  const nowMs = now.getTime();

  const trueFollowers = drawFollowers(rng);
  const tier = tierOf(trueFollowers);
  const followers = platform === "youtube" ? roundTo3Significant(trueFollowers) : trueFollowers;
  const isPrivate = rng.chance(PRIVATE_CHANCE[platform]);
  const hiddenLikes = rng.chance(HIDDEN_LIKES_CHANCE[platform]);
  const verified = rng.chance(VERIFIED_CHANCE[tier] ?? 0);
  const postsPerWeek = clamp(rng.logNormal(POSTS_PER_WEEK_MEDIAN[platform], 0.6), 0.5, 14);
  const dormant = rng.chance(0.04);
  const yearsActive = rng.uniform(0.5, 9);
  const sponsorRate = rng.chance(0.3) ? 0 : (SPONSOR_RATE[tier] ?? 0.05) * rng.uniform(0.3, 1.8);
  const brandCount = rng.int(1, 3);
  const brands: string[] = [];
  for (let k = 0; k < brandCount; k++) brands.push(rng.pick(bank.brands));
  const acc: Account = {
    rng,
    lang,
    bank,
    openers: openerCacheFor(header.language, header.industry, platform === "youtube"),
    tagRuns: tagRunCacheFor(header.industry),
    code: `${asciiHandlePart(header.first).toUpperCase()}${rng.pick([10, 15, 20])}`,
  };

  // Account-level engagement parameters.
  const igEr = clamp(rng.logNormal(IG_ER[tier] ?? 0.02, 0.45), 0.002, 0.25);
  const igCommentShare = rng.uniform(0.01, 0.05);
  const ttViewRatio = clamp(rng.logNormal(TT_VIEWS_PER_FOLLOWER[tier] ?? 0.3, 0.5), 0.01, 20);
  const ttEr = clamp(rng.logNormal(TT_ER_BY_VIEWS[tier] ?? 0.06, 0.3), 0.01, 0.3);
  const ytViewRatio = clamp(rng.logNormal(YT_VIEWS_PER_SUB[tier] ?? 0.1, 0.4), 0.01, 3);
  const ytEr = clamp(rng.logNormal(YT_ER_BY_VIEWS[tier] ?? 0.03, 0.3), 0.005, 0.2);
  const reelShare = rng.uniform(0.2, 0.75);
  const carouselShare = rng.uniform(0.1, 0.35);
  const shortsShare = rng.chance(0.1) ? 1 : rng.uniform(0, 0.7);
  const liveShare = rng.chance(0.15) ? rng.uniform(0.05, 0.3) : 0;

  const posts: SnapshotPost[] = [];
  const postCount = isPrivate ? 0 : rng.int(postsPer[0], postsPer[1]);
  const meanGapDays = 7 / postsPerWeek;
  let ageDays = dormant ? rng.uniform(30, 200) : rng.uniform(0, meanGapDays);
  for (let p = 0; p < postCount; p++) {
    if (p > 0) ageDays += meanGapDays * rng.uniform(0.3, 1.7);
    const postedMs = Math.floor((nowMs - ageDays * DAY_MS) / 1000) * 1000;
    const mature = maturity(ageDays);
    const roll = rng.next();
    const sponsorship: Sponsorship =
      roll < sponsorRate ? "paid" : roll < sponsorRate + 0.06 ? "mention" : "none";
    const brand = rng.pick(brands);
    const sponsorFactor = sponsorship === "paid" ? 0.8 : 1;
    let post: SnapshotPost;
    if (platform === "instagram") {
      const r = rng.next();
      const type: PostType =
        r < reelShare
          ? "reel"
          : r < reelShare + (1 - reelShare) * carouselShare
            ? "carousel"
            : rng.chance(0.03)
              ? "video"
              : "photo";
      const typeFactor = type === "reel" ? 1.15 : type === "carousel" ? 1.1 : type === "video" ? 0.8 : 0.85;
      const eng = trueFollowers * igEr * rng.logNormal(1, 0.35) * typeFactor * sponsorFactor * mature;
      const comments = Math.round(eng * igCommentShare * rng.logNormal(1, 0.4));
      const likes = Math.max(0, Math.round(eng - comments));
      const isVideo = type === "reel" || type === "video";
      post = {
        id: numericId(rng, "3", 9),
        type,
        caption: caption(acc, platform, type, sponsorship, brand),
        postedAt: isoSeconds(postedMs),
        likes: hiddenLikes ? null : likes,
        comments,
        views: isVideo
          ? Math.round(Math.max(likes, 1) * rng.logNormal(type === "reel" ? 14 : 9, 0.45))
          : null,
        durationSec: isVideo
          ? Math.round(clamp(rng.logNormal(type === "reel" ? 22 : 95, 0.6), 5, 900))
          : null,
      };
    } else if (platform === "tiktok") {
      const views = Math.max(
        20,
        Math.round(trueFollowers * ttViewRatio * rng.logNormal(1, 0.9) * sponsorFactor * mature),
      );
      const eng = views * ttEr * rng.logNormal(1, 0.25);
      const comments = Math.round(eng * rng.uniform(0.01, 0.035));
      const shares = Math.round(eng * rng.uniform(0.04, 0.14));
      post = {
        id: numericId(rng, "74", 8),
        type: "video",
        caption: caption(acc, platform, "video", sponsorship, brand),
        postedAt: isoSeconds(postedMs),
        likes: hiddenLikes ? null : Math.max(0, Math.round(eng - comments - shares)),
        comments,
        views,
        shares,
        durationSec: Math.round(clamp(rng.logNormal(30, 0.7), 6, 600)),
      };
    } else {
      const r = rng.next();
      const type: PostType =
        r < liveShare ? "live" : r < liveShare + (1 - liveShare) * shortsShare ? "short" : "video";
      const viewFactor = type === "short" ? 1.4 : type === "live" ? 0.35 : 1;
      const views = Math.max(
        10,
        Math.round(trueFollowers * ytViewRatio * viewFactor * rng.logNormal(1, 0.7) * sponsorFactor * mature),
      );
      const eng = views * ytEr * rng.logNormal(1, 0.25);
      const comments = Math.round(
        eng * (type === "short" ? rng.uniform(0.02, 0.05) : rng.uniform(0.05, 0.12)),
      );
      const durationSec =
        type === "short"
          ? Math.round(clamp(rng.logNormal(35, 0.6), 8, 180))
          : type === "live"
            ? Math.round(clamp(rng.logNormal(5400, 0.5), 1200, 14_400))
            : Math.round(clamp(rng.logNormal(720, 0.6), 181, 7200));
      post = {
        id: youtubeId(rng),
        type,
        caption: caption(acc, platform, type, sponsorship, brand),
        postedAt: isoSeconds(postedMs),
        likes: hiddenLikes ? null : Math.max(0, Math.round(eng - comments)),
        comments,
        views,
        durationSec,
      };
    }
    posts.push(post);
  }

  const totalPosts = Math.max(postCount, Math.round(postsPerWeek * 52 * yearsActive * rng.uniform(0.5, 1)));
  const nameStyle = rng.next();
  const First = capitalise(header.first);
  const name =
    nameStyle < 0.7
      ? `${First} ${capitalise(header.last)}`
      : nameStyle < 0.85
        ? First
        : nameStyle < 0.95
          ? `${First} | ${bank.labels[header.language]}`
          : `${First} ${rng.pick(bank.emojis)}`;
  const bioLine = fill(rng.pick(lang.bioFrames), {
    label: bank.labels[header.language],
    role: rng.pick(bank.roles),
    topic: rng.pick(bank.topics),
    emoji: rng.pick(bank.emojis),
    city: header.city,
  });
  const bio = rng.chance(0.5) ? `${bioLine}\n${rng.pick(lang.collab)}` : bioLine;

  const snapshot: ProfileSnapshot = {
    platform,
    username: header.handle,
    name,
    bio,
    verified,
    isPrivate,
    category: header.industry,
    externalUrl: rng.chance(0.45) ? `https://example.com/${header.handle}` : null,
    followers,
    following:
      platform === "instagram"
        ? Math.round(clamp(rng.logNormal(450, 0.8), 5, 7500))
        : platform === "tiktok"
          ? Math.round(clamp(rng.logNormal(180, 1), 0, 10_000))
          : null,
    postsCount: totalPosts,
    fetchedAt: now.toISOString(),
    source: SAMPLE_SOURCE,
    posts,
    industry: header.industry,
    country: header.country,
    language: header.language,
    sampleIndex: header.index,
  };
  if (platform === "youtube") snapshot.followersRounded = true;
  if (platform === "tiktok") {
    const avgLikes = posts.length
      ? posts.reduce((s, p) => s + (p.likes ?? 0), 0) / posts.length
      : trueFollowers * 0.05;
    snapshot.totalLikes = Math.round(avgLikes * totalPosts);
  }
  return snapshot;
}

export interface SampleCatalog {
  readonly size: number;
  /** Platform and handle of every sample account, by index. */
  readonly handles: readonly SampleHandle[];
  /** The index of a sample handle (case-insensitive), or undefined. */
  indexOf(platform: Platform, handle: string): number | undefined;
  /** Builds account `index` (deterministic; independent of the others). */
  snapshotAt(index: number): ProfileSnapshot;
  /** The sample snapshot for a handle, or null when it isn't a sample creator. */
  find(platform: Platform, handle: string): ProfileSnapshot | null;
}

/**
 * A lookup over `count` sample creators without building every snapshot: the server can answer
 * "is @x a sample creator, and what does it look like?" from the seed alone.
 */
export function createSampleCatalog(count: number, options: SampleOptions): SampleCatalog {
  const hs = headers(count, options.seed);
  const postsPer = postsRange(options.postsPerAccount);
  const byKey = new Map<string, number>();
  for (const h of hs) byKey.set(`${h.platform}:${h.handle}`, h.index);
  const handles = hs.map((h) => ({ platform: h.platform, handle: h.handle }));
  const snapshotAt = (index: number) => {
    const h = hs[index];
    if (!h) throw new RangeError(`sample index ${index} is outside 0…${count - 1}`);
    return buildSnapshot(h, options.seed, options.now, postsPer);
  };
  return {
    size: count,
    handles,
    indexOf: (platform, handle) => byKey.get(`${platform}:${stripAt(handle).toLowerCase()}`),
    snapshotAt,
    find(platform, handle) {
      const index = byKey.get(`${platform}:${stripAt(handle).toLowerCase()}`);
      return index === undefined ? null : snapshotAt(index);
    },
  };
}

/** `count` deterministic sample snapshots (same seed and now → same output). */
export function generateSampleSnapshots(count: number, options: SampleOptions): ProfileSnapshot[] {
  const hs = headers(count, options.seed);
  const postsPer = postsRange(options.postsPerAccount);
  const out: ProfileSnapshot[] = new Array(count);
  for (let i = 0; i < count; i++)
    out[i] = buildSnapshot(hs[i] as Header, options.seed, options.now, postsPer);
  return out;
}

/** Platform and handle of sample account `index` (cheap: no posts are generated). */
export function sampleHandleFor(index: number, options: { seed: number }): SampleHandle {
  const h = headers(index + 1, options.seed)[index];
  if (!h) throw new RangeError(`sample index ${index} must be ≥ 0`);
  return { platform: h.platform, handle: h.handle };
}
