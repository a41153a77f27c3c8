import { PLATFORM_LABELS, type Platform } from "../schemas/platform";
import type { EngagementLevel, EngineReport, Grade, Provenance, ReportMetrics } from "../schemas/report";
import type { ProfileSnapshot, SnapshotPost } from "../schemas/snapshot";
import { INDUSTRIES, type Industry } from "../taxonomy";
import { type BenchmarkTables, DEFAULT_BENCHMARKS, type TierBand, tierFor } from "./benchmarks";
import { detectLanguage, detectLanguageFast } from "./language";
import {
  ADJACENT_INDUSTRIES,
  AGE_PRIORS,
  AGE_SHIFTS,
  COUNTRY_CODES,
  FEMALE_SHARE_PRIORS,
  FLAGS,
  INDUSTRY_KEYWORDS,
  LANGUAGE_COUNTRIES,
  PLACE_PHRASES,
  PLACE_STARTS,
  SPONSOR_PREFILTER,
  SPONSORED_PATTERNS,
} from "./lexicon";

export interface AnalyzeOptions {
  now: Date;
  benchmarks?: BenchmarkTables;
  /** Earlier follower counts of this account (oldest first), for growth. */
  history?: { fetchedAt: string; followers: number }[];
}

export const FALLBACK = {
  demographics: "Demographic data not available",
  notAvailable: "Not available",
  advertiser: "Advertiser analysis not available for this account.",
  unknown: "Unable to determine",
} as const;

const MAX_POSTS = 30;
const CAPTION_SCAN = 2000;
const DAY = 86_400_000;

/** A count the engine may use: finite and non-negative, else unknown. */
function num(v: unknown): number | null {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? v : null;
}

export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

function round(n: number, digits = 2): number {
  const f = 10 ** digits;
  return Math.round(n * f) / f;
}

function clamp(n: number, lo: number, hi: number): number {
  return n < lo ? lo : n > hi ? hi : n;
}

/** Linear interpolation through (x, y) points (x ascending). */
function piecewise(x: number, points: [number, number][]): number {
  if (x <= points[0]![0]) return points[0]![1];
  for (let i = 1; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x0, y0] = points[i - 1]!;
    if (x <= x1) return y0 + ((x - x0) / (x1 - x0 || 1)) * (y1 - y0);
  }
  return points[points.length - 1]![1];
}

function cv(values: number[]): number | null {
  if (values.length < 2) return null;
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  if (mean <= 0) return null;
  const variance = values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length;
  return Math.sqrt(variance) / mean;
}

/** 1234567 → "1,234,567" (Intl formatting is slow on the engine's hot path). */
export function thousands(n: number): string {
  const s = String(Math.round(Math.abs(n)));
  let out = "";
  for (let i = 0; i < s.length; i++) {
    if (i > 0 && (s.length - i) % 3 === 0) out += ",";
    out += s[i];
  }
  return n < 0 ? `-${out}` : out;
}

function money(n: number): string {
  const v = n >= 1000 ? Number(n.toPrecision(2)) : n >= 100 ? Math.round(n / 10) * 10 : Math.round(n);
  return `$${thousands(v)}`;
}

function pct(n: number, digits = 1): string {
  return `${n.toFixed(digits)}%`;
}

interface CleanPost {
  id: string;
  type: SnapshotPost["type"];
  caption: string;
  postedAt: number;
  likes: number | null;
  comments: number | null;
  views: number | null;
  shares: number | null;
}

function cleanPosts(posts: SnapshotPost[] | undefined): CleanPost[] {
  const out: CleanPost[] = [];
  for (const p of Array.isArray(posts) ? posts : []) {
    if (!p || typeof p !== "object") continue;
    const t = Date.parse(String(p.postedAt));
    if (!Number.isFinite(t)) continue;
    const caption = typeof p.caption === "string" ? p.caption.slice(0, CAPTION_SCAN) : "";
    out.push({
      id: String(p.id ?? out.length),
      type: p.type,
      caption,
      postedAt: t,
      likes: num(p.likes),
      comments: num(p.comments),
      views: num(p.views),
      shares: num(p.shares),
    });
  }
  out.sort((a, b) => b.postedAt - a.postedAt);
  return out.slice(0, MAX_POSTS);
}

const WORD_RE = /#?[\p{L}\p{N}_']+/gu;

/** Lower-cased word tokens; hashtags keep their "#" so the classifier can split compounds. */
function words(text: string): string[] {
  return text.toLowerCase().match(WORD_RE) ?? [];
}

function bare(w: string): string {
  return w.charCodeAt(0) === 35 ? w.slice(1) : w;
}

const KEYWORD_INDEX = new Map<string, Industry>();
for (const [industry, keys] of Object.entries(INDUSTRY_KEYWORDS)) {
  for (const k of keys!) KEYWORD_INDEX.set(k, industry as Industry);
}

