// @vitest-environment jsdom
import "../../../testing/dom";
import { screen, waitFor, within } from "@testing-library/react";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { mockSession, renderWithApp } from "../../../testing/render";
import { makeRealAccount, SAMPLE } from "../testing/account-fixture";
import { ReportView } from "./report-view";

beforeAll(() => {
  class FakeResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  vi.stubGlobal("ResizeObserver", FakeResizeObserver);
});

describe("ReportView: a report made from a browser capture (issues #23, #33)", () => {
  it("the capturer's own report says it is theirs and that only they see it", async () => {
    const message =
      "Your capture (Ann Example), made in your browser on 20 Nov 2026 at 09:58 UTC: only you see this report. Everyone else sees the public report from live data.";
    const account = makeRealAccount(SAMPLE.plain, {
      source: "capture",
      privateTo: "you",
      dataNotes: [{ kind: "captured", source: "capture", fetchedAt: "2026-11-20T09:58:00.000Z", message }],
    });
    mockSession();
    renderWithApp(<ReportView account={account} canRefresh={false} />);
    await waitFor(() => expect(screen.queryAllByTestId("chart-loading")).toHaveLength(0), { timeout: 5000 });
    const notes = screen.getByTestId("data-notes");
    expect(within(notes).getByText("Captured in your browser")).toBeInTheDocument();
    expect(notes).toHaveTextContent(message);
    expect(screen.getByText(/^Source:/)).toHaveTextContent("Only you see this report");
  });

  it("a public capture says it was captured in a user's browser, naming nobody", async () => {
    const message =
      "Captured in a user's browser on 20 Nov 2026 at 09:58 UTC; figures are what the platform showed then.";
    const account = makeRealAccount(SAMPLE.plain, {
      source: "capture",
      dataNotes: [{ kind: "captured", source: "capture", fetchedAt: "2026-11-20T09:58:00.000Z", message }],
    });
    mockSession();
    renderWithApp(<ReportView account={account} canRefresh={false} />);
    await waitFor(() => expect(screen.queryAllByTestId("chart-loading")).toHaveLength(0), { timeout: 5000 });
    const notes = screen.getByTestId("data-notes");
    expect(within(notes).getByText("Captured in a user's browser")).toBeInTheDocument();
    expect(screen.queryByText("Captured in your browser")).toBeNull();
    expect(screen.getByText(/^Source:/)).toHaveTextContent("Source: Captured in a user's browser.");
    expect(screen.getByText(/^Source:/)).not.toHaveTextContent("Only you");
  });
});
