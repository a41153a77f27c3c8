import { describe, expect, it } from "vitest";
import { engineReportSchema, REPORT_FIELDS } from "../schemas/report";
import { type ProfileSnapshot, parseSnapshot, type SnapshotPost } from "../schemas/snapshot";
import { COUNTRIES } from "../taxonomy";
import { isSponsored } from "./advertiser";
import { analyzeSnapshot } from "./analyze";
import { DEFAULT_BENCHMARKS, levelFor, tierFor } from "./benchmarks";
import { gradeFor } from "./grade";
import { SIGNAL } from "./lexicon";
import { FALLBACK } from "./unavailable";

const NOW = new Date("2026-11-20T12:00:00Z");
const DAY = 86_400_000;

/** A post `daysAgo` days before NOW. */
function post(i: number, over: Partial<SnapshotPost> = {}, daysAgo = 1 + i * 2): SnapshotPost {
  return {
    id: `p${i}`,
    type: "photo",
    caption: "",
    postedAt: new Date(NOW.getTime() - daysAgo * DAY).toISOString(),
    likes: 100,
    comments: 5,
    ...over,
  };
}

function snap(
  over: Partial<ProfileSnapshot> & Record<string, unknown> = {},
  posts?: SnapshotPost[],
): ProfileSnapshot {
  return parseSnapshot({
    platform: "instagram",
    username: "tester",
    followers: 10_000,
    fetchedAt: NOW.toISOString(),
    source: "test",
    posts: posts ?? [0, 1, 2, 3, 4, 5].map((i) => post(i)),
    ...over,
  });
}

const run = (s: ProfileSnapshot, opts: Partial<Parameters<typeof analyzeSnapshot>[1]> = {}) => {
  const r = analyzeSnapshot(s, { now: NOW, ...opts });
  const parsed = engineReportSchema.safeParse(r);
  if (!parsed.success) throw new Error(JSON.stringify(parsed.error.issues.slice(0, 3)));
  return r;
};

const captions = (texts: string[], over: Partial<SnapshotPost> = {}) =>
  texts.map((caption, i) => post(i, { caption, ...over }));

describe("engagement rate", () => {
  it("counts comments only, and says so, when likes are hidden on the posts", () => {
    const posts = [0, 1, 2, 3].map((i) => post(i, { likes: null, comments: 10 + i * 10 }));
    const r = run(snap({}, posts));
    // comments 10, 20, 30, 40 → median 25 ÷ 10,000 = 0.25 %
    expect(r.engagementRate).toBe("0.25");
    expect(r.metrics.engagement).toMatchObject({ numerator: "comments", hiddenLikesPosts: 4 });
    expect(r.metrics.engagement.method).toContain("likes are hidden, so only comments are counted");
    expect(r.engagementLevel).toBe("unknown");
    expect(r.grade).toBeNull();
    expect(r.gradeDescription).toContain("Likes are hidden");
  });

  it("is unknown when likes and comments are both hidden", () => {
    const r = run(
      snap(
        {},
        [0, 1, 2].map((i) => post(i, { likes: null, comments: null })),
      ),
    );
    expect(r.engagementRate).toBe("");
    expect(r.engagementLevel).toBe("unknown");
    expect(r.provenance.engagementRate!.kind).toBe("unavailable");
  });

  it("shows the rate of fewer than 3 posts with low confidence, but no level or grade", () => {
    const r = run(snap({}, [post(0), post(1)]));
    expect(r.engagementRate).toBe("1.05");
    expect(r.metrics.engagement.confidence).toBe("low");
    expect(r.metrics.engagement.method).toContain("too few to rate (low confidence)");
    expect(r.engagementLevel).toBe("unknown");
    expect(r.grade).toBeNull();
    expect(r.gradeDescription).toBe(
      "Only 2 posts have usable engagement data; at least 3 are needed for a grade.",
    );
  });

  it("has high confidence from 12 posts", () => {
    const r = run(
      snap(
        {},
        Array.from({ length: 12 }, (_, i) => post(i)),
      ),
    );
    expect(r.metrics.engagement.confidence).toBe("high");
  });

  it("gives no rate with zero followers on Instagram", () => {
    const r = run(snap({ followers: 0 }));
    expect(r.engagementRate).toBe("");
    expect(r.engagementLevel).toBe("unknown");
    expect(r.gradeDescription).toContain("follower count is zero or hidden");
    expect(r.estimatedPostValue).toBe(FALLBACK.notAvailable);
  });

  it("falls back to per follower on TikTok when no views are public (zero views), without a level", () => {
    const posts = [0, 1, 2, 3].map((i) => post(i, { type: "video", views: 0, shares: 1 }));
    const r = run(snap({ platform: "tiktok" }, posts));
    // (100 + 5 + 1) ÷ 10,000 = 1.06 %
    expect(r.engagementRate).toBe("1.06");
    expect(r.metrics.engagement.basis).toBe("followers");
    expect(r.metrics.engagement.method).toContain("views are not available");
    expect(r.engagementLevel).toBe("unknown");
    expect(r.gradeDescription).toContain("No views are public");
  });

  it("rates YouTube per view but judges the level per subscriber", () => {
    const posts = [0, 1, 2].map((i) => post(i, { type: "video", views: 10_000, likes: 300, comments: 20 }));
    const r = run(snap({ platform: "youtube", followers: 100_000 }, posts));
    expect(r.engagementRate).toBe("3.20");
    // 320 ÷ 100,000 = 0.32 % per subscriber > 0.27 % → High
    expect(r.metrics.engagement.benchmark).toMatchObject({ basis: "followers", comparedPct: 0.32 });
    expect(r.engagementLevel).toBe("High");
  });

  it("leaves posts under a day old out of the rate when 3 older ones remain", () => {
    const posts = [post(9, { likes: 1 }, 0.2), post(0), post(1), post(2)];
    const r = run(snap({}, posts));
    expect(r.metrics.engagement.postsUsed).toBe(3);
    expect(r.metrics.engagement.method).toContain("1 post under a day old left out");
    expect(r.engagementRate).toBe("1.05");
    const few = run(snap({}, [post(9, { likes: 1 }, 0.2), post(0), post(1)]));
    expect(few.metrics.engagement.postsUsed).toBe(3);
  });

  it("uses the 30 most recent posts", () => {
    const posts = Array.from({ length: 40 }, (_, i) => post(i, { likes: i < 30 ? 100 : 100_000 }, i + 1));
    const r = run(snap({}, posts));
    expect(r.metrics.frequency.postsAnalysed).toBe(30);
    expect(r.engagementRate).toBe("1.05");
  });
});

