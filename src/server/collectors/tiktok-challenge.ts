/**
 * TikTok's WAF proof-of-work page, solved the way yt-dlp does it (extractor/tiktok.py,
 * `_solve_challenge_and_set_cookies`, 2026): the page carries base64 JSON in the class attribute of
 * the element `#cs`, `{v: {a: <base64 prefix>, c: <base64 SHA-256 digest>}, …}`. The answer is the
 * decimal number n ≤ 1,000,000 with sha256(prefix + n) = digest; it goes back as `d` (base64 of n),
 * and the whole object, re-encoded as compact base64 JSON, is set as the cookie named by `#wci`'s
 * class (`_wafchallengeid` at the time of writing). An optional second cookie is named by `#rci` with
 * the value in `#rs`. The page is then fetched again with those cookies.
 */
import { createHash } from "node:crypto";

export interface ChallengeCookie {
  name: string;
  value: string;
}

export interface ParsedChallenge {
  data: Record<string, unknown> & { v: { a: string; c: string } };
  cookieName: string;
  extra?: ChallengeCookie;
}

/** The class attribute of the element with `id`, whichever order the attributes come in. */
function classOfId(html: string, id: string): string | undefined {
  const tag = new RegExp(`<[a-zA-Z][^>]*\\bid=["']${id}["'][^>]*>`).exec(html)?.[0];
  if (!tag) return undefined;
  return /\bclass=["']([^"']*)["']/.exec(tag)?.[1];
}

function decodeBase64Json(text: string): unknown {
  try {
    return JSON.parse(Buffer.from(text, "base64").toString("utf8"));
  } catch {
    return undefined;
  }
}

/** True when the page looks like the WAF challenge shell (both markers present). */
export function looksLikeChallenge(html: string): boolean {
  return classOfId(html, "cs") !== undefined && classOfId(html, "wci") !== undefined;
}

export function parseChallenge(html: string): ParsedChallenge | undefined {
  const cs = classOfId(html, "cs");
  const cookieName = classOfId(html, "wci");
  if (!cs || !cookieName || !/^[\w.-]{1,64}$/.test(cookieName)) return undefined;
  const data = decodeBase64Json(cs);
  if (!data || typeof data !== "object") return undefined;
  const v = (data as { v?: unknown }).v as { a?: unknown; c?: unknown } | undefined;
  if (!v || typeof v.a !== "string" || typeof v.c !== "string") return undefined;
  const rciName = classOfId(html, "rci");
  const rciValue = classOfId(html, "rs");
  return {
    data: data as ParsedChallenge["data"],
    cookieName,
    ...(rciName && rciValue && /^[\w.-]{1,64}$/.test(rciName)
      ? { extra: { name: rciName, value: rciValue } }
      : {}),
  };
}

const MAX_ANSWER = 1_000_000;
/** Hashes per slice before yielding to the event loop (other requests keep being served). */
const SLICE = 25_000;

/**
 * Finds the answer and returns the cookies to set, or undefined when no n ≤ 1,000,000 matches.
 * Yields between slices and stops when `signal` aborts.
 */
export async function solveChallenge(
  challenge: ParsedChallenge,
  signal?: AbortSignal,
): Promise<ChallengeCookie[] | undefined> {
  const prefix = Buffer.from(challenge.data.v.a, "base64");
  const expected = Buffer.from(challenge.data.v.c, "base64");
  if (expected.length !== 32) return undefined;
  const base = createHash("sha256").update(prefix);
  for (let start = 0; start <= MAX_ANSWER; start += SLICE) {
    if (signal?.aborted) throw signal.reason;
    const end = Math.min(MAX_ANSWER, start + SLICE - 1);
    for (let n = start; n <= end; n++) {
      const digest = base.copy().update(String(n)).digest();
      if (digest.equals(expected)) {
        const solved = { ...challenge.data, d: Buffer.from(String(n)).toString("base64") };
        const cookies: ChallengeCookie[] = [
          { name: challenge.cookieName, value: Buffer.from(JSON.stringify(solved)).toString("base64") },
        ];
        if (challenge.extra) cookies.push(challenge.extra);
        return cookies;
      }
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return undefined;
}

/** Builds a challenge page for a known answer (tests and the bench's fake TikTok). */
export function challengePageFor(answer: number, prefix = "tiktok-waf-prefix"): string {
  const a = Buffer.from(prefix).toString("base64");
  const c = createHash("sha256").update(prefix).update(String(answer)).digest("base64");
  const cs = Buffer.from(JSON.stringify({ v: { a, c }, s: "waf" }))
    .toString("base64")
    .replace(/=+$/, "");
  return `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Please wait...</title></head><body><p>Please wait...</p><div id="cs" class="${cs}"></div><div id="wci" class="_wafchallengeid"></div><div id="rci" class="waforiginalreid"></div><div id="rs" class="rs-${answer}"></div><script>/* the browser solves the proof of work here */</script></body></html>`;
}
