/**
 * Reads a profile from the page the user has open, in their session (content script side). Only
 * first-party data: the page's own embedded JSON, or the same call/page the site itself loads,
 * fetched from the page's origin with the user's cookies. Runs only when the user clicks.
 */
import { INSTAGRAM_WEB_APP_ID } from "../../../src/core/platform-json/instagram";
import type { Platform } from "../../../src/core/schemas/platform";
import type { ProfileSnapshot } from "../../../src/core/schemas/snapshot";
import { CaptureError } from "./capture-error";
import { extractAssignedJson, parsePageJson } from "./page-data";
import { instagramHandleFromPath, parseInstagramProfile } from "./parsers/instagram";
import { parseTikTokPage, tiktokHandleFromPath } from "./parsers/tiktok";
import { parseYouTubeInitialData, youtubeHandleFromPath } from "./parsers/youtube";

export interface ProfilePage {
  platform: Platform;
  handle: string;
}

/** Which profile (if any) a platform address shows. */
export function profilePageOf(url: URL): ProfilePage | undefined {
  const host = url.hostname.replace(/^(www|m)\./, "");
  if (host === "instagram.com") {
    const handle = instagramHandleFromPath(url.pathname);
    return handle ? { platform: "instagram", handle } : undefined;
  }
  if (host === "tiktok.com") {
    const handle = tiktokHandleFromPath(url.pathname);
    return handle ? { platform: "tiktok", handle } : undefined;
  }
  if (host === "youtube.com") {
    const handle = youtubeHandleFromPath(url.pathname);
    return handle ? { platform: "youtube", handle } : undefined;
  }
  return undefined;
}

export interface PageAccess {
  /** The page's origin ("https://www.instagram.com"). */
  origin: string;
  /** The page's path ("/@examplecreator/videos"). */
  pathname: string;
  /** The HTML of the document as loaded (its inline scripts included). */
  documentHtml: () => string;
  /** fetch, from the page's origin with the user's cookies. */
  fetch: typeof fetch;
  now: () => Date;
  /** The video lists the page fetched itself (TikTok; page-hook.ts). */
  pageItems?: () => Promise<unknown[]>;
}

async function getText(
  access: PageAccess,
  path: string,
  what: string,
  init: RequestInit = {},
): Promise<string> {
  let res: Response;
  try {
    res = await access.fetch(`${access.origin}${path}`, { credentials: "include", ...init });
  } catch {
    throw new CaptureError(
      `Could not load ${what} from this site; check your connection and try again.`,
      "page-unreachable",
    );
  }
  if (res.status === 404)
    throw new CaptureError(`The site answered "not found" (404) for ${what}.`, "not-found");
  if (res.status === 401 || res.status === 403 || (res.status >= 300 && res.status < 400))
    throw new CaptureError(
      `The site refused ${what} (HTTP ${res.status}); sign in on this site in this browser and try again.`,
      "refused",
    );
  if (!res.ok)
    throw new CaptureError(
      `The site answered HTTP ${res.status} for ${what}; try again later.`,
      "page-error",
    );
  return res.text();
}

/** Parse the open page first; when its data is stale or missing, the same page fetched afresh. */
async function pageThenRefetch(
  access: PageAccess,
  fromHtml: (html: string) => ProfileSnapshot,
  path: string,
  what: string,
  useDocument = true,
): Promise<ProfileSnapshot> {
  try {
    if (useDocument) return fromHtml(access.documentHtml());
  } catch (e) {
    if (
      !(e instanceof CaptureError) ||
      !["stale-page-data", "no-profile-data", "unreadable-page-data"].includes(e.code)
    )
      throw e;
  }
  return fromHtml(await getText(access, path, what));
}

export async function readProfile(page: ProfilePage, access: PageAccess): Promise<ProfileSnapshot> {
  const { handle } = page;
  const now = access.now();
  if (page.platform === "instagram") {
    // The call Instagram's profile page makes itself, with the headers it sends.
    const text = await getText(
      access,
      `/api/v1/users/web_profile_info/?username=${encodeURIComponent(handle)}`,
      `@${handle}'s profile`,
      {
        headers: { "x-ig-app-id": INSTAGRAM_WEB_APP_ID, "x-requested-with": "XMLHttpRequest", accept: "*/*" },
      },
    );
    if (/^\s*</.test(text))
      throw new CaptureError(
        `Instagram showed a login page instead of @${handle}'s profile data; sign in to Instagram in this browser and try again.`,
        "login-wall",
      );
    return parseInstagramProfile(parsePageJson(text, "Instagram profile data"), handle, now);
  }
  if (page.platform === "tiktok") {
    const loaded = (await access.pageItems?.()) ?? [];
    return pageThenRefetch(
      access,
      (html) => parseTikTokPage(html, handle, now, loaded),
      `/@${encodeURIComponent(handle)}`,
      `@${handle}'s TikTok page`,
    );
  }
  return pageThenRefetch(
    access,
    (html) => {
      const raw = extractAssignedJson(html, "ytInitialData");
      if (raw === undefined)
        throw new CaptureError(
          `This YouTube page has no channel data (ytInitialData) for @${handle}; reload the page and try again.`,
          "no-profile-data",
        );
      return parseYouTubeInitialData(parsePageJson(raw, "YouTube channel data"), handle, now);
    },
    `/@${encodeURIComponent(handle)}/videos`,
    `@${handle}'s YouTube videos page`,
    // Recent uploads are on the Videos tab: on another tab, the Videos page is loaded instead.
    /\/videos\/?$/.test(access.pathname),
  );
}