describe("level and grade scales", () => {
  it("classifies against the tier band: below Low, inside Medium, above High", () => {
    const band = tierFor("instagram", 20_000);
    expect(band.tier).toBe("10K–50K");
    expect(levelFor(0.83, band)).toBe("Low");
    expect(levelFor(0.84, band)).toBe("Medium");
    expect(levelFor(1.11, band)).toBe("Medium");
    expect(levelFor(1.12, band)).toBe("High");
  });

  it("maps scores to letters at the documented steps", () => {
    const cases: [number, string][] = [
      [100, "A+"],
      [90, "A+"],
      [89.9, "A"],
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
      [34.9, "F"],
      [0, "F"],
    ];
    for (const [score, g] of cases) expect(gradeFor(score), String(score)).toBe(g);
  });

  it("renormalises the weights when growth is missing and includes growth with history", () => {
    const base = run(snap());
    const subs = Object.values(base.metrics.grade.subScores).filter((s) => s !== null);
    expect(subs.reduce((a, s) => a + s!.weight, 0)).toBeCloseTo(0.9);
    const r = run(snap(), { history: [{ fetchedAt: "2026-10-21T12:00:00Z", followers: 9_000 }] });
    // (10,000 ÷ 9,000) ^ (30 ÷ 30) − 1 = +11.1 % a month → 100
    expect(r.metrics.grade.subScores.growth).toEqual({
      value: 100,
      weight: 0.1,
      explanation: "+11.1% followers per month over 30 days (9,000 → 10,000)",
    });
    const short = run(snap(), { history: [{ fetchedAt: "2026-11-17T12:00:00Z", followers: 9_000 }] });
    expect(short.metrics.grade.subScores.growth).toBeNull();
  });

  it("flags a follower jump of over 20 % within a week, far above the account's trend", () => {
    const r = run(snap(), {
      history: [
        { fetchedAt: "2026-10-01T00:00:00Z", followers: 5_000 },
        { fetchedAt: "2026-10-03T00:00:00Z", followers: 8_000 },
      ],
    });
    expect(r.metrics.authenticity.flags[0]).toBe(
      "+60% followers in 2 days with no engagement measured to back it: a pattern seen with bought followers",
    );
    expect(r.metrics.grade.subScores.authenticity!.value).toBe(85);
  });

  it("does not flag a jump matched by engagement per post, flags one where engagement fell, and flags a sudden drop", () => {
    // Now: 10,000 followers, median 100 likes + 5 comments = 105 interactions per post.
    const early = { fetchedAt: "2026-10-21T12:00:00Z", followers: 7_900 };
    const viral = run(snap(), {
      history: [early, { fetchedAt: "2026-11-15T12:00:00Z", followers: 8_000, medianInteractions: 60 }],
    });
    expect(viral.metrics.authenticity.flags).toEqual([]);
    const bought = run(snap(), {
      history: [early, { fetchedAt: "2026-11-15T12:00:00Z", followers: 8_000, medianInteractions: 150 }],
    });
    expect(bought.metrics.authenticity.flags).toEqual([
      "+25% followers in 5 days while engagement per post fell 30%: a pattern seen with bought followers",
    ]);
    expect(bought.metrics.grade.subScores.authenticity!.value).toBe(85);
    const dropped = run(snap(), {
      history: [early, { fetchedAt: "2026-11-17T12:00:00Z", followers: 12_000 }],
    });
    expect(dropped.metrics.authenticity.flags[0]).toMatch(/^−17% followers in 3 days: a sudden drop/);
    expect(dropped.metrics.grade.subScores.authenticity!.value).toBe(90);
  });

  it("halves regularity when the last post is over 60 days old", () => {
    const posts = [0, 1, 2, 3].map((i) => post(i, {}, 70 + i * 2));
    const r = run(snap({}, posts));
    expect(r.metrics.grade.subScores.regularity!.explanation).toContain("last post 70 days ago (halved)");
    expect(r.metrics.grade.subScores.regularity!.value).toBe(50);
    expect(r.postFrequency).toBe("3.5 posts per week (last post 70 days ago)");
  });

  it("flags authenticity anomalies", () => {
    const few = run(
      snap(
        {},
        [0, 1, 2, 3, 4].map((i) => post(i, { likes: 5000, comments: 1 })),
      ),
    );
    expect(few.metrics.authenticity.flags.join(" ")).toContain(
      "Very few comments for the likes (0.02 per 100 likes)",
    );
    const pods = run(
      snap(
        {},
        [0, 1, 2, 3].map((i) => post(i, { likes: 50, comments: 40 })),
      ),
    );
    expect(pods.metrics.authenticity.flags.join(" ")).toContain("engagement pods or giveaways");
    const spike = run(
      snap(
        {},
        [0, 1, 2, 3, 4, 5].map((i) => post(i, { likes: i === 0 ? 20_000 : 100 })),
      ),
    );
    expect(spike.metrics.authenticity.flags.join(" ")).toContain("× the median engagement");
    const extreme = run(
      snap(
        {},
        [0, 1, 2].map((i) => post(i, { likes: 900, comments: 40 })),
      ),
    );
    expect(extreme.metrics.authenticity.flags.join(" ")).toContain("over 3× the tier's high mark");
    const f4f = run(snap({ following: 20_000 }));
    expect(f4f.metrics.authenticity.flags).toContain(
      "Follows more accounts than follow it (follow-for-follow pattern)",
    );
    const tiktok = [0, 1, 2].map((i) => post(i, { type: "video", views: 1_000, likes: 60, comments: 5 }));
    const inactive = run(snap({ platform: "tiktok", followers: 1_000_000 }, tiktok));
    expect(inactive.metrics.authenticity.flags.join(" ")).toContain("under 1% of 1,000,000 followers");
    expect(inactive.metrics.grade.subScores.authenticity!.value).toBe(85);
  });
});

