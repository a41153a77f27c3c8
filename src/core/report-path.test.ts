import { describe, expect, it } from "vitest";
import { reportPathOf } from "./report-path";

describe("reportPathOf", () => {
  it("reads both report shapes, the handle decoded and without @", () => {
    expect(reportPathOf("/report/instagram/gabrielthomas")).toEqual({
      platform: "instagram",
      username: "gabrielthomas",
    });
    expect(reportPathOf("/report/%40some.one")).toEqual({ platform: null, username: "some.one" });
    expect(reportPathOf("/report/tiktok/caf%C3%A9/")).toEqual({ platform: "tiktok", username: "café" });
  });

  it("keeps the platform segment as written, for each caller to judge", () => {
    expect(reportPathOf("/REPORT/Instagram/x")).toEqual({ platform: "Instagram", username: "x" });
    expect(reportPathOf("/report/myspace/x")).toEqual({ platform: "myspace", username: "x" });
  });

  it("is null for other paths, empty handles and broken encodings", () => {
    for (const path of [
      "/",
      "/report",
      "/report/",
      "/report/instagram/x/extra",
      "/reports/x",
      "/influencer-report/x",
      "/report/%40",
      "/report/instagram/@@",
      "/report/%E0%A4%A",
    ]) {
      expect(reportPathOf(path), path).toBeNull();
    }
  });
});
