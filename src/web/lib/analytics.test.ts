// @vitest-environment jsdom
import "../testing/dom";
import { afterEach, describe, expect, it, vi } from "vitest";
import { pixelEvents } from "../testing/pixel";
import {
  analyticsEnabled,
  configureAnalytics,
  MAX_PENDING_EVENTS,
  PIXEL_SCRIPT_URL,
  resetAnalytics,
  trackAccountFinderSearch,
  trackInfluencerAnalysis,
  trackLead,
  trackRegistration,
  trackReportView,
  trackSearch,
} from "./analytics";

const PIXEL = "123456789012345";

afterEach(() => resetAnalytics());

const pixelScripts = () => document.querySelectorAll(`script[src="${PIXEL_SCRIPT_URL}"]`);

describe("analytics without a pixel id", () => {
  it("loads nothing and sends nothing, before or after the configuration is known", () => {
    trackSearch({ platform: "instagram", username: "natgeo" });
    configureAnalytics(null);
    trackReportView({ platform: "instagram", username: "natgeo" });
    trackLead({ source: "sign-in-dialog" });
    expect(analyticsEnabled()).toBe(false);
    expect(pixelScripts()).toHaveLength(0);
    expect(window.fbq).toBeUndefined();
    // A blank id is no id.
    resetAnalytics();
    configureAnalytics("  ");
    trackSearch({ platform: "instagram", username: "natgeo" });
    expect(window.fbq).toBeUndefined();
  });

  it("a later configuration with an id does not switch it on (one configuration per page)", () => {
    configureAnalytics(undefined);
    configureAnalytics(PIXEL);
    trackSearch({ platform: "tiktok", username: "khaby.lame" });
    expect(window.fbq).toBeUndefined();
    expect(pixelScripts()).toHaveLength(0);
  });
});

describe("analytics with a pixel id", () => {
  it("loads the pixel script once, starts the pixel without automatic events, and sends PageView", () => {
    configureAnalytics(PIXEL);
    configureAnalytics(PIXEL);
    expect(analyticsEnabled()).toBe(true);
    expect(pixelScripts()).toHaveLength(1);
    expect((pixelScripts()[0] as HTMLScriptElement).async).toBe(true);
    expect(window.fbq?.queue.map((args) => Array.from(args))).toEqual([
      ["set", "autoConfig", false, PIXEL],
      ["init", PIXEL],
      ["track", "PageView"],
    ]);
  });

  it("events from before the configuration wait, then go in order; later ones follow", () => {
    trackSearch({ platform: "instagram", username: "natgeo" });
    trackReportView({ platform: "instagram", username: "natgeo" });
    expect(window.fbq).toBeUndefined();
    configureAnalytics(PIXEL);
    trackLead({ source: "about-page" });
    expect(pixelEvents()).toEqual([
      ["track", "Search", { search_string: "natgeo", content_category: "instagram" }],
      [
        "track",
        "ViewContent",
        {
          content_type: "influencer_report",
          content_ids: ["instagram:natgeo"],
          content_name: "@natgeo",
          content_category: "instagram",
        },
      ],
      ["track", "Lead", { content_name: "enterprise_access", content_category: "about-page" }],
    ]);
  });

  it("keeps at most the last 50 waiting events", () => {
    for (let i = 0; i < MAX_PENDING_EVENTS + 10; i++) trackSearch({ platform: "youtube", username: `u${i}` });
    configureAnalytics(PIXEL);
    const events = pixelEvents();
    expect(events).toHaveLength(MAX_PENDING_EVENTS);
    expect(events[0]?.[2]).toMatchObject({ search_string: "u10" });
  });

  it("once the script has loaded, calls go straight to it (the stub queue is the script's to read)", () => {
    configureAnalytics(PIXEL);
    const received: unknown[][] = [];
    // What fbevents.js does when it starts: takes over the stub.
    window.fbq!.callMethod = (...args: unknown[]) => received.push(args);
    trackRegistration({ method: "google" });
    expect(received).toEqual([["track", "CompleteRegistration", { content_name: "google", status: true }]]);
  });

  it("maps every event of spec §7 to its pixel event and parameters", () => {
    configureAnalytics(PIXEL);
    trackInfluencerAnalysis({
      platform: "tiktok",
      username: "khaby.lame",
      estimatedEarnings: { low: 1000, high: 2001 },
    });
    trackInfluencerAnalysis({ platform: "youtube", username: "mkbhd", estimatedEarnings: null });
    trackAccountFinderSearch({ platform: "instagram", resultCount: 12 });
    trackRegistration({ method: "development" });
    expect(pixelEvents()).toEqual([
      [
        "trackCustom",
        "InfluencerAnalysis",
        { platform: "tiktok", username: "khaby.lame", value: 1501, currency: "USD" },
      ],
      ["trackCustom", "InfluencerAnalysis", { platform: "youtube", username: "mkbhd" }],
      ["trackCustom", "AccountFinderSearch", { platform: "instagram", result_count: 12 }],
      ["track", "CompleteRegistration", { content_name: "development", status: true }],
    ]);
  });

  it("never throws: a broken pixel is only logged", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    configureAnalytics(PIXEL);
    window.fbq!.callMethod = () => {
      throw new Error("pixel exploded");
    };
    expect(() => trackSearch({ platform: "instagram", username: "natgeo" })).not.toThrow();
    expect(warn).toHaveBeenCalledWith("Analytics event not sent:", expect.any(Error));
    warn.mockRestore();
  });

  it("reuses a pixel already on the page instead of replacing it", () => {
    const existing = Object.assign(vi.fn(), { queue: [], loaded: true, version: "2.0" });
    window.fbq = existing as unknown as typeof window.fbq;
    configureAnalytics(PIXEL);
    trackLead({ source: "sign-in-dialog" });
    expect(window.fbq).toBe(existing);
    expect(existing).toHaveBeenCalledWith("init", PIXEL);
    expect(existing).toHaveBeenLastCalledWith("track", "Lead", {
      content_name: "enterprise_access",
      content_category: "sign-in-dialog",
    });
  });
});