describe("posting frequency and content", () => {
  it("needs two dated posts on different days", () => {
    expect(run(snap({}, [post(0)])).postFrequency).toBe(FALLBACK.notAvailable);
    const same = [post(0, {}, 3), { ...post(1, {}, 3), id: "x" }];
    expect(run(snap({}, same)).postFrequency).toBe(FALLBACK.notAvailable);
  });

  it("reads 'per month' below one post a week", () => {
    const r = run(snap({}, [post(0, {}, 1), post(1, {}, 15), post(2, {}, 29)]));
    // 2 gaps over 28 days = 0.5 a week × 4.348 = 2.2 a month
    expect(r.postFrequency).toBe("2.2 posts per month");
  });

  it("merges formats with the same label (TikTok videos) and labels YouTube formats", () => {
    const tt = run(
      snap({ platform: "tiktok" }, [
        post(0, { type: "video" }),
        post(1, { type: "short" }),
        post(2, { type: "photo" }),
        post(3, { type: "video" }),
      ]),
    );
    expect(tt.contentTypes).toEqual(["Videos (75%)", "Photo posts (25%)"]);
    const yt = run(
      snap({ platform: "youtube" }, [
        post(0, { type: "video" }),
        post(1, { type: "short" }),
        post(2, { type: "live" }),
      ]),
    );
    expect(yt.contentTypes).toEqual(["Live streams (33%)", "Long-form videos (33%)", "Shorts (33%)"]);
  });

  it("describes content quality from measured signals", () => {
    const none = run(snap());
    expect(none.contentQuality).toContain("mostly no captions");
    expect(none.contentQuality).toContain("no hashtags");
    const tags = Array.from({ length: 20 }, (_, i) => `#tag${i}`).join(" ");
    const heavy = run(snap({}, captions([tags, tags, tags])));
    expect(heavy.contentQuality).toContain("hashtag-heavy (20.0 per post)");
  });
});

