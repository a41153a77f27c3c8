// @vitest-environment jsdom
import "../testing/dom";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { limitText, promptText } from "../features/auth/components/sign-in-dialog";
import { mockSession, renderWithApp } from "../testing/render";
import { AboutPage } from "./about-page";
import { TermsPage } from "./terms-page";

/** Issue #24 item 4: every limit text carries the configured numbers, none written in. */
describe("limit texts", () => {
  it("word the configured number, and no number at all before the configuration is known", () => {
    expect(limitText(7)).toBe(
      "You've reached the limit for free users. Sign in with Google to get up to 7 reports per day.",
    );
    expect(limitText(1)).toContain("up to 1 report per day");
    expect(limitText(null)).toBe(
      "You've reached the limit for free users. Sign in with Google to get more reports each day.",
    );
    expect(promptText(12)).toBe(
      "Sign in with Google to continue. Signed-in users get up to 12 reports per day.",
    );
    expect(promptText(null)).not.toMatch(/\d/);
  });

  it("/about and /terms state the configured limits", async () => {
    mockSession({ config: { anonReportLimit: 2, userDailyReportLimit: 7 } });
    const about = renderWithApp(<AboutPage />);
    expect(
      await screen.findByText(
        /Visitors can make 2 reports a day without an account; signing in with Google raises the limit to 7 reports per day\./,
      ),
    ).toBeInTheDocument();
    expect(about.container.textContent).not.toContain("50 reports");
    about.unmount();
    const terms = renderWithApp(<TermsPage />);
    expect(
      await screen.findByText(
        /You may make 2 reports a day without signing in and up to 7 reports a day when signed in/,
      ),
    ).toBeInTheDocument();
    expect(terms.container.textContent).not.toContain("50 reports");
  });
});
