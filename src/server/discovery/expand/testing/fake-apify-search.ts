/**
 * Apify stand-ins for "Find more on Instagram / TikTok" (issue #35): the run-sync-get-dataset-items
 * endpoint of the search and hashtag actors, answering dataset items with the actors' field names
 * (apify/instagram-search-scraper user results, apify/instagram-hashtag-scraper posts,
 * apify/instagram-profile-scraper profiles, clockworks/tiktok-scraper videos with authorMeta).
 */
import type {
  FakeUpstream,
  RecordedRequest,
  ScriptedResponse,
} from "../../../collectors/testing/fake-upstream";

export const runPath = (actor: string) => `/v2/acts/${actor.replace("/", "~")}/run-sync-get-dataset-items`;

export interface FakeCreator {
  username: string;
  fullName: string;
  biography: string;
  followers: number;
  region?: string;
}

/** `n` vegan food creators based in Germany, 20K–40K followers. */
export function veganCreators(n: number, prefix = "vegan.kochen"): FakeCreator[] {
  return Array.from({ length: n }, (_, i) => ({
    username: `${prefix}${i + 1}`,
    fullName: `Vegan Kochen ${i + 1}`,
    biography: "Vegane Rezepte aus Berlin 🌱 vegan recipes, plant-based food, meal prep",
    followers: 20_000 + i * 500,
    region: "DE",
  }));
}

/** An item of apify/instagram-search-scraper (searchType "user") or instagram-profile-scraper. */
export function instagramProfileItem(c: FakeCreator) {
  return {
    inputUrl: `https://www.instagram.com/${c.username}`,
    id: String(4_000_000_000 + c.followers),
    username: c.username,
    url: `https://www.instagram.com/${c.username}`,
    fullName: c.fullName,
    biography: c.biography,
    externalUrl: null,
    externalUrlShimmed: null,
    followersCount: c.followers,
    followsCount: 512,
    hasChannel: false,
    highlightReelCount: 4,
    isBusinessAccount: true,
    joinedRecently: false,
    businessCategoryName: "Food & Beverage",
    private: false,
    verified: false,
    profilePicUrl: `https://scontent.cdninstagram.com/${c.username}.jpg`,
    profilePicUrlHD: `https://scontent.cdninstagram.com/${c.username}_hd.jpg`,
    postsCount: 320,
  };
}

/** A post of apify/instagram-hashtag-scraper (resultsType "posts"). */
export function instagramHashtagPost(c: FakeCreator, i: number, tag: string) {
  return {
    inputUrl: `https://www.instagram.com/explore/tags/${tag}`,
    id: `31${String(i).padStart(17, "0")}`,
    type: "Image",
    shortCode: `C${String(i).padStart(10, "0")}`,
    caption: `Heute: Linsen-Curry #${tag} @friend.of.${c.username}`,
    hashtags: [tag],
    mentions: [`friend.of.${c.username}`],
    url: `https://www.instagram.com/p/C${String(i).padStart(10, "0")}/`,
    commentsCount: 12,
    likesCount: 840,
    timestamp: "2026-11-20T10:00:00.000Z",
    ownerFullName: c.fullName,
    ownerUsername: c.username,
    ownerId: String(4_000_000_000 + c.followers),
  };
}

/** A video of clockworks/tiktok-scraper with its authorMeta. */
export function tiktokVideoItem(c: FakeCreator, i: number, query: string) {
  return {
    id: `73${String(i).padStart(17, "0")}`,
    text: `Veganes Curry in 10 Minuten #vegan #rezepte`,
    createTimeISO: "2026-11-20T10:00:00.000Z",
    authorMeta: {
      id: String(6_800_000_000 + c.followers),
      name: c.username,
      nickName: c.fullName,
      verified: false,
      signature: c.biography,
      bioLink: null,
      avatar: `https://p16-sign.tiktokcdn.com/${c.username}.jpeg`,
      privateAccount: false,
      region: c.region ?? "US",
      following: 180,
      fans: c.followers,
      heart: c.followers * 12,
      video: 210,
      digg: 3000,
    },
    webVideoUrl: `https://www.tiktok.com/@${c.username}/video/73${String(i).padStart(17, "0")}`,
    diggCount: 1200,
    shareCount: 40,
    playCount: 25_000,
    commentCount: 33,
    collectCount: 90,
    isAd: false,
    searchQuery: query,
  };
}

/** Routes an actor's run on `upstream`: a function of the recorded request (its JSON input). */
export function routeActor(
  upstream: FakeUpstream,
  actor: string,
  answer: (input: Record<string, unknown>, req: RecordedRequest) => ScriptedResponse,
): void {
  upstream.route("POST", runPath(actor), (req) => answer(JSON.parse(req.body || "{}"), req));
}