describe("value per post and earnings", () => {
  it("uses median views as reach when 3 posts have them, and the platform's CPM for the main format", () => {
    const posts = [0, 1, 2].map((i) => post(i, { type: "reel", views: 20_000 + i * 10_000 }));
    const r = run(snap({}, posts));
    expect(r.metrics.value).toMatchObject({ reach: 30_000, cpm: 8 });
    expect(r.metrics.value!.reachMethod).toBe("median views of the last 3 posts with public views");
  });

  it("clamps the engagement factor to 0.5–1.5 and applies no niche factor outside the table", () => {
    const low = run(
      snap(
        {},
        [0, 1, 2].map((i) => post(i, { likes: 10, comments: 0 })),
      ),
    );
    // 0.1 % vs the band's 0.84 % floor → 0.12 → clamped 0.5; no views → follower rate 10 × $10 × 0.5 = $50
    expect(low.metrics.value).toMatchObject({
      engagementFactor: 0.5,
      nicheFactor: 1,
      mid: 50,
      low: 35,
      high: 70,
    });
    expect(low.estimatedPostValue).toBe("$35 – $70 per post (estimate)");
  });

  it("never goes under $5 a post", () => {
    const r = run(
      snap(
        { followers: 100 },
        [0, 1, 2].map((i) => post(i, { likes: 1, comments: 0 })),
      ),
    );
    expect(r.metrics.value!.mid).toBe(5);
  });

  it("assumes 20 % sponsored posts when none are seen, caps an observed share at 50 %", () => {
    const none = run(snap());
    expect(none.metrics.earnings!.assumption).toBe(
      "20% of posts sponsored (assumed: none detected in the analysed posts)",
    );
    const all = run(snap({}, captions(["#ad one", "#ad two", "#ad three", "#ad four"])));
    expect(all.metrics.earnings).toMatchObject({ sponsoredShareUsed: 0.5 });
    expect(all.metrics.earnings!.assumption).toBe("50% of posts sponsored, as observed (capped at 50%)");
  });

  it("needs public followers: hidden counts give no value", () => {
    const r = run(snap({ followersHidden: true }));
    expect(r.estimatedPostValue).toBe(FALLBACK.notAvailable);
    expect(r.provenance.followers!.kind).toBe("unavailable");
  });
});

