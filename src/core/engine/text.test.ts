import { describe, expect, it } from "vitest";
import { detectLanguage, FRANC_SAMPLE, francSample } from "./language";
import { hashRange, INDUSTRY_LIST, LEXICON, RangeTable, SIGNAL } from "./lexicon";
import { parseIso } from "./posts";
import { newScanState, newTextResult, type ScanState, scanText, type TextResult, UNIT_COPY } from "./text";

function scan(
  text: string,
  kind: "bio" | "name" | "caption" = "caption",
  self = "me",
): { s: ScanState; r: TextResult } {
  const s = newScanState(self);
  const r = newTextResult();
  scanText(text, kind, s, r);
  return { s, r };
}
const industry = (s: ScanState, name: string) => s.industry[INDUSTRY_LIST.indexOf(name as never)]!;

describe("lexicon table", () => {
  it("finds words by a hash of a text range, case-insensitively, without building substrings", () => {
    const t = new RangeTable<number>(4);
    t.upsert("fitness", () => 1);
    t.upsert("gym", () => 2);
    const text = "Leg day at the GYM";
    expect(t.find(hashRange(text, 15, 18), text, 15, 18)).toBe(2);
    expect(t.get("Fitness")).toBe(1);
    expect(t.get("fit")).toBeUndefined();
    expect(LEXICON.get("skincare")!.industry).toBe(INDUSTRY_LIST.indexOf("Beauty"));
  });
});