function classifyIndustries(
  bio: string[],
  category: string,
  captions: string[][],
): { industry: Industry; score: number }[] {
  const scores = new Map<Industry, number>();
  const add = (token: string, weight: number) => {
    const w = bare(token);
    let ind = KEYWORD_INDEX.get(w);
    if (!ind && token !== w && w.length > 4) {
      // hashtag compounds: #fitnessmotivation → fitness
      for (const len of [7, 6, 5, 4]) {
        ind = KEYWORD_INDEX.get(w.slice(0, len));
        if (ind) break;
      }
    }
    if (ind) scores.set(ind, (scores.get(ind) ?? 0) + weight);
  };
  for (const w of bio) add(w, 3);
  const cat = category.trim();
  if (cat) {
    const exact = INDUSTRIES.find((i) => i.toLowerCase() === cat.toLowerCase());
    if (exact) scores.set(exact, (scores.get(exact) ?? 0) + 8);
    else for (const w of words(cat)) add(w, 5);
  }
  for (const c of captions) for (const w of c) add(w, 1);
  return [...scores.entries()]
    .map(([industry, score]) => ({ industry, score }))
    .sort((a, b) => b.score - a.score || a.industry.localeCompare(b.industry));
}

function levelOf(rate: number, band: TierBand): EngagementLevel {
  if (rate < band.low) return "Low";
  if (rate > band.high) return "High";
  return "Medium";
}

