// @vitest-environment jsdom
import "../../testing/dom";
import { act, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { dispatchAuthError } from "../../lib/api-client";
import { AboutPage } from "../../pages/about-page";
import { PrivacyPage } from "../../pages/privacy-page";
import { mockSession, renderWithApp } from "../../testing/render";
import { AppShell } from "./app-shell";

/** Issue #24 item 8: the contact address is CONTACT_EMAIL (GET /api/config), never support@<host>. */
describe("CONTACT_EMAIL", () => {
  it("is the address of Feedback, the dialog's and /about's 'Contact us', and /privacy", async () => {
    mockSession({ config: { contactEmail: "team@acme.example" } });
    const view = renderWithApp(
      <AppShell>
        <AboutPage />
      </AppShell>,
    );
    const footer = screen.getByRole("contentinfo");
    const feedback = await within(footer).findByRole("link", { name: /Feedback/ });
    expect(feedback.getAttribute("href")).toBe(
      "mailto:team@acme.example?subject=Feedback%20on%20Test%20Brand",
    );
    const main = screen.getByRole("main");
    expect(within(main).getByRole("link", { name: "Contact us" }).getAttribute("href")).toMatch(
      /^mailto:team@acme\.example\?subject=Enterprise%20access/,
    );
    act(() => dispatchAuthError({ message: "limit", code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true }));
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    expect(within(dialog).getByRole("link", { name: "Contact us" }).getAttribute("href")).toMatch(
      /^mailto:team@acme\.example/,
    );
    expect(view.baseElement.innerHTML).not.toContain("support@");
    view.unmount();
    renderWithApp(<PrivacyPage />);
    expect(await screen.findByRole("link", { name: "team@acme.example" })).toHaveAttribute(
      "href",
      "mailto:team@acme.example",
    );
  });

  it("unset: no Feedback or 'Contact us' link and no invented address", async () => {
    mockSession({ config: { contactEmail: null } });
    const view = renderWithApp(
      <AppShell>
        <AboutPage />
      </AppShell>,
    );
    await screen.findByText(/Visitors can make one report a day/);
    const footer = screen.getByRole("contentinfo");
    expect(within(footer).getByRole("link", { name: "Terms" })).toBeInTheDocument();
    expect(within(footer).queryByRole("link", { name: /Feedback/ })).not.toBeInTheDocument();
    expect(screen.queryByRole("link", { name: "Contact us" })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: "Enterprise access" })).not.toBeInTheDocument();
    act(() => dispatchAuthError({ message: "limit", code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true }));
    const dialog = await screen.findByRole("dialog", { name: "Sign in to continue" });
    expect(within(dialog).queryByText(/Need enterprise access/)).not.toBeInTheDocument();
    expect(view.baseElement.innerHTML).not.toMatch(/mailto:|support@/);
    view.unmount();
    renderWithApp(<PrivacyPage />);
    expect(await screen.findByText(/ask the operator of this site/)).toBeInTheDocument();
  });
});