describe("text scan", () => {
  it("reads the same units through Node's Buffer copy and the plain loop (browsers), at any length", () => {
    expect(UNIT_COPY.native).toBe(true); // these tests run on Node: the fast path is the one measured
    const texts = [
      "Hello @Brand.Co. and @me — #Fitness #fyp me@mail.com, code ANA20 for 20% off 🇧🇷 R$ 50 £5",
      "Aujourd'hui je vous montre ma routine 🇫🇷 #skincare #beauté",
      "今日は新しいカフェに行ってきました #cafe",
      "lone \ud83c surrogate \udde6 and a flag 🇯🇵 at the end 🇯",
      `${"Paid partnership with @brand ".repeat(400)}#ad`, // longer than the first buffer: it grows
      "",
    ];
    const run = () =>
      texts.map((t) => {
        const { s, r } = scan(t, "bio");
        return {
          r: { ...r, mentions: [...r.mentions] },
          industry: [...s.industry],
          countries: [...s.countries],
        };
      });
    const native = run();
    UNIT_COPY.native = false;
    try {
      expect(run()).toEqual(native);
    } finally {
      UNIT_COPY.native = true;
    }
    expect(native[0]!.r.mentions).toEqual(["brand.co"]);
    expect(native[4]!.r.signals & SIGNAL.PAID_PARTNERSHIP).not.toBe(0);
  });

  it("tells words, #hashtags and @mentions apart", () => {
    const { r } = scan("Hello @Brand.Co. and @me — #Fitness #fyp me@mail.com");
    expect(r.hashtags).toBe(2);
    expect(r.mentions).toEqual(["brand.co"]);
    expect(r.words).toBe(4); // hello, and, me and mail.com (the e-mail, not a mention)
  });

  it("ends the last token at the scan's bound, whatever an earlier, longer text left behind", () => {
    const s = newScanState("me");
    const r = newTextResult();
    // A long text first, so the scan's buffer holds letters past the next text's end.
    scanText("gymnastics fitness workout routine every single morning", "caption", s, r);
    s.industry.fill(0);
    scanText("gym", "caption", s, r);
    expect(r.words).toBe(1);
    expect(industry(s, "Fitness")).toBe(1); // "gym", not "gymnastics…"
    s.industry.fill(0);
    scanText("the gymnastics", "caption", s, r, 7); // bounded inside a word: "the gym"
    expect(r.words).toBe(2);
    expect(industry(s, "Fitness")).toBe(1);
    scanText("aujourd'", "caption", s, r); // an apostrophe at the very end joins nothing
    expect(r.words).toBe(1);
    scanText("@brand.", "caption", s, r);
    expect(r.mentions).toEqual(["brand"]);
  });

  it("gives every #hashtag the same effect on the fast path as through the full rules", () => {
    // "#tag code" takes the scan's precomputed hashtag path (nothing open); after "code" the
    // context is open and the same tag goes through onToken. Both texts hold the same two tokens.
    const tags = [...LEXICON.keys, "fitnessjourney", "outfitoftheday", "zzzzzz", "abc", "x1"];
    let checked = 0;
    for (const key of tags) {
      if (!/^[\p{L}\p{N}_]+$/u.test(key)) continue; // tags are single tokens
      for (const kind of ["caption", "bio"] as const) {
        const fast = scan(`#${key} code`, kind);
        const full = scan(`code #${key}`, kind);
        expect([...fast.s.industry], `#${key}`).toEqual([...full.s.industry]);
        expect(fast.r.signals, `#${key}`).toBe(full.r.signals);
        expect(fast.r.hashtags).toBe(1);
        expect(full.r.hashtags).toBe(1);
      }
      checked++;
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("scores industries with kind weights, weak words at half, compounds, and a per-text cap", () => {
    expect(industry(scan("gym").s, "Fitness")).toBe(1);
    expect(industry(scan("#gym").s, "Fitness")).toBe(2);
    expect(industry(scan("gym", "bio").s, "Fitness")).toBe(3);
    expect(industry(scan("training").s, "Fitness")).toBe(0.5);
    expect(industry(scan("#fitnessjourney").s, "Fitness")).toBe(2);
    expect(industry(scan("#instafood").s, "Food")).toBe(2);
    expect(industry(scan("#explorepage").s, "Travel")).toBe(0); // generic, never a compound
    expect(industry(scan("gym gym gym gym gym gym").s, "Fitness")).toBe(4);
  });

  it("votes languages by stop words and recognises scripts", () => {
    expect(scan("This is what I eat in a day").r.lang).toBe("eng");
    expect(scan("Hoy os enseño mi rutina de la mañana").r.lang).toBe("spa");
    expect(scan("Vocês pediram e aqui está o treino de hoje, muito bom").r.lang).toBe("por");
    expect(scan("今日は新しいカフェに行ってきました").r.lang).toBe("jpn");
    expect(scan("오늘은 제가 좋아하는 메이크업").r.lang).toBe("kor");
    expect(scan("Привет всем, новое видео").r.lang).toBe("rus");
    expect(scan("gym").r.lang).toBe("und");
    // a few kanji in an English caption do not make it Chinese
    expect(scan("This is my favourite ramen place in the city 東京").r.lang).toBe("eng");
  });

  it("finds places (multi-word too), flags and currency signs", () => {
    const { s } = scan("Live from New York 🇺🇸 then São Paulo, prices R$ 20, £5 and ₹99");
    const c = (name: string) => s.countries.get(name);
    expect(c("United States")).toMatchObject({ captionPlaces: 1, captionFlags: 1 });
    expect(c("Brazil")).toMatchObject({ captionPlaces: 1 });
    expect([...s.currencies.entries()].sort()).toEqual([
      ["R$", 1],
      ["£", 1],
      ["₹", 1],
    ]);
    expect(scan("York is nice").s.countries.size).toBe(0);
  });

  it("sets sponsorship signals from tags, words and phrases", () => {
    const sig = (t: string) => scan(t).r.signals;
    expect(sig("#AD") & SIGNAL.AD_TAG).toBeTruthy();
    expect(sig("ad") & SIGNAL.AD_TAG).toBe(0); // the word "ad" is not a disclosure
    expect(sig("paid partnership with x") & SIGNAL.PAID_PARTNERSHIP).toBeTruthy();
    expect(sig("Link in my bio") & SIGNAL.LINK_IN_BIO).toBeTruthy();
    expect(sig("code ANA20") & SIGNAL.DISCOUNT_CODE).toBeTruthy();
    expect(sig("code ANA") & SIGNAL.DISCOUNT_CODE).toBe(0);
    expect(sig("20% OFF") & SIGNAL.DISCOUNT).toBeTruthy();
    expect(sig("20% of people") & SIGNAL.DISCOUNT).toBe(0);
    expect(sig("not sponsored") & SIGNAL.NEGATED).toBeTruthy();
  });

  it("keeps handles with dots and apostrophes inside words", () => {
    expect(scan("@ana.silva.").r.mentions).toEqual(["ana.silva"]);
    expect(scan("aujourd'hui je vous montre").r.lang).toBe("fra");
  });

  it("does not look up very long tokens (URLs, unbroken scripts) but counts their script", () => {
    const { r } = scan("日本語".repeat(30));
    expect(r.words).toBe(0);
    expect(r.lang).toBe("cmn");
  });
});

describe("franc fallback", () => {
  it("gets a bounded sample without hashtags, mentions or links", () => {
    expect(francSample(["Hola #tag @user https://x.co/a amigos"])).toBe("Hola amigos");
    const long = francSample(Array.from({ length: 20 }, () => "palabra ".repeat(100)));
    expect(long.length).toBeLessThanOrEqual(FRANC_SAMPLE);
  });

  it("detectLanguage uses the scan first, franc second", () => {
    expect(detectLanguage("The best day of the year")).toBe("eng");
    expect(detectLanguage("Schöne Grüße aus dem Süden heute Abend")).toBe("deu");
    expect(detectLanguage("")).toBe("und");
  });
});

describe("ISO date parsing", () => {
  it.each([
    "2026-11-20T12:00:00Z",
    "2026-11-20T12:00:00.123Z",
    "2026-11-20T12:00:00.5+02:00",
    "2026-11-20T12:00:00-05:30",
    "2024-02-29T00:00:00Z",
    "2026-02-31T12:00:00Z",
    "2026-11-20",
    "2026-11-20T25:00:00Z",
    "garbage",
  ])("matches Date.parse for %s", (s) => {
    expect(Object.is(parseIso(s), Date.parse(s))).toBe(true);
  });
});
