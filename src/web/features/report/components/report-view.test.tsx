// @vitest-environment jsdom
import "../../../testing/dom";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GRADES } from "#core/schemas/report";
import { mockSession, renderWithApp } from "../../../testing/render";
import { ordinal } from "../lib/report-fields";
import { makeAccount, makeEmptyAccount, makeRealAccount, SAMPLE } from "../testing/account-fixture";
import { ReportView } from "./report-view";

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
});

afterEach(() => {
  // Sonner keeps its toasts between renders: start each test with none.
  toast.dismiss();
});

async function renderReport(
  account = makeAccount(),
  { canRefresh = false, extra = {} as NonNullable<Parameters<typeof mockSession>[0]>["extra"] } = {},
) {
  const api = mockSession({ extra });
  const view = renderWithApp(<ReportView account={account} canRefresh={canRefresh} />);
  // The charts arrive lazily: wait for them so nothing updates after the test.
  await waitFor(() => expect(screen.queryAllByTestId("chart-loading")).toHaveLength(0), { timeout: 5000 });
  return { ...api, ...view };
}

describe("ReportView: the account card", () => {
  it("shows name, handle, platform, Not Verified and Public, followers in K and the last update", async () => {
    const account = makeAccount(SAMPLE.plain);
    await renderReport(account);
    const article = screen.getByRole("article", { name: "Report for @gabrielthomas" });
    expect(within(article).getByRole("heading", { level: 2, name: "Gabriel | Sport" })).toBeInTheDocument();
    expect(within(article).getByText("@gabrielthomas")).toBeInTheDocument();
    expect(within(article).getByText("Instagram")).toBeInTheDocument();
    const status = within(article).getByRole("list", { name: "Account status" });
    expect(within(status).getByText("Not Verified")).toBeInTheDocument();
    expect(within(status).getByText("Public")).toBeInTheDocument();
    expect(screen.getByTestId("followers")).toHaveTextContent("1.5K");
    expect(screen.getByTestId("followers")).toHaveAttribute("title", "1,548 followers");
    expect(screen.getByText(/Last updated:/)).toHaveTextContent("Last updated: Jan 15, 2026");
    // No avatar picture: initials instead.
    expect(screen.getByTestId("avatar-initials")).toHaveTextContent("GS");
  });

  it("shows Verified and followers in M for a large account, and the avatar when there is one", async () => {
    await renderReport(makeAccount(SAMPLE.verified, { avatarUrl: "https://cdn.example.com/a.jpg" }));
    expect(
      within(screen.getByRole("list", { name: "Account status" })).getByText("Verified"),
    ).toBeInTheDocument();
    expect(screen.getByTestId("followers")).toHaveTextContent("1.1M");
    expect(document.querySelector('img[src="https://cdn.example.com/a.jpg"]')).not.toBeNull();
  });

  it("formats followers below 1,000 as the plain number", async () => {
    await renderReport(makeAccount(SAMPLE.plain, { followers: 999 }));
    expect(screen.getByTestId("followers")).toHaveTextContent(/^999$/);
  });

  it("labels sample data clearly", async () => {
    await renderReport(makeAccount());
    expect(screen.getByTestId("sample-badge")).toHaveTextContent("Sample data");
    expect(
      screen.getByText(/This is a generated sample creator, not a real Instagram account/),
    ).toBeInTheDocument();
  });

  it("has no sample badge for a real account", async () => {
    await renderReport(makeRealAccount());
    expect(screen.queryByTestId("sample-badge")).not.toBeInTheDocument();
    expect(screen.queryByText(/generated sample creator/)).not.toBeInTheDocument();
  });

  it("a private account shows Private and an alert that it cannot be scanned, linking to the profile", async () => {
    await renderReport(makeAccount(SAMPLE.private));
    expect(
      within(screen.getByRole("list", { name: "Account status" })).getByText("Private"),
    ).toBeInTheDocument();
    const alert = screen.getByTestId("private-alert");
    expect(alert).toHaveTextContent("This account is private");
    expect(alert).toHaveTextContent("Its posts cannot be scanned");
    const link = within(alert).getByRole("link", { name: /View the profile on TikTok/ });
    expect(link).toHaveAttribute("href", "https://www.tiktok.com/@jasminebdecor");
    expect(link).toHaveAttribute("rel", "noopener noreferrer");
  });

  it("shows the creator's website or bio link (issue #39)", async () => {
    await renderReport(makeRealAccount(SAMPLE.plain, { externalUrl: "https://linktr.ee/examplebaker" }));
    const link = screen.getByTestId("creator-website");
    expect(link).toHaveAttribute("href", "https://linktr.ee/examplebaker");
    expect(link).toHaveTextContent("linktr.ee/examplebaker");
    expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow ugc");
  });

  it("a report without a website shows no link for it", async () => {
    await renderReport(makeRealAccount());
    expect(screen.queryByTestId("creator-website")).not.toBeInTheDocument();
  });

  it("a public account has no private alert", async () => {
    await renderReport(makeAccount());
    expect(screen.queryByTestId("private-alert")).not.toBeInTheDocument();
  });
});

