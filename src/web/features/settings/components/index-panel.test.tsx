// @vitest-environment jsdom
import "../../../testing/dom";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import type { CrawlJob, Identity, IndexPanel as IndexPanelData } from "#core/schemas/index-growth";
import { StatedIdentities } from "../../../components/results/stated-identities";
import { mockSession, renderWithApp, TEST_USER } from "../../../testing/render";
import { IndexPanel } from "./index-panel";

afterEach(() => {
  toast.dismiss();
});

const DAYS = Array.from({ length: 30 }, (_, i) => ({
  day: new Date(Date.UTC(2026, 9, 29 + i)).toISOString().slice(0, 10),
  added: i === 29 ? 12 : i === 28 ? 3 : 0,
}));

const CRAWL: CrawlJob = {
  jobId: "c1",
  platform: "youtube",
  seeds: ["seed"],
  depth: 2,
  maxAccounts: 50,
  state: "running",
  depthReached: 1,
  found: 3,
  added: 2,
  alreadyKnown: 1,
  message: "Level 1 of 2: read 3 of at most 50 accounts; 2 added.",
  createdAt: "2026-11-27T10:00:00.000Z",
};

const PANEL: IndexPanelData = {
  accounts: [
    { platform: "youtube", origin: "growth", count: 1200, fullReports: 0 },
    { platform: "youtube", origin: "report", count: 40, fullReports: 40 },
  ],
  growthPerDay: DAYS,
  budgets: [
    { name: "youtube-search", label: "YouTube search (search.list calls a day)", used: 7, limit: 90 },
    { name: "index-growth", label: "Index growth (profiles read a day)", used: 150, limit: 200 },
  ],
  queue: { waiting: 31, read: 150, known: 9, failed: 2 },
  crawls: [],
};

describe("Settings → Index", () => {
  it("shows the index by platform and origin, growth, budgets, the queue; an admin starts a crawl and sees its progress", async () => {
    const { calls } = mockSession({
      user: { ...TEST_USER, isAdmin: true },
      extra: {
        "GET /api/admin/index": { json: PANEL },
        "POST /api/admin/crawl": { status: 202, json: { jobId: "c1" } },
        "GET /api/admin/crawl/c1": { json: CRAWL },
      },
    });
    renderWithApp(<IndexPanel />);
    const rows = await screen.findAllByTestId("index-origin-row");
    expect(rows.map((r) => r.textContent)).toEqual([
      "YouTubeFound around reports1,2000",
      "YouTubeFrom a report4040",
    ]);
    expect(screen.getByText("Growth, last 30 days: 15 new accounts")).toBeInTheDocument();
    expect(screen.getByTestId("budget-youtube-search")).toHaveTextContent(
      "YouTube search (search.list calls a day): 7 of 90 used",
    );
    expect(screen.getByTestId("budget-index-growth")).toHaveTextContent("150 of 200 used");
    expect(screen.getByTestId("growth-queue")).toHaveTextContent(
      "31 waiting · 150 read · 9 already known · 2 could not be read",
    );
    expect(screen.getByText("No crawls yet.")).toBeInTheDocument();

    const form = screen.getByRole("form", { name: "Crawl from seeds" });
    await userEvent.type(within(form).getByLabelText("Seed usernames"), "@seed");
    await userEvent.click(within(form).getByRole("button", { name: "Start crawl" }));
    expect(await screen.findByTestId("crawl-progress")).toHaveTextContent(
      "YouTube from @seed (depth 2): running — level 1, 3 found, 2 added, 1 already known.",
    );
    const post = calls.find((c) => c.method === "POST" && c.url === "/api/admin/crawl");
    expect(post?.body).toEqual({ platform: "youtube", seeds: ["@seed"], depth: 2, maxAccounts: 100 });
  });
});

describe("stated identities", () => {
  it("says where the creator linked each profile, and nothing when there is none", () => {
    const identities: Identity[] = [
      {
        platform: "tiktok",
        username: "hubcooks",
        statedIn: "youtube-about",
        label: "linked from their YouTube About page",
        inIndex: true,
      },
    ];
    const { container, rerender } = render(<StatedIdentities identities={identities} />);
    expect(screen.getByTestId("stated-identities")).toHaveTextContent(
      "Also on TikTok @hubcooks (linked from their YouTube About page)",
    );
    expect(screen.getByRole("link", { name: "@hubcooks" })).toHaveAttribute(
      "href",
      "/report/tiktok/hubcooks",
    );
    rerender(<StatedIdentities identities={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