describe("sponsorship detection", () => {
  const sponsored = (caption: string, over: Partial<SnapshotPost> = {}) =>
    run(snap({}, [post(0, { caption, ...over }), post(1), post(2)])).metrics.advertiser.sponsoredPosts === 1;

  it.each([
    "New drop #ad",
    "Loving this #AD",
    "Thanks @brand #sponsored",
    "My favourite serum #partner",
    "Paid partnership with @glowco",
    "This video is sponsored by Acme",
    "Gifted by @brand, all opinions mine",
    "Use code SAVE10 at checkout",
    "USE MY CODE ana",
    "Get 20% off with code ANA20",
    "Shop it, link in bio for 15% off",
    "Outfit from @zara, 30% off this week",
    "Affiliate link in my stories",
    "Cozy mornings #ltk",
    "Werbung | neue Kollektion",
    "Publicidade: meu novo perfume",
    "En colaboración con @marca",
    "Usa el código HOLA15",
  ])("finds %j", (caption) => {
    expect(sponsored(caption)).toBe(true);
  });

  it.each([
    "Just a normal day",
    "Link in bio",
    "Thanks @friend for the photo",
    "Write to me@brand.com",
    "Not sponsored, I just love it",
    "Unbezahlte Werbung weil markiert",
    "The code of conduct matters",
    "20% of my life is coffee",
  ])("does not flag %j", (caption) => {
    expect(sponsored(caption)).toBe(false);
  });

  it("keeps an explicit #ad even next to 'not sponsored', and honours the platform label", () => {
    expect(sponsored("not sponsored lol #ad")).toBe(true);
    expect(sponsored("", { isAd: true } as Partial<SnapshotPost>)).toBe(true);
    expect(isSponsored(SIGNAL.LINK_IN_BIO)).toBe(false);
    expect(isSponsored(SIGNAL.LINK_IN_BIO | SIGNAL.DISCOUNT)).toBe(true);
    expect(isSponsored(SIGNAL.GIFTED | SIGNAL.NEGATED)).toBe(false);
  });

  it("lists brands @mentioned in sponsored posts, not the account itself", () => {
    const r = run(snap({}, captions(["#ad with @tester and @Acme.Co.", "#ad @acme.co again", "@friend"])));
    expect(r.metrics.advertiser.brands).toEqual(["@acme.co"]);
  });

  it("reads a disclosure at the end of a very long caption", () => {
    const long = `${"Story time. ".repeat(1_000)} #ad`;
    expect(sponsored(long)).toBe(true);
  });
});

describe("industry", () => {
  it("uses the category (exact taxonomy name or keywords)", () => {
    expect(run(snap({ category: "Fitness" })).industry).toBe("Fitness");
    expect(run(snap({ category: "Musician/band" })).industry).toBe("Music");
  });

  it("splits hashtag compounds and weighs the bio", () => {
    const r = run(
      snap({ bio: "" }, captions(["#fitnessmotivation", "#legday #fitnessjourney", "#streetfood"])),
    );
    expect(r.metrics.industries[0]).toEqual({ industry: "Fitness", score: 4 });
    expect(r.industry).toBe("Fitness");
  });

  it("is General when nothing scores 2, and recommends adjacent niches", () => {
    const r = run(snap({ bio: "hello" }, captions(["a day", "nice", "ok"])));
    expect(r.industry).toBe("General");
    expect(r.recommendedIndustries).toEqual(["Lifestyle", "Entertainment"]);
  });

  it("caps what one caption can add (keyword stuffing)", () => {
    const stuffed = Array.from({ length: 50 }, () => "#gaming").join(" ");
    const r = run(snap({ bio: "Skincare and makeup tips" }, captions([stuffed, "", ""])));
    expect(r.metrics.industries).toEqual([
      { industry: "Beauty", score: 6 },
      { industry: "Gaming", score: 4 },
    ]);
    expect(r.industry).toBe("Beauty");
  });

  it("reads upper-case and accented words", () => {
    const r = run(snap({ bio: "MÚSICA Y CONCIERTOS" }));
    expect(r.industry).toBe("Music");
  });
});

