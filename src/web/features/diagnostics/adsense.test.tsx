// @vitest-environment jsdom
import "../../testing/dom";
import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { AdsenseDiagnostics } from "./components/adsense-diagnostics";
import {
  AD_BLOCKER_WAIT_MS,
  ADSENSE_MESSAGES,
  type CheckEnv,
  CONSOLE_WAIT_MS,
  checkAdBlocker,
  checkAdsTxt,
  checkConnectivity,
  checkConsoleErrors,
  checkDomain,
  checkScript,
  isDevelopmentHost,
  runAdsenseChecks,
} from "./lib/adsense-checks";

function env(overrides: Partial<CheckEnv> = {}): CheckEnv {
  return {
    clientId: "ca-pub-1234567890",
    fetch: vi.fn(async () => new Response("google.com, pub-1234567890, DIRECT, f08c47fec0942fa0")),
    document,
    window,
    console: { ...console, error: () => undefined } as Console,
    hostname: "analytics.example.com",
    sleep: async () => undefined,
    ...overrides,
  };
}

describe("ad checks", () => {
  it("script: fails when configured but absent, warns when ads are not configured, passes when present", async () => {
    expect(await checkScript(env())).toMatchObject({
      status: "fail",
      message: ADSENSE_MESSAGES.scriptMissing,
    });
    expect(await checkScript(env({ clientId: null }))).toMatchObject({
      status: "warning",
      message: ADSENSE_MESSAGES.scriptMissing,
      detail: expect.stringContaining("not configured"),
    });
    const w = Object.assign(Object.create(window), { adsbygoogle: [] }) as CheckEnv["window"];
    expect(await checkScript(env({ window: w }))).toMatchObject({ status: "pass" });
  });

  it("ads.txt: not accessible, missing publisher ID, or found", async () => {
    const notFound = vi.fn(async () => new Response("Not found", { status: 404 }));
    expect(await checkAdsTxt(env({ fetch: notFound }))).toMatchObject({
      status: "fail",
      message: ADSENSE_MESSAGES.adsTxtMissing,
    });
    expect(notFound).toHaveBeenCalledWith("/ads.txt", expect.anything());
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await checkAdsTxt(env({ fetch: offline }))).toMatchObject({
      message: ADSENSE_MESSAGES.adsTxtMissing,
    });
    const other = vi.fn(async () => new Response("google.com, pub-999, DIRECT"));
    expect(await checkAdsTxt(env({ fetch: other }))).toMatchObject({
      status: "fail",
      message: ADSENSE_MESSAGES.adsTxtNoPublisher,
    });
    expect(await checkAdsTxt(env())).toMatchObject({ status: "pass" });
  });

  it("ad blocker: waits 100 ms, warns when the bait is hidden, and removes the bait", async () => {
    const sleep = vi.fn(async () => undefined);
    // jsdom lays nothing out, so the bait has no height: what a blocker's display:none looks like.
    expect(await checkAdBlocker(env({ sleep }))).toMatchObject({
      status: "warning",
      message: ADSENSE_MESSAGES.adBlocker,
    });
    expect(sleep).toHaveBeenCalledWith(AD_BLOCKER_WAIT_MS);
    expect(document.querySelector(".adsbox")).toBeNull();
    const tall = vi.spyOn(HTMLElement.prototype, "offsetHeight", "get").mockReturnValue(250);
    expect(await checkAdBlocker(env())).toMatchObject({ status: "pass" });
    tall.mockRestore();
  });

  it("console errors: listens for 1000 ms and reports ad-related ones only", async () => {
    const fakeConsole = { error: vi.fn() } as unknown as Console;
    const sleep = vi.fn(async (ms: number) => {
      expect(ms).toBe(CONSOLE_WAIT_MS);
      fakeConsole.error("adsbygoogle.push() error: No slot size");
      fakeConsole.error("something unrelated");
    });
    const result = await checkConsoleErrors(env({ console: fakeConsole, sleep }));
    expect(result).toMatchObject({ status: "fail", message: "1 ad-related console error" });
    expect(result.detail).toContain("adsbygoogle");
    expect(
      await checkConsoleErrors(env({ console: { error: vi.fn() } as unknown as Console })),
    ).toMatchObject({
      status: "pass",
    });
  });

  it("connectivity: HEAD to the ad server when configured; nothing leaves the page otherwise", async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 200 }));
    expect(await checkConnectivity(env({ fetch }))).toMatchObject({ status: "pass" });
    expect(fetch).toHaveBeenCalledWith(
      expect.stringContaining("https://pagead2.googlesyndication.com/"),
      expect.objectContaining({ method: "HEAD" }),
    );
    const down = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    expect(await checkConnectivity(env({ fetch: down }))).toMatchObject({
      status: "fail",
      message: ADSENSE_MESSAGES.noConnection,
    });
    const untouched = vi.fn();
    expect(await checkConnectivity(env({ clientId: null, fetch: untouched }))).toMatchObject({
      status: "warning",
    });
    expect(untouched).not.toHaveBeenCalled();
  });

  it("domain: development hosts warn, others pass", async () => {
    for (const host of ["localhost", "127.0.0.1", "192.168.1.20", "app.local", "10.0.0.5"]) {
      expect(isDevelopmentHost(host), host).toBe(true);
    }
    expect(isDevelopmentHost("analytics.example.com")).toBe(false);
    expect(await checkDomain(env({ hostname: "localhost" }))).toMatchObject({
      status: "warning",
      message: ADSENSE_MESSAGES.devDomain,
    });
    expect(await checkDomain(env())).toMatchObject({ status: "pass" });
  });

  it("runs all six in a stable order", async () => {
    const results = await runAdsenseChecks(env());
    expect(results.map((r) => r.id)).toEqual([
      "script",
      "ads-txt",
      "ad-blocker",
      "console",
      "connectivity",
      "domain",
    ]);
  });
});

describe("AdsenseDiagnostics", () => {
  it("runs when opened, and every rerun adds a run", async () => {
    let runs = 0;
    const makeEnv = (clientId: string | null) => {
      runs++;
      return env({
        clientId,
        hostname: "localhost",
        fetch: vi.fn(async () => new Response("", { status: 404 })),
      });
    };
    render(<AdsenseDiagnostics clientId={null} makeEnv={makeEnv} />);
    expect(await screen.findByText("1 run completed")).toBeInTheDocument();
    expect(screen.getByText(/ADSENSE_CLIENT_ID is not set/)).toBeInTheDocument();
    const first = screen.getByRole("heading", { name: /^Run 1/ }).closest("li") as HTMLElement;
    expect(within(first).getByText(ADSENSE_MESSAGES.adsTxtMissing)).toBeInTheDocument();
    expect(within(first).getByText(ADSENSE_MESSAGES.devDomain)).toBeInTheDocument();
    expect(within(first).getByText(ADSENSE_MESSAGES.scriptMissing)).toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: "Rerun Tests" }));
    expect(await screen.findByText("2 runs completed")).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /^Run 2/ })).toBeInTheDocument();
    expect(screen.getByRole("heading", { name: /^Run 1/ })).toBeInTheDocument();
    expect(runs).toBe(2);
    await act(async () => undefined);
  });
});