describe("ReportView: grade and engagement", () => {
  const expectedTone = (grade: string) =>
    ["A+", "A", "A-", "B+"].includes(grade)
      ? "good"
      : ["B", "B-", "C+", "C"].includes(grade)
        ? "warning"
        : "bad";

  it.each(GRADES)("grade %s has the spec colour", async (grade) => {
    await renderReport(makeAccount(SAMPLE.plain, { grade }));
    const badge = screen.getByTestId("grade-badge");
    expect(badge).toHaveTextContent(grade);
    const tone = expectedTone(grade);
    expect(badge).toHaveAttribute("data-tone", tone);
    expect(badge.className).toContain(
      tone === "good" ? "text-green-800" : tone === "warning" ? "text-amber-800" : "text-red-800",
    );
  });

  it.each([
    ["High", "good", "text-green-800"],
    ["Medium", "warning", "text-amber-800"],
    ["Low", "bad", "text-red-800"],
  ] as const)("engagement level %s is %s", async (level, tone, className) => {
    await renderReport(makeAccount(SAMPLE.plain, { engagementLevel: level }));
    const badge = screen.getByTestId("engagement-level");
    expect(badge).toHaveTextContent(level);
    expect(badge).toHaveAttribute("data-tone", tone);
    expect(badge.className).toContain(className);
  });

  it("shows the rate beside its tier's benchmark", async () => {
    const account = makeAccount();
    const b = account.metrics.engagement.benchmark!;
    await renderReport(account);
    expect(screen.getByTestId("engagement-rate")).toHaveTextContent(
      `${Number.parseFloat(account.engagementRate).toFixed(2)}%`,
    );
    expect(screen.getByTestId("engagement-benchmark")).toHaveTextContent(
      `Typical for Instagram accounts with ${b.tier} followers: ${b.lowPct}–${b.highPct}%; exceptional from ${b.exceptionalPct}%.`,
    );
    if (typeof b.percentile === "number") {
      expect(screen.getByTestId("engagement-benchmark")).toHaveTextContent(
        `About the ${ordinal(Math.round(b.percentile))} percentile of its tier (estimate).`,
      );
    }
  });

  it("explains the grade: each sub-score with weight and reason, and why growth is not scored", async () => {
    const account = makeAccount();
    const sub = account.metrics.grade.subScores.engagement!;
    await renderReport(account);
    expect(screen.getByRole("heading", { name: "Why this grade" })).toBeInTheDocument();
    const engagement = screen.getByTestId("sub-score-engagement");
    expect(engagement).toHaveTextContent("Engagement vs. accounts of the same size");
    expect(engagement).toHaveTextContent(`${Math.round(sub.value)}/100 · weight 40%`);
    expect(engagement).toHaveTextContent(sub.explanation);
    expect(screen.getByTestId("sub-score-growth")).toHaveTextContent(
      "Not scored: needs follower counts from earlier reports.",
    );
  });
});

