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

describe("ReportView: a report made from a browser capture (issue #23)", () => {
  it("says it was captured in the browser, by whom and when", async () => {
    const message =
      "Captured by Ann Example at 2026-11-20 09:58 UTC, in their browser; figures are what the platform showed them then.";
    const account = makeRealAccount(SAMPLE.plain, {
      source: "capture",
      dataNotes: [{ kind: "captured", source: "capture", fetchedAt: "2026-11-20T09:58:00.000Z", message }],
    });
    mockSession();
    renderWithApp(<ReportView account={account} canRefresh={false} />);
    await waitFor(() => expect(screen.queryAllByTestId("chart-loading")).toHaveLength(0), { timeout: 5000 });
    const notes = screen.getByTestId("data-notes");
    expect(within(notes).getByText("Captured in your browser")).toBeInTheDocument();
    expect(notes).toHaveTextContent(message);
  });
});
