import { describe, expect, it } from "vitest";
import { useE2e } from "./support/harness";

describe("sign-in journey (development login)", () => {
  const ctx = useE2e({ DEV_LOGIN: "1", ADMIN_EMAILS: "admin@example.com" });

  async function devSignIn(email: string) {
    const page = ctx.page;
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.waitFor();
    await dialog.getByLabel("E-mail (development sign-in)").fill(email);
    await dialog.getByRole("button", { name: "Sign in (development)" }).click();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await dialog.waitFor({ state: "hidden" });
  }

  it("signs in through the dialog, shows the quota and Settings, then signs out", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/`);
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByText(/Reports: \d+ left/).count()).toBe(0);

    await devSignIn("ada@example.com");
    await page.getByText("Login successful!").waitFor();
    await page.getByText("Welcome to Social Media Analytics Platform.").waitFor();
    await page.getByText("Reports: 50 left").waitFor();
    const mainNav = page.getByRole("navigation", { name: "Main" });
    await mainNav.getByRole("link", { name: "Settings" }).click();
    await page
      .getByText("You do not have permission to access settings. This page is restricted to specific users.")
      .waitFor();

    // The session survives a reload.
    await page.reload();
    await page.getByRole("button", { name: "Sign Out" }).waitFor();
    await page.getByText("Reports: 50 left").waitFor();

    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
    expect(await page.getByText("Reports: 50 left").count()).toBe(0);
    expect(await mainNav.getByRole("link", { name: "Settings" }).count()).toBe(0);
    await page.getByText("You need to be logged in to access settings.").waitFor();
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("history asks for sign-in, and shows Recently Viewed once signed in", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/history`);
    await page.getByRole("heading", { name: "Sign In to View Your History" }).waitFor();
    await page.getByRole("main").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog.waitFor();
    expect(await dialog.getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(await dialog.getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");
    await dialog.getByLabel("E-mail (development sign-in)").fill("ada@example.com");
    await dialog.getByRole("button", { name: "Sign in (development)" }).click();
    await page.getByRole("heading", { name: "Recently Viewed" }).waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByRole("heading", { name: "Sign In to View Your History" }).waitFor();
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("the admin may open settings", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/settings`);
    await page.getByText("You need to be logged in to access settings.").waitFor();
    await devSignIn("admin@example.com");
    await page.getByText("Local preferences for caching, refreshing and analysis.").waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByText("You need to be logged in to access settings.").waitFor();
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("window.showLoginPrompt opens the dialog with the sign-in limit text", async () => {
    const page = ctx.page;
    await page.goto(`${ctx.url}/`);
    await page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true }).waitFor();
    await page.evaluate(() =>
      window.dispatchEvent(
        new CustomEvent("auth-error", {
          detail: { message: "limit", code: "REPORT_LIMIT_EXCEEDED", requiresAuth: true },
        }),
      ),
    );
    const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
    await dialog
      .getByText(
        "You've reached the limit for free users. Sign in with Google to get up to 50 reports per day.",
      )
      .waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await page.evaluate(() => (window as unknown as { showLoginPrompt: () => void }).showLoginPrompt());
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });
});