describe("ReportView: the rest of the report", () => {
  it("shows frequency, content quality and types, audience, value with its derivation, earnings and advertisers", async () => {
    const account = makeAccount(SAMPLE.sponsored);
    await renderReport(account);
    expect(screen.getByTestId("post-frequency")).toHaveTextContent(account.postFrequency);
    expect(screen.getByText(account.contentQuality)).toBeInTheDocument();
    expect(screen.getByText(account.audienceDemographics)).toBeInTheDocument();
    expect(screen.getByTestId("post-value")).toHaveTextContent(account.estimatedPostValue);
    const derivation = screen.getByTestId("value-derivation");
    expect(derivation).toHaveTextContent("How this estimate is made");
    expect(derivation).toHaveTextContent(account.metrics.value!.formula);
    expect(derivation).toHaveTextContent("This is an estimate, not a quoted price.");
    expect(screen.getByTestId("earnings")).toHaveTextContent(account.estimatedEarnings);
    expect(screen.getByText(account.advertiserAnalysis)).toBeInTheDocument();
    expect(screen.getByTestId("sponsored-share")).toHaveTextContent("(3 of 30 posts)");
    for (const [name, items] of [
      ["Recommended industries", account.recommendedIndustries],
      ["Recommended countries", account.recommendedCountries],
      ["Target demographics", account.targetDemographics],
    ] as const) {
      const list = screen.getByRole("list", { name });
      for (const item of items) expect(within(list).getByText(item)).toBeInTheDocument();
    }
  });

  it("shows every fallback text when nothing is known", async () => {
    await renderReport(makeEmptyAccount());
    expect(screen.getByText("Demographic data not available")).toBeInTheDocument();
    expect(screen.getByText("Advertiser analysis not available for this account.")).toBeInTheDocument();
    expect(screen.getByTestId("grade-badge")).toHaveTextContent("Unable to determine");
    expect(screen.getByTestId("engagement-level")).toHaveTextContent("Unable to determine");
    expect(screen.getByTestId("engagement-rate")).toHaveTextContent("Not available");
    expect(screen.getByTestId("post-frequency")).toHaveTextContent("Not available");
    expect(screen.getByTestId("post-value")).toHaveTextContent("Not available");
    expect(screen.getByTestId("earnings")).toHaveTextContent("Not available");
    // Content quality, content types, target demographics, industries, countries, grade description,
    // and both charts.
    expect(await screen.findAllByText("Not available")).toHaveLength(12);
    // Nothing to show how it was made, so no marks either.
    expect(
      screen.queryByRole("button", { name: /: (Measured|Estimate|AI|Sample data)$/ }),
    ).not.toBeInTheDocument();
  });

  it("renders model-written text as text, never as HTML", async () => {
    const html = '<img src=x onerror="alert(1)"><b>Brand</b> deals';
    const account = makeRealAccount(SAMPLE.plain, { advertiserAnalysis: html });
    account.provenance.advertiserAnalysis = { kind: "ai", method: "Written by sonar-pro", inputs: [] };
    await renderReport(account);
    expect(screen.getByText(html)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByRole("button", { name: "Advertiser analysis: AI" })).toBeInTheDocument();
  });

  it("draws the content mix and engagement per post, with sponsored posts counted", async () => {
    await renderReport(makeAccount(SAMPLE.sponsored));
    expect(
      await screen.findByRole("img", {
        name: /^Engagement per post: 30 posts, median [\d,]+ interactions per post, 3 sponsored$/,
      }),
    ).toBeInTheDocument();
    expect(await screen.findByRole("img", { name: /^Content types: / })).toBeInTheDocument();
  });
});

