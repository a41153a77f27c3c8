// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import type { ProfileSnapshot } from "../../../src/core/schemas/snapshot";
import { CaptureError } from "../lib/capture-error";
import type { CaptureReply } from "../lib/messages";
import { parseTikTokPage } from "../lib/parsers/tiktok";
import { fixture } from "../testing/fixtures";
import { type CaptureWidgetDeps, mountCaptureWidget, WIDGET_HOST_ID } from "./capture-widget";

const snapshot = parseTikTokPage(
  fixture("tiktok-profile.html"),
  "examplecreator",
  new Date("2026-11-26T12:00:00Z"),
);

function setup(overrides: Partial<CaptureWidgetDeps> = {}) {
  const deps: CaptureWidgetDeps = {
    page: { platform: "tiktok", handle: "examplecreator" },
    productName: "Social Media Analytics Platform",
    read: vi.fn(async () => snapshot),
    instanceUrl: vi.fn(async () => "https://analytics.example.com"),
    send: vi.fn(
      async (s: ProfileSnapshot): Promise<CaptureReply> => ({
        ok: true,
        grade: "A-",
        username: s.username,
        reportUrl: "https://analytics.example.com/report/tiktok/examplecreator",
      }),
    ),
    openOptions: vi.fn(),
    // jsdom's element.click() is untrusted: these tests stand in for the user's own clicks.
    isTrusted: () => true,
    ...overrides,
  };
  const widget = mountCaptureWidget(document, deps);
  const root = widget.root;
  const button = (name: string) => {
    const found = [...root.querySelectorAll("button")].find((b) => b.textContent === name);
    if (!found) throw new Error(`no button "${name}" in: ${root.textContent}`);
    return found;
  };
  const panel = () => root.querySelector("section")!;
  const settle = () => new Promise((r) => setTimeout(r, 0));
  return { deps, widget, root, button, panel, settle };
}

afterEach(() => {
  document.body.replaceChildren();
});

describe("capture widget", () => {
  it("keeps its panel in a closed shadow root and ignores clicks a page script makes (issue #33)", async () => {
    const { deps, widget, button, panel, settle } = setup({ isTrusted: undefined });
    // The page sees the host element but not inside it.
    expect(widget.host.shadowRoot).toBeNull();
    // A page script's click (untrusted) on the button reads nothing.
    button("Analyse with Social Media Analytics Platform").click();
    button("Analyse with Social Media Analytics Platform").dispatchEvent(
      new MouseEvent("click", { bubbles: true }),
    );
    await settle();
    expect(deps.read).not.toHaveBeenCalled();
    expect(panel().hidden).toBe(true);
  });

  it("a page script cannot press Send on a panel the user opened (issue #33)", async () => {
    let userClicking = false;
    const { deps, button, settle } = setup({ isTrusted: () => userClicking });
    userClicking = true;
    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    userClicking = false;
    button("Send").click();
    await settle();
    expect(deps.send).not.toHaveBeenCalled();
    userClicking = true;
    button("Send").click();
    await settle();
    expect(deps.send).toHaveBeenCalledOnce();
  });

  it("reads nothing until clicked, then says exactly what it will send, and sends only on Send", async () => {
    const { deps, button, panel, settle, root } = setup();
    expect(document.getElementById(WIDGET_HOST_ID)).not.toBeNull();
    expect(deps.read).not.toHaveBeenCalled();
    expect(panel().hidden).toBe(true);

    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    expect(deps.read).toHaveBeenCalledOnce();
    expect(deps.send).not.toHaveBeenCalled();
    const n = snapshot.posts.length;
    expect(root.querySelector('[data-testid="capture-summary"]')!.textContent).toBe(
      `This sends @examplecreator's TikTok profile and ${n} recent posts to https://analytics.example.com, with your API key:`,
    );
    const fields = root.querySelector('[data-testid="capture-fields"]')!.textContent!;
    expect(fields).toContain("Profile: username, name, bio, verified badge, private flag");
    expect(fields).toContain("followers");
    expect(fields).toContain(
      `Each of the ${n} posts: id, type, caption, date, likes, comments, views, shares`,
    );
    expect(fields).toContain(
      "About the capture: the platform, when it was made, and which page data it was read from",
    );
    expect(panel().textContent).toContain(
      "Nothing else from this page, your account or your browsing is sent.",
    );
    expect(root.querySelector("pre")!.textContent).toBe(JSON.stringify(snapshot, null, 2));

    button("Send").click();
    await settle();
    expect(deps.send).toHaveBeenCalledWith(snapshot);
    expect(root.querySelector('[data-testid="capture-grade"]')!.textContent).toBe("A-");
    expect(panel().textContent).toContain("The report opened in a new tab.");
    expect(root.querySelector("a")!.getAttribute("href")).toBe(
      "https://analytics.example.com/report/tiktok/examplecreator",
    );
  });

  it("Cancel sends nothing", async () => {
    const { deps, button, panel, settle } = setup();
    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    button("Cancel").click();
    expect(panel().hidden).toBe(true);
    expect(deps.send).not.toHaveBeenCalled();
  });

  it("a malformed page shows the reader's message in an alert and sends nothing", async () => {
    const { deps, button, root, settle } = setup({
      read: async () =>
        parseTikTokPage("<html><body>verify you are human</body></html>", "examplecreator", new Date()),
    });
    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    const alert = root.querySelector('[role="alert"]')!;
    expect(alert.textContent).toBe(
      "This TikTok page has no profile data for @examplecreator (TikTok may be showing a verification page). Reload the page and try again.",
    );
    expect((alert as HTMLElement).dataset.code).toBe("no-profile-data");
    expect(root.querySelector("h2")!.textContent).toBe("Nothing was sent");
    expect(deps.send).not.toHaveBeenCalled();
  });

  it("without an instance configured it points to the options and sends nothing", async () => {
    const { deps, button, root, settle } = setup({ instanceUrl: async () => undefined });
    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    expect(root.querySelector('[role="alert"]')!.textContent).toBe(
      "Set your instance address and API key in the extension's options first.",
    );
    button("Open options").click();
    expect(deps.openOptions).toHaveBeenCalledOnce();
    expect(deps.send).not.toHaveBeenCalled();
  });

  it("shows the instance's refusal", async () => {
    const { button, root, settle } = setup({
      send: async () => ({ ok: false, message: "The API key may not capture.", code: "API_KEY_SCOPE" }),
    });
    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    button("Send").click();
    await settle();
    expect(root.querySelector('[role="alert"]')!.textContent).toBe("The API key may not capture.");
  });

  it("a missing account is said in the panel", async () => {
    const { button, root, settle } = setup({
      read: async () => {
        throw new CaptureError("Instagram says there is no account @examplecreator.", "not-found");
      },
    });
    button("Analyse with Social Media Analytics Platform").click();
    await settle();
    expect(root.querySelector('[role="alert"]')!.textContent).toBe(
      "Instagram says there is no account @examplecreator.",
    );
  });
});
