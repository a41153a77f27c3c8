import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../../../src/server/collectors/testing/fake-upstream";
import { fixture, fixtureJson, youtubePage } from "../testing/fixtures";
import { CaptureError } from "./capture-error";
import { type PageAccess, profilePageOf, readProfile } from "./read-page";

/** A real HTTP server on 127.0.0.1 stands in for the platform the page belongs to. */
let site: FakeUpstream;
beforeAll(async () => {
  site = await startFakeUpstream();
});
afterAll(() => site.close());
beforeEach(() => site.reset());

const now = new Date("2026-11-26T12:00:00Z");
const access = (pathname: string, documentHtml = "<html></html>"): PageAccess => ({
  origin: site.url,
  pathname,
  documentHtml: () => documentHtml,
  fetch,
  now: () => now,
});

async function rejection(p: Promise<unknown>): Promise<CaptureError> {
  const e = await p.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (e instanceof CaptureError) return e;
  throw new Error(`expected a CaptureError, got ${String(e)}`);
}

describe("profilePageOf", () => {
  it("maps platform addresses to profiles, and nothing else", () => {
    expect(profilePageOf(new URL("https://www.instagram.com/examplecreator/"))).toEqual({
      platform: "instagram",
      handle: "examplecreator",
    });
    expect(profilePageOf(new URL("https://www.tiktok.com/@examplecreator"))?.platform).toBe("tiktok");
    expect(profilePageOf(new URL("https://www.youtube.com/@examplecreator/videos"))?.platform).toBe(
      "youtube",
    );
    expect(profilePageOf(new URL("https://www.instagram.com/p/abc/"))).toBeUndefined();
    expect(profilePageOf(new URL("https://example.com/@examplecreator"))).toBeUndefined();
  });
});

describe("readProfile", () => {
  it("Instagram: calls web_profile_info on the page's origin with the web app's headers", async () => {
    site.route("GET", "/api/v1/users/web_profile_info/", { body: fixtureJson("instagram-web-profile.json") });
    const s = await readProfile(
      { platform: "instagram", handle: "examplecreator" },
      access("/examplecreator/"),
    );
    expect(s.followers).toBe(58210);
    expect(site.requests[0]!.query.get("username")).toBe("examplecreator");
    expect(site.requests[0]!.headers["x-ig-app-id"]).toBe("936619743392459");
  });

  it("Instagram: a login page or a refusal becomes a clear message", async () => {
    site.route("GET", "/api/v1/users/web_profile_info/", {
      headers: { "content-type": "text/html" },
      body: fixture("instagram-login-wall.html"),
    });
    const wall = await rejection(
      readProfile({ platform: "instagram", handle: "examplecreator" }, access("/examplecreator/")),
    );
    expect(wall.code).toBe("login-wall");
    expect(wall.message).toContain("sign in to Instagram");
    site.route("GET", "/api/v1/users/web_profile_info/", { status: 401, body: { message: "Please wait" } });
    const refused = await rejection(
      readProfile({ platform: "instagram", handle: "examplecreator" }, access("/examplecreator/")),
    );
    expect(refused.code).toBe("refused");
    expect(refused.message).toContain("HTTP 401");
  });

  it("TikTok: reads the open page without any request when its data is for this profile", async () => {
    const s = await readProfile(
      { platform: "tiktok", handle: "examplecreator" },
      access("/@examplecreator", fixture("tiktok-profile.html")),
    );
    expect(s.username).toBe("examplecreator");
    expect(site.count()).toBe(0);
  });

  it("TikTok: after in-app navigation (the page's data is someone else's) the profile page is loaded again", async () => {
    site.route("GET", "/@examplecreator", {
      headers: { "content-type": "text/html" },
      body: fixture("tiktok-profile.html"),
    });
    const stale = fixture("tiktok-profile.html").replaceAll("examplecreator", "previousprofile");
    const s = await readProfile(
      { platform: "tiktok", handle: "examplecreator" },
      access("/@examplecreator", stale),
    );
    expect(s.username).toBe("examplecreator");
    expect(site.count("/@examplecreator")).toBe(1);
  });

  it("YouTube: on another tab, the Videos page is loaded; on the Videos tab the open page is read", async () => {
    const page = youtubePage(fixtureJson("youtube-innertube-browse-videos.json"));
    site.route("GET", "/@examplecreator/videos", { headers: { "content-type": "text/html" }, body: page });
    const fromFetch = await readProfile(
      { platform: "youtube", handle: "examplecreator" },
      access("/@examplecreator"),
    );
    expect(fromFetch.posts).toHaveLength(2);
    expect(site.count("/@examplecreator/videos")).toBe(1);
    site.reset();
    const fromDoc = await readProfile(
      { platform: "youtube", handle: "examplecreator" },
      access("/@examplecreator/videos", page),
    );
    expect(fromDoc.followers).toBe(412_000);
    expect(site.count()).toBe(0);
  });

  it("YouTube: a page without ytInitialData, even when loaded again, is a clear error", async () => {
    site.route("GET", "/@examplecreator/videos", {
      headers: { "content-type": "text/html" },
      body: "<html></html>",
    });
    const e = await rejection(
      readProfile({ platform: "youtube", handle: "examplecreator" }, access("/@examplecreator/videos")),
    );
    expect(e.code).toBe("no-profile-data");
    expect(e.message).toContain("ytInitialData");
  });
});