describe("ReportView: provenance marks", () => {
  it("marks every figure of a sample account and explains the method on keyboard focus", async () => {
    const account = makeAccount();
    await renderReport(account);
    for (const name of [
      "Followers: Sample data",
      "Grade: Sample data",
      "Engagement level: Sample data",
      "Engagement rate: Sample data",
      "Post frequency: Sample data",
      "Content quality: Sample data",
      "Content types: Sample data",
      "Audience demographics: Estimate",
      "Target demographics: Estimate",
      "Estimated value per post: Estimate",
      "Estimated earnings: Estimate",
      "Advertiser analysis: Sample data",
      "Recommended industries: Estimate",
      "Recommended countries: Estimate",
    ]) {
      expect(screen.getByRole("button", { name }), name).toBeInTheDocument();
    }
    const user = userEvent.setup();
    // Tab onto the first mark (followers), the tooltip opens and names the method.
    const followers = screen.getByRole("button", { name: "Followers: Sample data" });
    await act(async () => followers.focus());
    await user.keyboard("{Shift>}{Tab}{/Shift}");
    await user.tab();
    const tooltip = await screen.findByRole("tooltip");
    expect(tooltip).toHaveTextContent("Computed from generated sample data, not from a real account.");
    expect(tooltip).toHaveTextContent(`Method: ${account.provenance.followers!.method}`);
  });

  it("says Measured for a real account", async () => {
    await renderReport(makeRealAccount());
    expect(screen.getByRole("button", { name: "Followers: Measured" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Estimated value per post: Estimate" })).toBeInTheDocument();
  });
});

describe("ReportView: actions", () => {
  it("shows Refresh only to the admin", async () => {
    const { unmount } = await renderReport(makeAccount(), { canRefresh: false });
    expect(screen.queryByRole("button", { name: /Refresh/ })).not.toBeInTheDocument();
    unmount();
    await renderReport(makeAccount(), { canRefresh: true });
    expect(screen.getByRole("button", { name: "Refresh" })).toBeInTheDocument();
  });

  it("refreshes: spinner while it runs, then 'Account refreshed'", async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const refreshed = makeAccount(SAMPLE.plain, { followers: 2_500_000 });
    const { calls, fetchMock } = await renderReport(makeAccount(), {
      canRefresh: true,
      extra: {
        "POST /api/accounts/gabrielthomas/refresh": () => ({ json: refreshed }),
      },
    });
    const button = screen.getByRole("button", { name: "Refresh" });
    // Hold the answer back to see the spinner.
    const original = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementationOnce(async (...args: Parameters<typeof fetch>) => {
      await gate;
      return original(...args);
    });
    fireEvent.click(button);
    expect(await screen.findByRole("button", { name: /Refreshing/ })).toBeDisabled();
    release();
    expect(await screen.findByText("Account refreshed")).toBeInTheDocument();
    expect(screen.getByText("Successfully refreshed data for @gabrielthomas")).toBeInTheDocument();
    const call = calls.find((c) => c.url.endsWith("/refresh"));
    expect(call?.body).toEqual({ platform: "instagram" });
  });

  it("a failed refresh is a destructive toast with the message", async () => {
    await renderReport(makeAccount(), {
      canRefresh: true,
      extra: {
        "POST /api/accounts/gabrielthomas/refresh": { status: 403, json: { message: "Admins only" } },
      },
    });
    fireEvent.click(screen.getByRole("button", { name: "Refresh" }));
    expect(await screen.findByText("Error refreshing account")).toBeInTheDocument();
    expect(screen.getByText("Admins only")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole("button", { name: "Refresh" })).toBeEnabled());
  });

  it("Download PDF opens the print dialog", async () => {
    const print = vi.fn();
    vi.stubGlobal("print", print);
    await renderReport(makeAccount());
    fireEvent.click(screen.getByRole("button", { name: "Download PDF" }));
    expect(print).toHaveBeenCalledOnce();
  });
});

describe("ReportView: a web-search estimate", () => {
  it("says nothing is measured, lists the cited pages as links, and never links a non-http citation", async () => {
    const base = makeAccount();
    const cite = ["https://news.example/creator-profile", "javascript:alert(1)"];
    const account = {
      ...base,
      source: "web-search",
      isSample: false,
      grade: null,
      provenance: {
        ...base.provenance,
        followers: {
          kind: "ai" as const,
          method: "Web search",
          inputs: [],
          model: "sonar-pro",
          citations: cite,
        },
      },
    };
    await renderReport(account);
    const notice = screen.getByTestId("web-estimate");
    expect(notice).toHaveTextContent("Estimated from web sources — nothing here is measured");
    expect(notice).toHaveTextContent("sonar-pro searched the web");
    const links = within(notice).getAllByRole("link");
    expect(links).toHaveLength(1);
    expect(links[0]).toHaveAttribute("href", "https://news.example/creator-profile");
    expect(links[0]).toHaveAttribute("rel", "noopener noreferrer nofollow");
  });

  it("shows no such notice on a measured report", async () => {
    await renderReport(makeAccount());
    expect(screen.queryByTestId("web-estimate")).toBeNull();
  });
});

describe("ReportView: a capture from the browser extension", () => {
  it("says \"Captured in a user's browser\" in a public capture's source line, naming nobody (Trust III)", async () => {
    await renderReport({ ...makeAccount(), source: "capture", isSample: false });
    expect(screen.getByText(/^Source:/)).toHaveTextContent("Source: Captured in a user's browser.");
  });

  it('says "Captured in your browser" in the capturer\'s own private report, even without the capture note', async () => {
    await renderReport({ ...makeAccount(), source: "capture", isSample: false, privateTo: "you" });
    expect(screen.getByText(/^Source:/)).toHaveTextContent("Source: Captured in your browser.");
  });

  it("shows no capture wording on a report the server fetched", async () => {
    await renderReport({ ...makeAccount(), source: "instagram-web", isSample: false });
    expect(screen.queryByText(/Captured in your browser/)).toBeNull();
  });
});
