// @vitest-environment jsdom
import "../../../testing/dom";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState } from "react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetAnalytics } from "../../../lib/analytics";
import { pixelEvents } from "../../../testing/pixel";
import { mockSession, renderWithApp } from "../../../testing/render";
import { makeAccount, SAMPLE } from "../testing/account-fixture";
import { ReportView } from "./report-view";

const viewEvent = (platform: string, username: string) => [
  "track",
  "ViewContent",
  {
    content_type: "influencer_report",
    content_ids: [`${platform}:${username}`],
    content_name: `@${username}`,
    content_category: platform,
  },
];

beforeEach(() => resetAnalytics());
afterEach(() => resetAnalytics());

describe("ReportView: the report-view event (spec §2/§7)", () => {
  it("fires once per viewed account: not again for a refreshed copy, again for another account", async () => {
    mockSession({ config: { pixelId: "123456789" } });
    const first = makeAccount(SAMPLE.plain);
    const refreshed = { ...first, lastUpdated: "2026-02-01T00:00:00.000Z" };
    const other = makeAccount(SAMPLE.sponsored);
    function Viewer() {
      const [account, setAccount] = useState(first);
      return (
        <>
          <button onClick={() => setAccount(refreshed)}>refreshed</button>
          <button onClick={() => setAccount(other)}>other</button>
          <ReportView account={account} />
        </>
      );
    }
    renderWithApp(
      <StrictMode>
        <Viewer />
      </StrictMode>,
    );
    await screen.findByRole("article", { name: `Report for @${first.username}` });
    await waitFor(() => expect(pixelEvents()).toEqual([viewEvent(first.platform, first.username)]));

    // The admin refreshed it: same account, new data.
    await userEvent.click(screen.getByRole("button", { name: "refreshed" }));
    expect(pixelEvents()).toHaveLength(1);
    await userEvent.click(screen.getByRole("button", { name: "other" }));
    await screen.findByRole("article", { name: `Report for @${other.username}` });
    expect(pixelEvents()).toEqual([
      viewEvent(first.platform, first.username),
      viewEvent(other.platform, other.username),
    ]);
  });

  it("sends nothing without a pixel id", async () => {
    mockSession();
    const account = makeAccount(SAMPLE.plain);
    renderWithApp(<ReportView account={account} />);
    await screen.findByRole("article", { name: `Report for @${account.username}` });
    await waitFor(() => expect(document.querySelector("script")).toBeNull());
    expect(window.fbq).toBeUndefined();
  });
});
