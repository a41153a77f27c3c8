// @vitest-environment jsdom
import "../../../testing/dom";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { analyzeSnapshot } from "#core/engine/index";
import { DEFAULT_PRICING } from "#core/engine/pricing";
import { createSampleCatalog } from "#core/sample/index";
import { accountSchema } from "#core/schemas/account";
import { mockSession, renderWithApp } from "../../../testing/render";
import { FIXTURE_NOW, makeAccount, SAMPLE } from "../testing/account-fixture";
import { EngagementCard } from "./engagement-card";
import { EarningsCard, ValueCard } from "./value-card";

/** Issue #24: the price card shows the published band and where ours sits, the blend and the assumptions. */
describe("price, earnings and installation benchmark on the report", () => {
  it("shows where our range sits in the published band, the blend and which assumptions made it", () => {
    mockSession();
    const account = makeAccount(SAMPLE.plain);
    const v = account.metrics.value!;
    renderWithApp(<ValueCard account={account} />);
    expect(screen.getByTestId("price-band")).toHaveTextContent(
      `Our estimate sits ${v.band!.text.charAt(0).toLowerCase()}${v.band!.text.slice(1)}.`,
    );
    expect(screen.getByTestId("price-band")).toHaveTextContent(/IMH's \$[\d,]+(–\$[\d,]+|\+) band for /);
    expect(screen.getByTestId("value-derivation")).toHaveTextContent("Follower rate");
    expect(screen.getByTestId("value-blend")).toHaveTextContent(/\d+% follower rate, \d+% reach/);
    expect(screen.getByTestId("pricing-assumptions")).toHaveTextContent(
      /^Pricing assumptions: the published defaults/,
    );
  });

  it("prices in the installation's currency when the admin chose one", () => {
    mockSession();
    const catalog = createSampleCatalog(50, { seed: 2016, now: FIXTURE_NOW });
    const snapshot = catalog.snapshotAt(SAMPLE.plain);
    const report = analyzeSnapshot(snapshot, {
      now: FIXTURE_NOW,
      pricing: { assumptions: { ...DEFAULT_PRICING, currency: "EUR", usdRate: 0.9 }, source: "installation" },
    });
    const account = accountSchema.parse({
      ...makeAccount(SAMPLE.plain),
      estimatedPostValue: report.estimatedPostValue,
      metrics: report.metrics,
    });
    renderWithApp(<ValueCard account={account} />);
    expect(screen.getByTestId("post-value")).toHaveTextContent(/^EUR /);
    expect(screen.getByTestId("pricing-assumptions")).toHaveTextContent("this installation's");
    expect(screen.getByTestId("value-derivation")).toHaveTextContent("€");
  });

  it("the monthly earnings headline says the 20% sponsored share is assumed", () => {
    mockSession();
    const account = makeAccount(SAMPLE.plain);
    renderWithApp(<EarningsCard account={account} />);
    if (account.metrics.earnings?.assumed)
      expect(screen.getByTestId("earnings")).toHaveTextContent(
        /per month if 20% of posts are sponsored \(assumed/,
      );
    else
      expect(screen.getByTestId("earnings")).toHaveTextContent(
        /per month at the observed \d+% sponsored share/,
      );
  });

  it("shows this installation's median beside the published band only when the report carries one", () => {
    mockSession();
    const account = makeAccount(SAMPLE.plain);
    const b = account.metrics.engagement.benchmark!;
    const { unmount } = renderWithApp(<EngagementCard account={account} />);
    expect(screen.queryByTestId("installation-median")).toBeNull();
    unmount();
    const withMedian = accountSchema.parse({
      ...account,
      metrics: {
        ...account.metrics,
        engagement: {
          ...account.metrics.engagement,
          benchmark: {
            ...b,
            installation: {
              p25Pct: 0.8,
              medianPct: 1.05,
              p75Pct: 1.4,
              accounts: 64,
              computedAt: "2026-01-15T03:00:00.000Z",
              text: `this installation's median: 1.05% (64 accounts in the ${b.tier} tier; middle half 0.80–1.40%)`,
            },
          },
        },
      },
    });
    renderWithApp(<EngagementCard account={withMedian} />);
    expect(screen.getByTestId("installation-median")).toHaveTextContent(
      "Beside the published band, this installation's median: 1.05% (64 accounts",
    );
  });
});