const GRADE_STEPS: [number, Grade][] = [
  [90, "A+"],
  [85, "A"],
  [80, "A-"],
  [75, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [55, "C"],
  [50, "C-"],
  [45, "D+"],
  [40, "D"],
  [35, "D-"],
  [0, "F"],
];

export function gradeFor(score: number): Grade {
  for (const [min, g] of GRADE_STEPS) if (score >= min) return g;
  return "F";
}

const TYPE_LABELS: Record<Platform, Record<string, string>> = {
  instagram: {
    photo: "Photos",
    carousel: "Carousels",
    reel: "Reels",
    video: "Videos",
    live: "Live",
    short: "Short videos",
  },
  tiktok: {
    video: "Videos",
    live: "Live",
    photo: "Photo posts",
    carousel: "Photo carousels",
    reel: "Videos",
    short: "Videos",
  },
  youtube: {
    video: "Long-form videos",
    short: "Shorts",
    live: "Live streams",
    photo: "Community posts",
    carousel: "Community posts",
    reel: "Shorts",
  },
};

/**
 * The report engine: every number of a report from one snapshot, with the method behind it.
 * Pure (the clock is `options.now`), defensive (bad counts are treated as unknown), never throws.
 */
export function analyzeSnapshot(snapshot: ProfileSnapshot, options: AnalyzeOptions): EngineReport {
  const tables = options.benchmarks ?? DEFAULT_BENCHMARKS;
  const now =
    options.now instanceof Date && Number.isFinite(options.now.getTime()) ? options.now.getTime() : 0;
  const platform: Platform = snapshot.platform;
  const label = PLATFORM_LABELS[platform] ?? platform;
  const followers = num(snapshot.followers) ?? 0;
  const followersHidden = (snapshot as { followersHidden?: unknown }).followersHidden === true;
  const isSample = snapshot.source === "sample";
  const isPrivate = snapshot.isPrivate === true;
  const measuredKind: Provenance["kind"] = isSample ? "sample" : "measured";
  const src = isSample
    ? "sample data (generated, not a real account)"
    : `${snapshot.source} at ${snapshot.fetchedAt}`;
  const provenance: Record<string, Provenance> = {};
  const prov = (field: string, kind: Provenance["kind"], method: string, inputs: string[]) => {
    provenance[field] = { kind, method, inputs };
  };

  const posts = isPrivate ? [] : cleanPosts(snapshot.posts);
  const bio = typeof snapshot.bio === "string" ? snapshot.bio.slice(0, CAPTION_SCAN) : "";
  const name = typeof snapshot.name === "string" ? snapshot.name.slice(0, 200) : "";
  const category = typeof snapshot.category === "string" ? snapshot.category : "";
  const band = tierFor(platform, followers, tables);

  // ---- Engagement -------------------------------------------------------------------------
  const interactions = (p: CleanPost): number | null =>
    p.likes === null ? null : p.likes + (p.comments ?? 0) + (platform === "instagram" ? 0 : (p.shares ?? 0));
  const withLikes = posts.filter((p) => p.likes !== null);
  const hiddenLikesPosts = posts.length - withLikes.length;
  const perPost = withLikes.map((p) => interactions(p)!);
  const medInteractions = median(perPost);
  const perFollowerPct =
    medInteractions !== null && followers > 0 ? (medInteractions / followers) * 100 : null;
  const viewRates = withLikes
    .filter((p) => p.views !== null && p.views > 0)
    .map((p) => interactions(p)! / p.views!);
  const perViewPct = viewRates.length > 0 ? median(viewRates)! * 100 : null;
  let basis: "followers" | "views" | "none" = "none";
  let ratePct: number | null = null;
  let method: string;
  if (platform === "instagram") {
    basis = perFollowerPct === null ? "none" : "followers";
    ratePct = perFollowerPct;
    method = `Median (likes + comments) of the last ${withLikes.length} posts ÷ followers`;
  } else {
    basis = perViewPct === null ? (perFollowerPct === null ? "none" : "followers") : "views";
    ratePct = perViewPct;
    method = `Median of (likes + comments + shares) ÷ views over the last ${viewRates.length} ${platform === "youtube" ? "videos" : "posts"}; per-follower figure alongside`;
  }
  if (hiddenLikesPosts > 0) method += ` (${hiddenLikesPosts} posts with hidden likes left out)`;
  const usable = platform === "instagram" ? withLikes.length : viewRates.length;
  const enoughPosts = usable >= 3;
  const level: EngagementLevel =
    ratePct !== null && enoughPosts && !isPrivate ? levelOf(ratePct, band) : "unknown";
  const engagementRate = ratePct === null ? "" : ratePct.toFixed(2);
  if (ratePct !== null && !enoughPosts) method += `; only ${usable} usable posts, too few to rate the level`;
  prov("engagementRate", ratePct === null ? "unavailable" : measuredKind, method, [src]);
  prov(
    "engagementLevel",
    level === "unknown" ? "unavailable" : measuredKind,
    `Compared with the ${label} ${band.tier} tier: average band ${band.low}–${band.high}% (${tables.source[platform]})`,
    [src],
  );

  // ---- Frequency ---------------------------------------------------------------------------
  const times = posts.map((p) => p.postedAt).sort((a, b) => a - b);
  const gaps: number[] = [];
  for (let i = 1; i < times.length; i++) gaps.push((times[i]! - times[i - 1]!) / DAY);
  const spanDays = times.length >= 2 ? (times[times.length - 1]! - times[0]!) / DAY : null;
  const postsPerWeek = spanDays && spanDays > 0 ? ((times.length - 1) / spanDays) * 7 : null;
  const medianGapDays = median(gaps);
  let postFrequency: string = FALLBACK.notAvailable;
  if (postsPerWeek !== null) {
    postFrequency =
      postsPerWeek >= 1
        ? `${postsPerWeek.toFixed(1)} posts per week`
        : `${(postsPerWeek * 4.345).toFixed(1)} posts per month`;
  }
  const daysSinceLast = times.length > 0 && now > 0 ? (now - times[times.length - 1]!) / DAY : null;
  if (daysSinceLast !== null && daysSinceLast > 30 && postsPerWeek !== null) {
    postFrequency += ` (last post ${Math.round(daysSinceLast)} days ago)`;
  }
  prov(
    "postFrequency",
    postsPerWeek === null ? "unavailable" : measuredKind,
    "Posts in the analysed window ÷ its length in weeks",
    [src],
  );

  // ---- Content mix -------------------------------------------------------------------------
  const byType = new Map<string, CleanPost[]>();
  for (const p of posts) {
    const list = byType.get(p.type);
    if (list) list.push(p);
    else byType.set(p.type, [p]);
  }
  const contentMix = [...byType.entries()]
    .map(([type, list]) => {
      const ints = list.map(interactions).filter((x): x is number => x !== null);
      return {
        type,
        label: TYPE_LABELS[platform][type] ?? type,
        count: list.length,
        share: round(list.length / posts.length, 4),
        medianInteractions: median(ints),
      };
    })
    .sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  const contentTypes = contentMix.map((c) => `${c.label} (${Math.round(c.share * 100)}%)`);
  prov(
    "contentTypes",
    contentMix.length ? measuredKind : "unavailable",
    "Share of each format among the analysed posts",
    [src],
  );

  // ---- Text signals --------------------------------------------------------------------------
  const bioWords = words(bio);
  const captionWords = posts.map((p) => words(p.caption));
  const hashtagCounts = captionWords.map((ws) =>
    ws.reduce((n, w) => n + (w.charCodeAt(0) === 35 ? 1 : 0), 0),
  );
  const captionLengths = posts.map((p) => p.caption.length);

  // ---- Advertiser analysis -----------------------------------------------------------------
  const self = String(snapshot.username ?? "").toLowerCase();
  const sponsoredIds: string[] = [];
  const signalSet = new Set<string>();
  const brandCounts = new Map<string, number>();
  for (const p of posts) {
    const hits = SPONSOR_PREFILTER.test(p.caption)
      ? SPONSORED_PATTERNS.filter((s) => s.re.test(p.caption))
      : [];
    const isAdFlag = (p as unknown as { isAd?: unknown }).isAd === true;
    if (hits.length > 0 || isAdFlag) {
      sponsoredIds.push(p.id);
      for (const h of hits) signalSet.add(h.signal);
      if (isAdFlag) signalSet.add("platform paid-partnership label");
      for (const m of p.caption.matchAll(/@([\w.]{2,30})/g)) {
        const b = m[1]!.toLowerCase().replace(/\.$/, "");
        if (b !== self) brandCounts.set(b, (brandCounts.get(b) ?? 0) + 1);
      }
    }
  }
  const sponsoredSet = new Set(sponsoredIds);
  const rateOf = (list: CleanPost[]): number | null => {
    if (platform === "instagram") {
      const m = median(list.map(interactions).filter((x): x is number => x !== null));
      return m !== null && followers > 0 ? (m / followers) * 100 : null;
    }
    const r = list
      .filter((p) => p.likes !== null && p.views !== null && p.views > 0)
      .map((p) => interactions(p)! / p.views!);
    return r.length ? median(r)! * 100 : null;
  };
  const sponsoredPosts = posts.filter((p) => sponsoredSet.has(p.id));
  const organicPosts = posts.filter((p) => !sponsoredSet.has(p.id));
  const sponsoredEngagementPct = sponsoredPosts.length ? rateOf(sponsoredPosts) : null;
  const organicEngagementPct = organicPosts.length ? rateOf(organicPosts) : null;
  const brands = [...brandCounts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, 8)
    .map(([b]) => `@${b}`);
  const sponsoredShare = posts.length ? sponsoredPosts.length / posts.length : null;
  let advertiserAnalysis: string = FALLBACK.advertiser;
  if (posts.length > 0) {
    if (sponsoredPosts.length === 0) {
      advertiserAnalysis = `No sponsored posts detected in the last ${posts.length} posts (checked for #ad, paid-partnership wording, gifting and discount codes).`;
    } else {
      advertiserAnalysis = `${sponsoredPosts.length} of the last ${posts.length} posts (${Math.round(sponsoredShare! * 100)}%) look sponsored (${[...signalSet].join(", ")}).`;
      if (brands.length) advertiserAnalysis += ` Brands mentioned: ${brands.slice(0, 5).join(", ")}.`;
      if (sponsoredEngagementPct !== null && organicEngagementPct !== null && organicEngagementPct > 0) {
        const ratio = sponsoredEngagementPct / organicEngagementPct;
        advertiserAnalysis += ` Sponsored posts get ${ratio.toFixed(2)}× the engagement of organic ones (${pct(sponsoredEngagementPct, 2)} vs ${pct(organicEngagementPct, 2)}).`;
      }
    }
  }
  prov(
    "advertiserAnalysis",
    posts.length ? measuredKind : "unavailable",
    "Captions checked for disclosure tags, paid-partnership wording, gifting and discount codes; brands are @mentions in those posts",
    [src],
  );

  // ---- Industry ------------------------------------------------------------------------------
  const industryScores = classifyIndustries(bioWords, category, captionWords);
  const top = industryScores[0];
  const industry: Industry = top && top.score >= 2 ? top.industry : "General";
  const recommendedIndustries: string[] = [];
  for (const s of industryScores) {
    if (recommendedIndustries.length >= 3) break;
    if (s.score >= 2) recommendedIndustries.push(s.industry);
  }
  for (const adj of ADJACENT_INDUSTRIES[industry] ?? []) {
    if (recommendedIndustries.length >= 5) break;
    if (!recommendedIndustries.includes(adj)) recommendedIndustries.push(adj);
  }
  prov(
    "industry",
    industry === "General" ? "estimated" : isSample ? "sample" : "estimated",
    "Keyword classification of bio (×3), category (×5) and captions/hashtags (×1) over a fixed taxonomy",
    [src],
  );
  prov(
    "recommendedIndustries",
    "estimated",
    "The account's strongest industries, then the niches their advertisers also buy into",
    [src],
  );

  // ---- Languages and countries ------------------------------------------------------------------
  const langCounts = new Map<string, number>();
  let langTotal = 0;
  const allTexts = [bio, ...posts.map((p) => p.caption)];
  const allWords = [bioWords, ...captionWords];
  const langIdx = allTexts
    .map((t, i) => (t.trim().length >= 12 ? i : -1))
    .filter((i) => i >= 0)
    .slice(0, 10);
  const unsure: string[] = [];
  for (const i of langIdx) {
    const text = allTexts[i]!;
    const lang = detectLanguageFast(text, allWords[i]!.map(bare));
    if (lang === "und") {
      unsure.push(text.replace(/[#@][\p{L}\p{N}_.]+/gu, " "));
      continue;
    }
    langCounts.set(lang, (langCounts.get(lang) ?? 0) + 1);
    langTotal++;
  }
  if (langTotal === 0 && unsure.length > 0) {
    // Stop words could not tell: one franc call on the texts together.
    const joined = unsure.join(" ").slice(0, 400);
    const lang = detectLanguage(joined, words(joined));
    if (lang !== "und") {
      langCounts.set(lang, unsure.length);
      langTotal = unsure.length;
    }
  }
  const languages = [...langCounts.entries()]
    .map(([code, c]) => ({
      code,
      name: LANGUAGE_COUNTRIES[code]?.name ?? code,
      share: round(c / langTotal, 3),
    }))
    .sort((a, b) => b.share - a.share || a.code.localeCompare(b.code));
  const countryScores = new Map<string, { score: number; reasons: Set<string> }>();
  const addCountry = (country: string, score: number, reason: string) => {
    const e = countryScores.get(country) ?? { score: 0, reasons: new Set<string>() };
    e.score += score;
    e.reasons.add(reason);
    countryScores.set(country, e);
  };
  const declared = (snapshot as { country?: unknown }).country;
  if (typeof declared === "string" && declared) {
    const c = COUNTRY_CODES[declared.toUpperCase()] ?? (declared.length > 3 ? declared : undefined);
    if (c) addCountry(c, 3, "country declared on the profile");
  }
  const locText = `${bio} ${posts
    .slice(0, 15)
    .map((p) => p.caption.slice(0, 300))
    .join(" ")}`;
  const places = new Set<string>();
  for (const ws of [bioWords, ...captionWords.slice(0, 15)]) {
    for (let i = 0; i < ws.length; i++) {
      const w1 = bare(ws[i]!);
      let hit = PLACE_PHRASES.get(w1);
      if (!hit && PLACE_STARTS.has(w1) && i + 1 < ws.length) {
        const two = `${w1} ${bare(ws[i + 1]!)}`;
        hit =
          PLACE_PHRASES.get(two) ??
          (i + 2 < ws.length ? PLACE_PHRASES.get(`${two} ${bare(ws[i + 2]!)}`) : undefined);
      }
      if (hit) places.add(hit);
    }
  }
  for (const c of places) addCountry(c, 2.5, "place names in bio or captions");
  for (const m of new Set(locText.match(/[\u{1F1E6}-\u{1F1FF}]{2}/gu) ?? [])) {
    const c = FLAGS[m];
    if (c) addCountry(c, 2.5, "flag emoji");
  }
  for (const l of languages) {
    const lc = LANGUAGE_COUNTRIES[l.code];
    if (!lc) continue;
    lc.countries.forEach((c, i) => {
      addCountry(c, l.share * 2 * (1 - i * 0.2), `captions in ${lc.name}`);
    });
  }
  const countries = [...countryScores.entries()]
    .map(([country, e]) => ({ country, score: round(e.score, 2), reason: [...e.reasons].join("; ") }))
    .sort((a, b) => b.score - a.score || a.country.localeCompare(b.country))
    .slice(0, 8);
  const recommendedCountries = countries.slice(0, 5).map((c) => c.country);
  prov(
    "recommendedCountries",
    countries.length ? "estimated" : "unavailable",
    "Declared country, place names and flags in bio and captions, and the captions' languages (estimated, not audience data)",
    [src],
  );

  // ---- Audience (estimated) -----------------------------------------------------------------
  let audience: ReportMetrics["audience"] = null;
  let audienceDemographics: string = FALLBACK.demographics;
  const targetDemographics: string[] = [];
  if (!isPrivate && (posts.length > 0 || followers > 0)) {
    const shifts = new Map(AGE_SHIFTS[industry] ?? []);
    const raw = (AGE_PRIORS[platform] ?? AGE_PRIORS.instagram!).map(
      ([b, s]) => [b, Math.max(0.01, s + (shifts.get(b) ?? 0))] as const,
    );
    const total = raw.reduce((a, [, s]) => a + s, 0);
    const ageBrackets = raw.map(([bracket, s]) => ({ bracket, share: round(s / total, 3) }));
    const femaleShare = FEMALE_SHARE_PRIORS[industry] ?? 0.5;
    const methodText = `Estimated from ${label} audience averages adjusted for the ${industry} niche${languages.length ? " and the captions' languages" : ""}; not measured`;
    audience = { ageBrackets, femaleShare, method: methodText };
    const topTwo = [...ageBrackets].sort((a, b) => b.share - a.share).slice(0, 2);
    const gender =
      femaleShare >= 0.6
        ? `about ${Math.round(femaleShare * 100)}% women`
        : femaleShare <= 0.4
          ? `about ${Math.round((1 - femaleShare) * 100)}% men`
          : "a fairly even gender split";
    const where = recommendedCountries.length
      ? `; likely locations ${recommendedCountries.slice(0, 3).join(", ")}`
      : "";
    audienceDemographics = `Estimate (not measured): mostly ${topTwo.map((t) => `${t.bracket} (${Math.round(t.share * 100)}%)`).join(" and ")}, ${gender}${where}. ${methodText}.`;
    const core = topTwo.map((t) => t.bracket);
    const who = femaleShare >= 0.6 ? "Women" : femaleShare <= 0.4 ? "Men" : "Adults";
    targetDemographics.push(`${who} ${core[0] ?? "18–34"}`);
    if (core[1]) targetDemographics.push(`${who} ${core[1]}`);
    if (industry !== "General") targetDemographics.push(`${industry} enthusiasts`);
    if (languages[0]) targetDemographics.push(`${languages[0].name}-speaking audiences`);
  }
  prov("audienceDemographics", audience ? "estimated" : "unavailable", audience?.method ?? "No data", [src]);
  prov(
    "targetDemographics",
    audience ? "estimated" : "unavailable",
    "Derived from the estimated audience, the niche and the captions' language",
    [src],
  );

  // ---- Grade ---------------------------------------------------------------------------------------
  const flags: string[] = [];
  let engagementSub: ReportMetrics["grade"]["subScores"]["engagement"] = null;
  let consistencySub: ReportMetrics["grade"]["subScores"]["consistency"] = null;
  let regularitySub: ReportMetrics["grade"]["subScores"]["regularity"] = null;
  let growthSub: ReportMetrics["grade"]["subScores"]["growth"] = null;
  let authenticitySub: ReportMetrics["grade"]["subScores"]["authenticity"] = null;
  let score: number | null = null;
  let grade: Grade | null = null;
  let gradeDescription: string = FALLBACK.unknown;
  if (!isPrivate && ratePct !== null && enoughPosts) {
    const e = piecewise(ratePct, [
      [0, 0],
      [band.low, 45],
      [band.high, 65],
      [band.exceptional, 88],
      [band.exceptional * 2, 100],
    ]);
    engagementSub = {
      value: round(e, 1),
      weight: 0.4,
      explanation: `${pct(ratePct, 2)} vs the ${band.tier} band ${band.low}–${band.high}%`,
    };
    const c = cv(perPost);
    const cScore =
      c === null
        ? 50
        : piecewise(c, [
            [0.3, 100],
            [1.5, 0],
          ]);
    consistencySub = {
      value: round(cScore, 1),
      weight: 0.15,
      explanation:
        c === null
          ? "Too few posts to judge"
          : `Engagement varies by ${Math.round(c * 100)}% from post to post (coefficient of variation)`,
    };
    const freqScore =
      postsPerWeek === null
        ? 0
        : piecewise(postsPerWeek, [
            [0, 0],
            [0.25, 20],
            [1, 60],
            [3, 100],
          ]);
    const gapCv = cv(gaps);
    const gapScore =
      gapCv === null
        ? 50
        : piecewise(gapCv, [
            [0.5, 100],
            [2, 0],
          ]);
    const recency = daysSinceLast === null ? 1 : daysSinceLast > 60 ? 0.5 : 1;
    const r = (0.5 * freqScore + 0.5 * gapScore) * recency;
    regularitySub = {
      value: round(r, 1),
      weight: 0.15,
      explanation: `${postsPerWeek === null ? "Unknown" : postsPerWeek.toFixed(1)} posts per week${gapCv === null ? "" : `, gaps vary by ${Math.round(gapCv * 100)}%`}${recency < 1 ? ", no post in the last 60 days" : ""}`,
    };
    const hist = (options.history ?? [])
      .map((h) => ({ t: Date.parse(h.fetchedAt), f: num(h.followers) }))
      .filter((h): h is { t: number; f: number } => Number.isFinite(h.t) && h.f !== null && h.t < now - DAY);
    if (hist.length > 0 && followers > 0) {
      const first = hist[0]!;
      const days = (now - first.t) / DAY;
      if (days >= 7 && first.f > 0) {
        const monthly = ((followers / first.f) ** (30 / days) - 1) * 100;
        growthSub = {
          value: round(
            piecewise(monthly, [
              [-5, 0],
              [0, 40],
              [3, 70],
              [10, 100],
            ]),
            1,
          ),
          weight: 0.1,
          explanation: `${monthly >= 0 ? "+" : ""}${monthly.toFixed(1)}% followers per month over ${Math.round(days)} days`,
        };
      }
    }
    let a = 100;
    if (platform === "instagram" && withLikes.length >= 3) {
      const likeSum = withLikes.reduce((s, p) => s + (p.likes ?? 0), 0);
      const commentSum = withLikes.reduce((s, p) => s + (p.comments ?? 0), 0);
      if (likeSum > 0) {
        const ratio = commentSum / likeSum;
        if (ratio < 0.002) {
          a -= 25;
          flags.push(`Very few comments for the likes (${(ratio * 100).toFixed(2)} per 100 likes)`);
        } else if (ratio > 0.2) {
          a -= 20;
          flags.push(
            `Unusually many comments for the likes (${(ratio * 100).toFixed(0)} per 100 likes) — check for engagement pods`,
          );
        }
      }
    }
    if (perPost.length >= 5 && medInteractions && medInteractions > 0) {
      const max = Math.max(...perPost);
      if (max > medInteractions * 10) {
        a -= 10;
        flags.push(
          `One post has ${Math.round(max / medInteractions)}× the median engagement (a viral hit or bought engagement)`,
        );
      }
    }
    if (ratePct > band.exceptional * 3) {
      a -= 20;
      flags.push(`Engagement is over 3× the top of its tier (${pct(ratePct, 2)})`);
    }
    const following = num(snapshot.following);
    if (platform === "instagram" && following !== null && followers >= 10_000 && following > followers) {
      a -= 10;
      flags.push("Follows more accounts than follow it (follow-for-follow pattern)");
    }
    authenticitySub = {
      value: clamp(a, 0, 100),
      weight: 0.2,
      explanation: flags.length
        ? flags.join("; ")
        : "No like/comment anomalies, spikes or follow-back patterns found",
    };
    const subs = [engagementSub, consistencySub, regularitySub, growthSub, authenticitySub].filter(
      (s): s is NonNullable<typeof s> => s !== null,
    );
    const weight = subs.reduce((s, x) => s + x.weight, 0);
    score = round(subs.reduce((s, x) => s + x.value * x.weight, 0) / weight, 1);
    grade = gradeFor(score);
    const strongest = [...subs].sort((x, y) => y.value - x.value)[0]!;
    const weakest = [...subs].sort((x, y) => x.value - y.value)[0]!;
    const names = new Map<object, string>([
      [engagementSub, "engagement"],
      [consistencySub, "consistency"],
      [regularitySub, "posting regularity"],
      [authenticitySub, "authenticity"],
    ]);
    if (growthSub) names.set(growthSub, "growth");
    gradeDescription = `${grade} (score ${score} of 100): ${level.toLowerCase()} engagement for a ${band.tier} ${label} account (${pct(ratePct, 2)}; tier band ${band.low}–${band.high}%). Strongest: ${names.get(strongest)}; weakest: ${names.get(weakest)}.`;
  } else if (isPrivate) {
    gradeDescription = `This ${label} account is private, so its posts cannot be scanned and no grade is given.`;
  } else if (posts.length === 0) {
    gradeDescription = "No public posts to analyse, so no grade is given.";
  } else {
    gradeDescription = `Only ${usable} posts have usable engagement data${hiddenLikesPosts ? ` (${hiddenLikesPosts} hide their likes)` : ""}; at least 3 are needed for a grade.`;
  }
  prov(
    "grade",
    grade === null ? "unavailable" : measuredKind,
    "Weighted sub-scores: engagement vs tier 40%, consistency 15%, regularity 15%, growth 10% (when history exists), authenticity 20%",
    [src],
  );
  prov(
    "gradeDescription",
    grade === null ? "unavailable" : measuredKind,
    "Written by the engine from the grade's sub-scores",
    [src],
  );

  // ---- Content quality -------------------------------------------------------------------------
  let contentQuality: string = FALLBACK.notAvailable;
  if (posts.length > 0) {
    const medLen = median(captionLengths) ?? 0;
    const avgTags = hashtagCounts.reduce((a, b) => a + b, 0) / posts.length;
    const c = cv(perPost);
    const parts: string[] = [];
    if (c !== null) {
      parts.push(
        c < 0.5
          ? `Consistent performance: engagement varies little from post to post (${Math.round(c * 100)}%)`
          : c < 1
            ? `Uneven performance: engagement varies by ${Math.round(c * 100)}% between posts`
            : `Hit-driven: a few posts carry most of the engagement (variation ${Math.round(c * 100)}%)`,
      );
    }
    parts.push(
      medLen >= 150
        ? `captions are detailed (median ${Math.round(medLen)} characters)`
        : medLen >= 40
          ? `captions are short (median ${Math.round(medLen)} characters)`
          : "captions are minimal",
    );
    parts.push(`${avgTags.toFixed(1)} hashtags per post on average`);
    const best = [...contentMix]
      .filter((m) => m.medianInteractions !== null)
      .sort((x, y) => y.medianInteractions! - x.medianInteractions!)[0];
    if (best && contentMix.length > 1) parts.push(`${best.label.toLowerCase()} perform best`);
    contentQuality = `${parts.join("; ")}.`;
    contentQuality = contentQuality.charAt(0).toUpperCase() + contentQuality.slice(1);
  }
  prov(
    "contentQuality",
    posts.length ? measuredKind : "unavailable",
    "From engagement consistency, caption length, hashtag use and format performance",
    [src],
  );

  // ---- Value per post (estimate) ----------------------------------------------------------------
  let value: ReportMetrics["value"] = null;
  let earnings: ReportMetrics["earnings"] = null;
  let estimatedPostValue: string = FALLBACK.notAvailable;
  let estimatedEarnings: string = FALLBACK.notAvailable;
  if (!isPrivate && followers > 0 && posts.length > 0 && !followersHidden) {
    const mainType = contentMix[0]?.type ?? "video";
    const cpm = tables.cpm[platform][mainType] ?? Object.values(tables.cpm[platform])[0] ?? 10;
    const views = posts.map((p) => p.views).filter((v): v is number => v !== null && v > 0);
    const medViews = views.length >= 3 ? median(views) : null;
    const reach = medViews ?? followers * tables.reachRate[platform];
    const reachMethod =
      medViews !== null
        ? `median views of the last ${views.length} posts`
        : `${Math.round(tables.reachRate[platform] * 100)}% of followers (typical organic reach; views not public)`;
    const mid = (band.low + band.high) / 2;
    const engagementFactor = ratePct !== null ? round(clamp(ratePct / mid, 0.5, 2), 2) : 1;
    const nicheFactor = tables.niche[industry] ?? 1;
    const base = (reach / 1000) * cpm * engagementFactor * nicheFactor;
    const midValue = Math.max(5, base);
    value = {
      low: round(midValue * 0.7, 0),
      high: round(midValue * 1.4, 0),
      mid: round(midValue, 0),
      currency: "USD",
      reach: Math.round(reach),
      reachMethod,
      cpm,
      engagementFactor,
      nicheFactor,
      formula: `${thousands(reach)} reach ÷ 1,000 × $${cpm} CPM × ${engagementFactor} engagement × ${nicheFactor} niche = ${money(midValue)}; range 0.7×–1.4×`,
    };
    estimatedPostValue = `${money(value.low)} – ${money(value.high)} per post (estimate)`;
    if (postsPerWeek !== null) {
      const postsPerMonth = postsPerWeek * 4.345;
      const observed = sponsoredShare ?? 0;
      const shareUsed = observed > 0 ? Math.min(observed, 0.5) : 0.2;
      const sponsoredPerMonth = Math.max(1, Math.round(postsPerMonth * shareUsed));
      earnings = {
        postsPerMonth: round(postsPerMonth, 1),
        sponsoredPostsPerMonth: sponsoredPerMonth,
        sponsoredShareUsed: round(shareUsed, 3),
        assumption:
          observed > 0
            ? `${Math.round(shareUsed * 100)}% of posts sponsored, as observed (capped at 50%)`
            : "20% of posts sponsored (assumed: none detected in the analysed posts)",
        low: round(value.low * sponsoredPerMonth, 0),
        high: round(value.high * sponsoredPerMonth, 0),
      };
      estimatedEarnings = `${money(earnings.low)} – ${money(earnings.high)} per month (estimate, ${sponsoredPerMonth} sponsored post${sponsoredPerMonth === 1 ? "" : "s"} a month)`;
    }
  }
  prov(
    "estimatedPostValue",
    value ? "estimated" : "unavailable",
    value?.formula ?? "Needs public followers and posts",
    [src, "CPM and niche tables: docs/methodology.md"],
  );
  prov(
    "estimatedEarnings",
    earnings ? "estimated" : "unavailable",
    earnings
      ? `Value per post × sponsored posts per month; ${earnings.assumption}`
      : "Needs a value estimate and a posting rate",
    [src],
  );
  prov(
    "followers",
    followersHidden ? "unavailable" : measuredKind,
    platform === "youtube"
      ? "Subscriber count as the platform publishes it (rounded to 3 significant digits)"
      : "Follower count as the platform publishes it",
    [src],
  );

  const accountType =
    (snapshot as { isBusiness?: unknown }).isBusiness === true
      ? "Business"
      : category
        ? "Creator"
        : "Personal";

  return {
    platform,
    username: String(snapshot.username ?? ""),
    name,
    bio,
    verified: snapshot.verified === true,
    isPrivate,
    accountType,
    industry,
    engagementLevel: level,
    engagementRate,
    grade,
    gradeDescription,
    followers,
    audienceDemographics,
    postFrequency,
    contentQuality,
    contentTypes,
    estimatedPostValue,
    estimatedEarnings,
    advertiserAnalysis,
    recommendedIndustries: isPrivate ? [] : recommendedIndustries,
    recommendedCountries,
    targetDemographics,
    metrics: {
      engagement: {
        ratePct: ratePct === null ? null : round(ratePct, 4),
        perFollowerPct: perFollowerPct === null ? null : round(perFollowerPct, 4),
        perViewPct: perViewPct === null ? null : round(perViewPct, 4),
        basis,
        medianLikes: median(withLikes.map((p) => p.likes!)),
        medianComments: median(posts.map((p) => p.comments).filter((x): x is number => x !== null)),
        medianViews: median(posts.map((p) => p.views).filter((x): x is number => x !== null)),
        medianShares: median(posts.map((p) => p.shares).filter((x): x is number => x !== null)),
        postsUsed: usable,
        hiddenLikesPosts,
        method,
        benchmark: {
          tier: band.tier,
          lowPct: band.low,
          highPct: band.high,
          exceptionalPct: band.exceptional,
          source: tables.source[platform],
        },
      },
      grade: {
        score,
        subScores: {
          engagement: engagementSub,
          consistency: consistencySub,
          regularity: regularitySub,
          growth: growthSub,
          authenticity: authenticitySub,
        },
      },
      frequency: {
        postsPerWeek: postsPerWeek === null ? null : round(postsPerWeek, 2),
        medianGapDays: medianGapDays === null ? null : round(medianGapDays, 2),
        spanDays: spanDays === null ? null : round(spanDays, 2),
        postsAnalysed: posts.length,
      },
      contentMix,
      value,
      earnings,
      advertiser: {
        postsChecked: posts.length,
        sponsoredPosts: sponsoredPosts.length,
        sponsoredShare: sponsoredShare === null ? null : round(sponsoredShare, 4),
        brands,
        sponsoredPostIds: sponsoredIds,
        sponsoredEngagementPct: sponsoredEngagementPct === null ? null : round(sponsoredEngagementPct, 4),
        organicEngagementPct: organicEngagementPct === null ? null : round(organicEngagementPct, 4),
        signals: [...signalSet],
      },
      industries: industryScores.slice(0, 5),
      languages,
      countries,
      audience,
      authenticity: { flags },
    },
    provenance,
  };
}