describe("languages and countries (estimates)", () => {
  it("detects Latin-script languages by stop words and maps them to countries", () => {
    const es = run(
      snap(
        {},
        captions([
          "Hoy os enseño mi rutina de la mañana",
          "La receta más fácil para la semana",
          "Gracias por todo el cariño",
        ]),
      ),
    );
    expect(es.metrics.languages[0]).toMatchObject({ code: "spa", name: "Spanish", share: 1 });
    expect(es.recommendedCountries.slice(0, 2)).toEqual(["Mexico", "Spain"]);
    expect(es.metrics.languageMethod).toBe("stop words and scripts per text");
  });

  it("detects scripts", () => {
    const ja = run(
      snap({}, captions(["今日は新しいカフェに行ってきました", "朝のルーティンを紹介します", "ありがとう"])),
    );
    expect(ja.metrics.languages[0]!.code).toBe("jpn");
    expect(ja.recommendedCountries[0]).toBe("Japan");
    const ko = run(
      snap({}, captions(["오늘은 제가 좋아하는 메이크업", "주말에 친구들과 여행을", "감사합니다"])),
    );
    expect(ko.metrics.languages[0]!.code).toBe("kor");
    const ar = run(snap({}, captions(["مرحبا بكم في حسابي", "وصفة جديدة اليوم", "شكرا لكم"])));
    expect(ar.recommendedCountries[0]).toBe("Saudi Arabia");
  });

  it("asks franc on a bounded sample when stop words cannot tell", () => {
    const r = run(
      snap(
        { bio: "" },
        captions([
          "Schöne Grüße aus dem Süden heute Abend",
          "Neues Rezept kommt morgen früh",
          "Kochen macht glücklich",
        ]),
      ),
    );
    expect(r.metrics.languageMethod).toContain("franc");
    expect(r.metrics.languages[0]!.code).toBe("deu");
    expect(r.recommendedCountries[0]).toBe("Germany");
  });

  it("reads flags, place names, currency signs and a declared country", () => {
    const br = run(snap({}, captions(["Bom dia 🇧🇷", "Promo R$ 49,90", "Direto de São Paulo"])));
    expect(br.metrics.countries[0]).toMatchObject({ country: "Brazil" });
    expect(br.metrics.countries[0]!.reason).toContain("flag in 1 caption");
    expect(br.metrics.countries[0]!.reason).toContain("named in 1 caption");
    expect(br.metrics.countries[0]!.reason).toContain("prices in R$");
    const uk = run(snap({}, captions(["Only £25 today", "New in", "Hello"])));
    expect(uk.metrics.countries[0]!.country).toBe("United Kingdom");
    const de = run(snap({ country: "de" }));
    expect(de.metrics.countries[0]).toMatchObject({ country: "Germany", score: 4 });
    const named = run(snap({ country: "Germany" }));
    expect(named.metrics.countries[0]!.country).toBe("Germany");
  });

  it("lets € strengthen only euro countries suggested otherwise", () => {
    const fr = run(
      snap(
        {},
        captions([
          "Aujourd'hui je vous montre ma routine pour le soir",
          "Seulement 20 € pour la robe",
          "Merci pour tout",
        ]),
      ),
    );
    const france = fr.metrics.countries.find((c) => c.country === "France")!;
    const canada = fr.metrics.countries.find((c) => c.country === "Canada")!;
    expect(france.reason).toContain("prices in €");
    expect(canada.reason).not.toContain("€");
    const onlyEuro = run(snap({}, captions(["20 €", "30 €", "40 €"])));
    expect(onlyEuro.recommendedCountries).toEqual([]);
    expect(onlyEuro.provenance.recommendedCountries!.kind).toBe("unavailable");
  });

  it("only recommends countries of the taxonomy", () => {
    const r = run(snap({ bio: "🇳🇴 🇰🇪 Oslo" }, captions(["Hei", "Jambo", "Takk"])));
    for (const c of r.recommendedCountries) expect(COUNTRIES as readonly string[]).toContain(c);
  });

  it("estimates the audience from priors and says it is not measured", () => {
    const r = run(snap({ bio: "gaming every night" }));
    expect(r.audienceDemographics).toMatch(
      /^Estimated from Instagram audience averages and the Gaming niche \(not measured\): /,
    );
    expect(r.audienceDemographics).toContain("(not measured)");
    expect(r.audienceDemographics).toContain("men");
    expect(r.provenance.audienceDemographics!.kind).toBe("estimated");
    expect(r.provenance.targetDemographics!.kind).toBe("estimated");
    const shares = r.metrics.audience!.ageBrackets.reduce((a, b) => a + b.share, 0);
    expect(shares).toBeCloseTo(1, 2);
  });
});

describe("account type", () => {
  it.each([
    [{}, "Personal"],
    [{ category: "Digital creator" }, "Creator"],
    [{ category: "Clothing (Brand)" }, "Business"],
    [{ category: "Fashion Model" }, "Creator"],
    [{ category: "Interest" }, "Creator"],
    [{ accountType: "BUSINESS" }, "Business"],
    [{ isBusiness: true }, "Business"],
  ] as [Record<string, unknown>, string][])("%j → %s", (over, type) => {
    const r = run(snap(over));
    expect(r.accountType).toBe(type);
  });

  it("says when Personal is only the default", () => {
    const r = run(snap());
    expect(r.provenance.accountType).toMatchObject({ kind: "estimated" });
    expect(r.provenance.accountType!.method).toContain("Default");
  });
});

