// @vitest-environment jsdom
import "../testing/dom";
import { cleanup, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { paths } from "../config/paths";
import { mockSession, renderWithApp, TEST_USER } from "../testing/render";
import { AppRouter } from "./router";

async function visit(path: string, session: Parameters<typeof mockSession>[0] = {}) {
  mockSession(session);
  return renderWithApp(<AppRouter />, { path });
}

async function heading(name: string | RegExp, level = 1) {
  return screen.findByRole("heading", { name, level }, { timeout: 3000 });
}

describe("routes of spec §2", () => {
  it.each([
    ["/", "Social Media Analytics Made Simple"],
    ["/influencer-insight", "Influencer Insight"],
    ["/influencer-insight/instagram/natgeo", "Influencer Insight"],
    ["/influencer-insight/natgeo", "Influencer Insight"],
    ["/influencer-report", "Influencer Insight"],
    ["/influencer-report/tiktok/khaby.lame", "Influencer Insight"],
    ["/influencer-report/khaby.lame", "Influencer Insight"],
    ["/report/youtube/mkbhd", "@mkbhd"],
    ["/report/mkbhd", "@mkbhd"],
    ["/instagram-analytics", "Instagram Analytics"],
    ["/tiktok-analytics/someone", "TikTok Analytics"],
    ["/youtube-analytics", "YouTube Analytics"],
    ["/social-media-analytics/someone", "Social Media Analytics"],
    ["/influencer-discovery", "Influencer Discovery"],
    ["/influencer-search", "Influencer Discovery"],
    ["/about", /^About /],
    ["/privacy", "Privacy Policy"],
    ["/terms", "Terms of Service"],
    ["/blog", "Blog"],
    ["/blog/latest-marketing-trends-2025", "Influencer Marketing Trends to Watch in 2025"],
    ["/search?q=natgeo", "Search"],
    ["/test-parser", "Input Parser Test"],
    ["/no/such/page", "404 Page Not Found"],
    ["/blog/no-such-article", "404 Page Not Found"],
  ])("%s shows %s", async (path, name) => {
    await visit(path);
    expect(await heading(name)).toBeInTheDocument();
  });

  it("/adsense-test shows AdSense Diagnostics and runs the checks", async () => {
    await visit("/adsense-test");
    expect(await heading("AdSense Diagnostics")).toBeInTheDocument();
    // Let the run (1 s console watch) finish inside the test.
    expect(await screen.findByText("1 run completed", undefined, { timeout: 3000 })).toBeInTheDocument();
  });

  it("the insight page lists what you'll get", async () => {
    await visit(paths.insight());
    expect(await heading("What You'll Get", 2)).toBeInTheDocument();
    for (const title of ["Engagement Analytics", "Audience Insights", "Marketing Value"]) {
      expect(screen.getByRole("heading", { name: title })).toBeInTheDocument();
    }
    expect(screen.getByRole("link", { name: "Discover influencers" })).toHaveAttribute(
      "href",
      "/influencer-discovery",
    );
  });

  it("404 and legal pages carry their title and date", async () => {
    await visit("/nowhere");
    await heading("404 Page Not Found");
    await waitFor(() => expect(document.title).toBe("Page Not Found | Test Brand"));
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute("href")).toBe(
      "https://analytics.example.com/404",
    );
  });

  it.each(["/privacy", "/terms"])("%s shows Last Updated: May 20, 2023", async (path) => {
    await visit(path);
    expect(await screen.findByText("Last Updated: May 20, 2023")).toBeInTheDocument();
  });

  it("the social-media landing page links to the three platform pages and to the insight tool", async () => {
    await visit("/social-media-analytics");
    await heading("Social Media Analytics");
    expect(screen.getByRole("link", { name: "Start Analysis" })).toHaveAttribute(
      "href",
      "/influencer-insight",
    );
    expect(screen.getByRole("link", { name: "Instagram Analytics" })).toHaveAttribute(
      "href",
      "/instagram-analytics",
    );
    expect(screen.getByRole("link", { name: "TikTok Analytics" })).toHaveAttribute(
      "href",
      "/tiktok-analytics",
    );
    expect(screen.getByRole("link", { name: "YouTube Analytics" })).toHaveAttribute(
      "href",
      "/youtube-analytics",
    );
  });
});

describe("pages that depend on the session", () => {
  it("history asks visitors to sign in", async () => {
    await visit("/history");
    expect(await heading("Sign In to View Your History")).toBeInTheDocument();
    screen.getByRole("button", { name: "Sign in" }).click();
    expect(await screen.findByRole("dialog", { name: "Sign in to continue" })).toBeInTheDocument();
  });

  it("history shows Recently Viewed to a signed-in user", async () => {
    await visit("/history", { user: TEST_USER });
    expect(await heading("Recently Viewed")).toBeInTheDocument();
  });

  it("workspaces (issue #37): /invite/:token shows the invite to a visitor; /workspaces/:id and its audit ask to sign in", async () => {
    await visit("/invite/tok_1", {
      extra: {
        "GET /api/invites/tok_1": {
          json: {
            workspaceName: "Acme agency",
            role: "viewer",
            email: "ada@example.com",
            expiresAt: "2030-01-01T00:00:00.000Z",
            state: "pending",
          },
        },
      },
    });
    expect(await screen.findByText("Join Acme agency", {}, { timeout: 3000 })).toBeInTheDocument();
    cleanup();
    await visit("/workspaces/22222222-2222-4222-8222-222222222222");
    expect(await heading("Sign In to See This Workspace")).toBeInTheDocument();
    cleanup();
    await visit("/workspaces/22222222-2222-4222-8222-222222222222/audit");
    expect(await heading("Sign In to See the Audit Log")).toBeInTheDocument();
  });

  it("settings: visitors must sign in", async () => {
    await visit("/settings");
    expect(await screen.findByText("You need to be logged in to access settings.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign in" })).toBeInTheDocument();
  });

  it("settings: signed-in non-admins are refused", async () => {
    await visit("/settings", { user: TEST_USER });
    expect(
      await screen.findByText(
        "You do not have permission to access settings. This page is restricted to specific users.",
      ),
    ).toBeInTheDocument();
  });

  it("settings: the admin gets the settings page", async () => {
    await visit("/settings", { user: { ...TEST_USER, isAdmin: true } });
    expect(
      await screen.findByText(
        "How this installation caches, refreshes and analyses accounts, and its stored data.",
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/You do not have permission/)).not.toBeInTheDocument();
  });
});
