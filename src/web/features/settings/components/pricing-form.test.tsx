// @vitest-environment jsdom
import "../../../testing/dom";
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { toast } from "sonner";
import { afterEach, describe, expect, it } from "vitest";
import { DEFAULT_PRICING } from "#core/engine/pricing";
import { PRICING_REFERENCE } from "#core/schemas/pricing";
import { mockSession, renderWithApp, TEST_USER } from "../../../testing/render";
import { PricingSettings } from "./pricing-form";

/** Issue #24: the admin edits the pricing assumptions with the published defaults and sources beside them. */
const ADMIN = { ...TEST_USER, email: "admin@example.com", isAdmin: true };
const body = (over: object = {}) => ({
  ...PRICING_REFERENCE,
  assumptions: DEFAULT_PRICING,
  source: "default",
  updatedAt: null,
  ...over,
});

afterEach(() => {
  toast.dismiss();
});

describe("pricing assumptions card", () => {
  it("shows the assumptions in use with their defaults, sources and the published bands", async () => {
    mockSession({ user: ADMIN, extra: { "GET /api/settings/pricing": { json: body() } } });
    renderWithApp(<PricingSettings />);
    const micro = await screen.findByRole("textbox", { name: "Instagram micro rate per 1,000 followers" });
    expect(micro).toHaveValue("10");
    expect(screen.getByTestId("pricing-source")).toHaveTextContent("In use: the published defaults.");
    expect(screen.getByText(/IMH \$100–\$500/)).toBeInTheDocument();
    expect(screen.getByText(PRICING_REFERENCE.sources.cpm!)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: "YouTube short CPM" })).toHaveValue("4");
    expect(screen.getByRole("textbox", { name: "Finance niche factor" })).toHaveValue("1.5");
  });

  it("refuses a bad figure naming its field, saves the edited assumptions, and resets to the defaults", async () => {
    const api = mockSession({
      user: ADMIN,
      extra: {
        "GET /api/settings/pricing": { json: body() },
        "PUT /api/settings/pricing": ({ body: sent }) => ({
          json: body({ assumptions: sent, source: "installation", updatedAt: "2026-11-26T12:00:00.000Z" }),
        }),
        "DELETE /api/settings/pricing": { json: body() },
      },
    });
    renderWithApp(<PricingSettings />);
    const user = userEvent.setup();
    const micro = await screen.findByRole("textbox", { name: "Instagram micro rate per 1,000 followers" });
    await user.clear(micro);
    await user.type(micro, "-3");
    await user.click(screen.getByRole("button", { name: "Save pricing" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      "per1kFollowers.instagram.micro must be a number greater than 0",
    );
    expect(api.calls.filter((c) => c.method === "PUT")).toEqual([]);

    await user.clear(micro);
    await user.type(micro, "14");
    const currency = screen.getByRole("textbox", { name: "Currency (ISO 4217 code)" });
    await user.clear(currency);
    await user.type(currency, "eur");
    const rate = screen.getByRole("textbox", { name: "Units of the currency per US dollar" });
    await user.clear(rate);
    await user.type(rate, "0.92");
    await user.click(screen.getByRole("button", { name: "Save pricing" }));
    expect(await screen.findByText("Pricing saved")).toBeInTheDocument();
    const put = api.calls.find((c) => c.method === "PUT")!.body as typeof DEFAULT_PRICING;
    expect(put.per1kFollowers.instagram.micro).toBe(14);
    expect(put.currency).toBe("EUR");
    expect(put.usdRate).toBe(0.92);
    expect(put.cpm).toEqual(DEFAULT_PRICING.cpm);
    expect(await screen.findByTestId("pricing-source")).toHaveTextContent(
      "this installation's, saved 2026-11-26",
    );

    await user.click(screen.getByRole("button", { name: "Reset to published defaults" }));
    expect(await screen.findByText("Pricing reset to the published defaults")).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === "DELETE")).toBe(true);
    expect(
      await screen.findByRole("textbox", { name: "Instagram micro rate per 1,000 followers" }),
    ).toHaveValue("10");
  });
});
