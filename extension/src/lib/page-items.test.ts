// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FakeUpstream, startFakeUpstream } from "../../../src/server/collectors/testing/fake-upstream";
import { fixtureJson } from "../testing/fixtures";
import { requestPageItems } from "./page-items";

/** TikTok's item list API stands in on 127.0.0.1; the hook is installed in this (jsdom) page. */
let site: FakeUpstream;
beforeAll(async () => {
  site = await startFakeUpstream();
  site.route("GET", "/api/post/item_list/", { body: fixtureJson("tiktok-item-list-page1.json") });
  site.route("GET", "/api/other/", { body: { itemList: [{ id: "not-a-video-list" }] } });
});
afterAll(() => site.close());

// jsdom's postMessage leaves event.source null; a browser sets it to the sending window, which both
// sides check. Delivered asynchronously, as a browser does.
window.postMessage = ((data: unknown) => {
  setTimeout(() =>
    window.dispatchEvent(new MessageEvent("message", { data, source: window, origin: location.origin })),
  );
}) as typeof window.postMessage;

describe("page hook and requestPageItems", () => {
  it("answers nothing when the hook is not in the page", async () => {
    expect(await requestPageItems(window, 50)).toEqual([]);
  });

  it("keeps the video lists the page fetched itself (and nothing else) and hands them over on request", async () => {
    await import("../page-hook");
    const res = await window.fetch(`${site.url}/api/post/item_list/?secUid=abc&count=15`);
    expect(res.status).toBe(200);
    // The page still gets its answer, untouched.
    const body = (await res.json()) as { itemList: { id: string }[] };
    expect(body.itemList).toHaveLength(15);
    await window.fetch(`${site.url}/api/other/`);
    await new Promise((r) => setTimeout(r, 20));
    const items = (await requestPageItems(window)) as { id: string }[];
    expect(items.map((i) => i.id)).toEqual(body.itemList.map((i) => i.id));
  });
});