describe("provenance", () => {
  it("covers every report field", () => {
    const r = run(snap());
    expect(Object.keys(r.provenance).sort()).toEqual([...REPORT_FIELDS].sort());
  });

  it("labels measured fields 'sample' for sample data; estimates stay estimates", () => {
    const r = run(snap({ source: "sample" }));
    expect(r.provenance.engagementRate!.kind).toBe("sample");
    expect(r.provenance.followers!.kind).toBe("sample");
    expect(r.provenance.grade!.kind).toBe("sample");
    expect(r.provenance.estimatedPostValue!.kind).toBe("estimated");
    expect(r.provenance.engagementRate!.inputs[0]).toBe("sample data (generated, not a real account)");
    const real = run(snap());
    expect(real.provenance.engagementRate).toMatchObject({
      kind: "measured",
      inputs: expect.arrayContaining(["test at 2026-11-20T12:00:00.000Z"]),
    });
  });
});

describe("private and empty accounts", () => {
  it("give the spec's fallback texts, no grade and unknown engagement", () => {
    const r = run(snap({ isPrivate: true, bio: "Fashion in Paris" }));
    expect(r).toMatchObject({
      isPrivate: true,
      grade: null,
      engagementLevel: "unknown",
      engagementRate: "",
      audienceDemographics: FALLBACK.demographics,
      advertiserAnalysis: FALLBACK.advertiser,
      postFrequency: FALLBACK.notAvailable,
      estimatedPostValue: FALLBACK.notAvailable,
      estimatedEarnings: FALLBACK.notAvailable,
      contentQuality: FALLBACK.unknown,
      contentTypes: [],
      targetDemographics: [],
    });
    expect(r.gradeDescription).toBe(
      "This Instagram account is private, so its posts cannot be analysed and no grade is given.",
    );
    expect(r.metrics.frequency.postsAnalysed).toBe(0);
    // the public bio still says something
    expect(r.industry).toBe("Fashion");
    expect(r.recommendedCountries[0]).toBe("France");
    for (const f of [
      "engagementRate",
      "grade",
      "postFrequency",
      "advertiserAnalysis",
      "audienceDemographics",
    ] as const) {
      expect(r.provenance[f]!.kind, f).toBe("unavailable");
    }
  });

  it("an account without posts gets the same fallbacks", () => {
    const r = run(snap({ followers: 1_000 }, []));
    expect(r).toMatchObject({
      grade: null,
      engagementLevel: "unknown",
      audienceDemographics: FALLBACK.demographics,
      advertiserAnalysis: FALLBACK.advertiser,
      contentQuality: FALLBACK.unknown,
      estimatedPostValue: FALLBACK.notAvailable,
    });
    expect(r.gradeDescription).toBe("No public posts to analyse, so no grade is given.");
    expect(r.industry).toBe("General");
  });
});

describe("benchmark tables", () => {
  it("have at least 7 ascending tiers per platform with low < high < exceptional", () => {
    for (const platform of ["instagram", "tiktok", "youtube"] as const) {
      const tiers = DEFAULT_BENCHMARKS.engagement[platform];
      expect(tiers.length).toBeGreaterThanOrEqual(7);
      tiers.forEach((b, i) => {
        expect(b.low).toBeLessThan(b.high);
        expect(b.high).toBeLessThan(b.exceptional);
        if (i > 0) expect(b.minFollowers).toBeGreaterThan(tiers[i - 1]!.minFollowers);
      });
    }
    expect(tierFor("instagram", 999).tier).toBe("0–1K");
    expect(tierFor("instagram", 1_000).tier).toBe("1K–5K");
    expect(tierFor("tiktok", 999_999).tier).toBe("500K–1M");
    expect(tierFor("youtube", 1_000_000).tier).toBe("1M+");
  });
});

describe("engagement method names the platform whose tier bands judged the level", () => {
  it("says 'TikTok', not 'tiktok', when custom tables judge TikTok per follower", () => {
    const posts = [0, 1, 2, 3, 4, 5].map((i) => post(i, { type: "video", views: 5_000, shares: 3 }));
    const benchmarks = {
      ...DEFAULT_BENCHMARKS,
      basis: { ...DEFAULT_BENCHMARKS.basis, tiktok: "followers" as const },
    };
    const r = analyzeSnapshot(snap({ platform: "tiktok" }, posts), { now: NOW, benchmarks });
    expect(r.provenance.engagementRate!.method).toContain("the basis of the TikTok tier bands");
  });
});
