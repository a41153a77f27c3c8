import type { ProfileSnapshot } from "../../schemas/snapshot";

/**
 * Snapshots that bypass the snapshot schema: wrong types, impossible counts, hostile text. The
 * engine must give a valid report for each (robustness.test.ts), and its optimisations must not
 * change those reports (scripts/bench/engine-golden.ts).
 */
export function hostileSnapshots(base: ProfileSnapshot): [string, unknown][] {
  const bad = (over: Record<string, unknown>) => ({ ...base, ...over });
  const posts = (over: Record<string, unknown>) => bad({ posts: base.posts.map((p) => ({ ...p, ...over })) });
  return [
    ["no posts", bad({ posts: [] })],
    ["posts not an array", bad({ posts: "nope" })],
    ["posts with holes", bad({ posts: [null, 3, "x", undefined, {}, ...base.posts] })],
    ["NaN followers", bad({ followers: Number.NaN })],
    ["negative followers", bad({ followers: -5 })],
    ["infinite followers", bad({ followers: Number.POSITIVE_INFINITY })],
    ["string followers", bad({ followers: "10000" })],
    ["bad counts", posts({ likes: -1, comments: Number.POSITIVE_INFINITY, views: Number.NaN, shares: "7" })],
    ["huge counts", posts({ likes: Number.MAX_VALUE, comments: Number.MAX_VALUE, views: 1e308 })],
    ["bad dates", posts({ postedAt: "not a date" })],
    ["numeric dates", posts({ postedAt: 12345 })],
    ["unknown post type", posts({ type: "story" })],
    ["non-string captions", posts({ caption: { text: "hi" } })],
    ["duplicate ids", posts({ id: "same" })],
    ["unknown platform", bad({ platform: "myspace" })],
    ["non-string username and bio", bad({ username: 42, bio: ["x"], name: null, category: 7 })],
    ["garbage country", bad({ country: { code: "US" } })],
    ["emoji only", posts({ caption: "🔥🔥🔥 🇺🇸🇧🇷 👩‍👩‍👧‍👦 ❤️" })],
    [
      "RTL and bidi controls",
      bad({
        bio: "مرحبا بكم في حسابي ‏שלום",
        posts: base.posts.map((p) => ({ ...p, caption: "\u202Eevil ‏עברית 日本語のキャプション \u200f" })),
      }),
    ],
    [
      "lone surrogates and control characters",
      posts({ caption: "\ud83c\ud83c\udde6 \u0000\u0007 #\ud800 @\udfff R$ € £" }),
    ],
    ["only hashtags and mentions", posts({ caption: "#a #b #c @x @y @z #ad@x" })],
    [
      "500 posts",
      bad({ posts: Array.from({ length: 500 }, (_, i) => ({ ...base.posts[0]!, id: `x${i}` })) }),
    ],
  ];
}
