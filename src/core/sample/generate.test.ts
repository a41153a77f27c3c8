import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Platform } from "../schemas/platform";
import { type ProfileSnapshot, profileSnapshotSchema } from "../schemas/snapshot";
import { COUNTRIES, INDUSTRIES } from "../taxonomy";
import {
  createSampleCatalog,
  generateSampleSnapshots,
  isValidSampleHandle,
  sampleHandleFor,
  tierOf,
} from "./index";

const NOW = new Date("2026-09-10T12:00:00Z");
const OPTS = { seed: 20260910, now: NOW };

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe("determinism", () => {
  it("gives the same output for the same seed and now, and different output for another seed", () => {
    const a = generateSampleSnapshots(300, OPTS);
    const b = generateSampleSnapshots(300, OPTS);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const c = generateSampleSnapshots(300, { ...OPTS, seed: 7 });
    expect(JSON.stringify(c)).not.toBe(JSON.stringify(a));
  });

  it("never calls Math.random", () => {
    const spy = vi.spyOn(Math, "random").mockImplementation(() => {
      throw new Error("Math.random must not be used");
    });
    try {
      expect(() => generateSampleSnapshots(200, OPTS)).not.toThrow();
      expect(spy).not.toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it("is prefix-stable, and the catalog rebuilds any account alone", () => {
    const small = generateSampleSnapshots(400, OPTS);
    const catalog = createSampleCatalog(1000, OPTS);
    for (const i of [0, 1, 57, 399]) {
      expect(JSON.stringify(catalog.snapshotAt(i))).toBe(JSON.stringify(small[i]));
      const { platform, handle } = catalog.handles[i] as { platform: Platform; handle: string };
      expect(sampleHandleFor(i, OPTS)).toEqual({ platform, handle });
      expect(catalog.indexOf(platform, `@${handle.toUpperCase()}`)).toBe(i);
      expect(catalog.find(platform, handle)?.username).toBe(handle);
    }
    expect(catalog.find("instagram", "definitely_not_a_sample_handle_x")).toBeNull();
    expect(() => catalog.snapshotAt(1000)).toThrow(RangeError);
  });
});

describe("a population of sample creators", () => {
  let all: ProfileSnapshot[];
  beforeAll(() => {
    all = generateSampleSnapshots(20_000, OPTS);
  });

  it("passes the snapshot contract and is labelled as sample data", () => {
    for (const s of all.slice(0, 5000)) {
      const parsed = profileSnapshotSchema.safeParse(s);
      if (!parsed.success) throw new Error(`${s.username}: ${parsed.error.message}`);
    }
    expect(all.every((s) => s.source === "sample" && s.fetchedAt === NOW.toISOString())).toBe(true);
  });

  it("has unique handles, valid for each platform", () => {
    const seen = new Set<string>();
    const bad: string[] = [];
    for (const s of all) {
      const charset = s.platform === "youtube" ? /^[a-z0-9._-]{3,30}$/ : /^[a-z0-9._]{3,30}$/;
      const max = s.platform === "tiktok" ? 24 : 30;
      if (
        !isValidSampleHandle(s.platform, s.username) ||
        !charset.test(s.username) ||
        s.username.length > max
      )
        bad.push(`${s.platform} @${s.username}`);
      if (seen.has(s.username)) bad.push(`duplicate @${s.username}`);
      seen.add(s.username);
    }
    expect(bad).toEqual([]);
  });

  it("has posts of the platform's types, newest first, dated before now, with plausible counts", () => {
    const types: Record<Platform, Set<string>> = {
      instagram: new Set(["photo", "carousel", "reel", "video"]),
      tiktok: new Set(["video"]),
      youtube: new Set(["short", "video", "live"]),
    };
    const seenTypes = new Set<string>();
    const problems: string[] = [];
    for (const s of all.slice(0, 5000)) {
      let last = Number.POSITIVE_INFINITY;
      for (const p of s.posts) {
        const where = `@${s.username}/${p.id}`;
        if (!types[s.platform].has(p.type)) problems.push(`${where}: type ${p.type}`);
        seenTypes.add(`${s.platform}:${p.type}`);
        const t = Date.parse(p.postedAt);
        if (!(t <= NOW.getTime() && t <= last)) problems.push(`${where}: date order`);
        last = t;
        if (p.type === "short" && (p.durationSec ?? 0) > 180) problems.push(`${where}: long short`);
        if (p.type !== "photo" && p.type !== "carousel" && !((p.durationSec ?? 0) > 0))
          problems.push(`${where}: no duration`);
        if (p.views != null && p.likes != null && p.views < p.likes) problems.push(`${where}: views < likes`);
        for (const n of [p.likes, p.comments, p.views, p.shares])
          if (n != null && !(Number.isInteger(n) && n >= 0)) problems.push(`${where}: count ${n}`);
      }
      if (!s.isPrivate && (s.posts.length < 12 || s.posts.length > 30))
        problems.push(`@${s.username}: ${s.posts.length} posts`);
      if ((s.postsCount ?? 0) < s.posts.length) problems.push(`@${s.username}: postsCount`);
    }
    expect(problems.slice(0, 10)).toEqual([]);
    expect([...seenTypes].sort()).toEqual(
      [
        "instagram:carousel",
        "instagram:photo",
        "instagram:reel",
        "instagram:video",
        "tiktok:video",
        "youtube:live",
        "youtube:short",
        "youtube:video",
      ].sort(),
    );
  });

  it("spans 1K–50M followers with a heavy tail and every tier populated", () => {
    const followers = all.map((s) => s.followers);
    expect(Math.min(...followers)).toBeGreaterThanOrEqual(1_000);
    expect(Math.max(...followers)).toBeLessThanOrEqual(50_000_000);
    expect(Math.max(...followers)).toBeGreaterThan(10_000_000);
    const med = median(followers);
    const mean = sum(followers) / followers.length;
    expect(med).toBeGreaterThan(1_500);
    expect(med).toBeLessThan(10_000);
    expect(mean / med).toBeGreaterThan(10); // heavy-tailed: the mean is dominated by a few big accounts
    const tiers = [0, 0, 0, 0, 0];
    for (const f of followers) tiers[tierOf(f)] = (tiers[tierOf(f)] ?? 0) + 1;
    for (const n of tiers) expect(n).toBeGreaterThan(50);
    expect(tiers[0]).toBeGreaterThan(tiers[1] ?? 0);
    expect(tiers[1]).toBeGreaterThan(tiers[4] ?? 0);
  });

  it("has a median Instagram engagement rate per tier in 0.5–8%, falling with tier", () => {
    const byTier: number[][] = [[], [], [], [], []];
    for (const s of all) {
      if (s.platform !== "instagram" || s.isPrivate || s.posts.length === 0) continue;
      if (s.posts.some((p) => p.likes == null)) continue;
      const er = sum(s.posts.map((p) => (p.likes ?? 0) + (p.comments ?? 0))) / s.posts.length / s.followers;
      byTier[tierOf(s.followers)]?.push(er);
    }
    const medians = byTier.map((ers) => median(ers));
    for (const m of medians) {
      expect(m).toBeGreaterThan(0.005);
      expect(m).toBeLessThan(0.08);
    }
    expect(medians[0]).toBeGreaterThan(medians[4] as number);
  });

  it("has TikTok view-based engagement of 4–10% and YouTube views at 5–30% of subscribers", () => {
    const ttEr: number[] = [];
    const ytViews: number[] = [];
    const ytEr: number[] = [];
    for (const s of all) {
      if (s.isPrivate || s.posts.length === 0 || s.posts.some((p) => p.likes == null)) continue;
      const views = sum(s.posts.map((p) => p.views ?? 0));
      const eng = sum(s.posts.map((p) => (p.likes ?? 0) + (p.comments ?? 0) + (p.shares ?? 0)));
      if (s.platform === "tiktok") ttEr.push(eng / views);
      if (s.platform === "youtube") {
        const longForm = s.posts.filter((p) => p.type === "video");
        if (longForm.length > 0) ytViews.push(median(longForm.map((p) => p.views ?? 0)) / s.followers);
        ytEr.push(eng / views);
      }
    }
    expect(median(ttEr)).toBeGreaterThan(0.04);
    expect(median(ttEr)).toBeLessThan(0.1);
    expect(median(ytViews)).toBeGreaterThan(0.05);
    expect(median(ytViews)).toBeLessThan(0.3);
    expect(median(ytEr)).toBeGreaterThan(0.02);
    expect(median(ytEr)).toBeLessThan(0.05);
  });

  it("has ~2% private accounts and ~3% hidden likes", () => {
    const privateShare = all.filter((s) => s.isPrivate).length / all.length;
    expect(privateShare).toBeGreaterThan(0.01);
    expect(privateShare).toBeLessThan(0.03);
    for (const s of all.filter((x) => x.isPrivate)) {
      expect(s.posts).toEqual([]);
      expect(s.platform).not.toBe("youtube");
    }
    const hiddenShare =
      all.filter((s) => s.posts.length > 0 && s.posts.every((p) => p.likes === null)).length / all.length;
    expect(hiddenShare).toBeGreaterThan(0.02);
    expect(hiddenShare).toBeLessThan(0.045);
  });

  it("posts 0.5–14 times a week", () => {
    const rates = all
      .filter((s) => s.posts.length >= 12)
      .map((s) => {
        const first = Date.parse(s.posts[s.posts.length - 1]?.postedAt ?? "");
        const last = Date.parse(s.posts[0]?.postedAt ?? "");
        return ((s.posts.length - 1) / ((last - first) / 86_400_000)) * 7;
      });
    expect(median(rates)).toBeGreaterThan(1);
    expect(median(rates)).toBeLessThan(8);
    expect(rates.filter((r) => r < 0.3 || r > 25).length / rates.length).toBeLessThan(0.01);
  });

  it("spreads creators over industries (rarely General), languages and real countries", () => {
    const industries = new Map<string, number>();
    const languages = new Map<string, number>();
    const problems: string[] = [];
    for (const s of all) {
      industries.set(String(s.industry), (industries.get(String(s.industry)) ?? 0) + 1);
      languages.set(String(s.language), (languages.get(String(s.language)) ?? 0) + 1);
      if (!(INDUSTRIES as readonly string[]).includes(String(s.industry)))
        problems.push(`industry ${s.industry}`);
      if (s.category !== s.industry) problems.push(`category ${s.category}`);
      if (!(COUNTRIES as readonly string[]).includes(String(s.country)))
        problems.push(`country ${s.country}`);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    expect(industries.size).toBe(INDUSTRIES.length);
    expect((industries.get("General") ?? 0) / all.length).toBeLessThan(0.05);
    expect((languages.get("en") ?? 0) / all.length).toBeGreaterThan(0.6);
    for (const l of ["es", "pt", "fr", "de", "id", "ja"]) expect(languages.get(l) ?? 0).toBeGreaterThan(100);
  });

  it("writes bios and captions with hashtags, brand mentions and sponsorship disclosures", () => {
    const captions = all.slice(0, 3000).flatMap((s) => s.posts.map((p) => p.caption ?? ""));
    const share = (re: RegExp) => captions.filter((c) => re.test(c)).length / captions.length;
    expect(share(/#\w/)).toBeGreaterThan(0.9);
    expect(share(/@[a-z]/)).toBeGreaterThan(0.03);
    const sponsored = share(
      /#ad\b|#sponsored|#publi|#anzeige|#werbung|#partenariat|#iklan|#PR\b|[Pp]aid partnership|code /,
    );
    expect(sponsored).toBeGreaterThan(0.02);
    expect(sponsored).toBeLessThan(0.25);
    expect(captions.some((c) => c.includes("Paid partnership with @"))).toBe(true);
    expect(captions.some((c) => /Use code [A-Z]+\d+ for \d+% off at @/.test(c))).toBe(true);
    expect(captions.some((c) => c.includes("#publi"))).toBe(true);
    expect(captions.some((c) => /[\u3040-\u30ff]/.test(c))).toBe(true); // some Japanese
    for (const s of all.slice(0, 500)) expect(s.bio.length).toBeGreaterThan(10);
  });

  it("rounds YouTube subscribers to 3 significant figures and gives big accounts more verification", () => {
    const unrounded = all.filter(
      (x) => x.platform === "youtube" && Number(String(x.followers).slice(3)) !== 0,
    );
    expect(unrounded).toEqual([]);
    const verifiedShare = (tier: number) => {
      const group = all.filter((s) => tierOf(s.followers) === tier);
      return group.filter((s) => s.verified).length / group.length;
    };
    expect(verifiedShare(4)).toBeGreaterThan(verifiedShare(0) + 0.3);
  });
});

describe("options", () => {
  it("honours postsPerAccount as a number or a range", () => {
    for (const s of generateSampleSnapshots(200, { ...OPTS, postsPerAccount: 5 }))
      expect(s.posts.length).toBe(s.isPrivate ? 0 : 5);
    for (const s of generateSampleSnapshots(200, { ...OPTS, postsPerAccount: [0, 0] }))
      expect(s.posts).toEqual([]);
    for (const s of generateSampleSnapshots(200, { ...OPTS, postsPerAccount: [3, 4] }))
      expect(s.isPrivate || (s.posts.length >= 3 && s.posts.length <= 4)).toBe(true);
  });

  it("generates thousands of creators quickly", () => {
    const started = performance.now();
    const out = generateSampleSnapshots(5000, OPTS);
    expect(out).toHaveLength(5000);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
