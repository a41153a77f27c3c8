// @vitest-environment jsdom
import "../testing/dom";
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SimilarResponse } from "#core/schemas/similar";
import { AppRouter } from "../app/router";
import { compareSelection } from "../features/compare";
import { makeAccount, SAMPLE } from "../features/report/testing/account-fixture";
import { mockSession, renderWithApp } from "../testing/render";

const ACCOUNT = makeAccount(SAMPLE.plain);

class FakeResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}

beforeEach(() => {
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
});
afterEach(() => {
  toast.dismiss();
  compareSelection.clear();
});

const SIMILAR: SimilarResponse = {
  results: [
    {
      platform: "instagram",
      username: "fit_ben",
      name: "Ben",
      followers: 55_000,
      similarity: 0.82,
      why: ["both post about hiit, pilates", "both in Canada", "both 10K–100K followers"],
      isSample: true,
      origin: "sample",
      industry: "Fitness",
    },
  ],
};

function visit(similar: { status?: number; json?: unknown }) {
  const api = mockSession({
    extra: {
      "GET /api/accounts": { json: [ACCOUNT] },
      "GET /api/accounts/gabrielthomas": { json: ACCOUNT },
      "GET /api/accounts/gabrielthomas/similar": similar,
    },
  });
  return { ...api, ...renderWithApp(<AppRouter />, { path: "/report/instagram/gabrielthomas" }) };
}

describe("report page: similar creators (issue #36)", () => {
  it("lists similar creators with why, their similarity, the sample label and Add to list / Compare", async () => {
    const { calls } = visit({ json: SIMILAR });
    const section = await screen.findByTestId("similar-creators", {}, { timeout: 3000 });
    expect(within(section).getByRole("heading", { name: "Similar creators" })).toBeInTheDocument();
    const row = await within(section).findByRole("listitem");
    expect(within(row).getByRole("link", { name: "@fit_ben" })).toHaveAttribute(
      "href",
      "/report/instagram/fit_ben",
    );
    expect(within(row).getByTestId("similar-why")).toHaveTextContent(
      "both post about hiit, pilates; both in Canada; both 10K–100K followers",
    );
    expect(row).toHaveTextContent("82% alike");
    expect(row).toHaveTextContent("Sample data");
    expect(within(row).getByRole("button", { name: "Add @fit_ben to a list" })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole("button", { name: "Compare @fit_ben" }));
    expect(compareSelection.get().map((a) => a.username)).toContain("fit_ben");
    expect(calls.map((c) => c.url)).toContain(
      "/api/accounts/gabrielthomas/similar?platform=instagram&limit=10",
    );
  });

  it("says so when none is close enough", async () => {
    visit({ json: { results: [] } });
    const section = await screen.findByTestId("similar-creators", {}, { timeout: 3000 });
    expect(
      await within(section).findByText("No creator in this index is close enough yet."),
    ).toBeInTheDocument();
  });
});
