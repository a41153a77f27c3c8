import type { Page, Route } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { createGoogleTestKeys, TEST_CLIENT_ID } from "../src/server/testing/google-tokens";
import { useE2e } from "./support/harness";
import { seriousA11yViolations, withContextPage } from "./support/page-helpers";

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
    await page
      .getByText("How this installation caches, refreshes and analyses accounts, and its stored data.")
      .waitFor();
    await page.getByRole("button", { name: "Sign Out" }).click();
    await page.getByText("You need to be logged in to access settings.").waitFor();
    expect(ctx.pageErrors, ctx.pageErrors.join("\n")).toEqual([]);
  });

  it("the open sign-in dialog passes axe with no serious or critical violations, light and dark", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      await page.goto(`${ctx.url}/`);
      const signIn = page.getByRole("banner").getByRole("button", { name: "Sign in", exact: true });
      await signIn.click();
      const dialog = page.getByRole("dialog", { name: "Sign in to continue" });
      await dialog.getByLabel("E-mail (development sign-in)").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
      await page.getByRole("button", { name: "Switch to dark theme" }).click();
      await signIn.click();
      await dialog.getByLabel("E-mail (development sign-in)").waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      expect(errors).toEqual([]);
    });
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

// Real RS256 keys: the server verifies the token against GOOGLE_CERTS_FILE, as it would Google's.
const googleKeys = await createGoogleTestKeys();

/**
 * Google Identity Services as served to the page (the browser has no internet): the script defines
 * google.accounts.id; its button answers like Google's, calling the page's callback with a fresh
 * ID token — or with no credential when the test sets window.__gisCancel.
 */
async function serveFakeGoogleIdentity(page: Page) {
  const served: string[] = [];
  await page.route("https://accounts.google.com/gsi/client", async (route: Route) => {
    served.push(route.request().url());
    const token = await googleKeys.token({ email: "grace@example.com", name: "Grace" }, { sub: "7007" });
    await route.fulfill({
      status: 200,
      contentType: "text/javascript",
      body: `(() => {
        let options = null;
        window.google = { accounts: { id: {
          initialize(o) { options = o; window.__gisClientId = o.client_id; },
          renderButton(parent) {
            const button = document.createElement("button");
            button.type = "button";
            button.textContent = "Sign in with Google";
            button.addEventListener("click", () =>
              options.callback(window.__gisCancel
                ? { select_by: "btn" }
                : { credential: ${JSON.stringify(token)}, select_by: "btn", clientId: options.client_id }));
            parent.appendChild(button);
          },
          disableAutoSelect() {},
        } } };
      })();`,
    });
  });
  return served;
}

describe("sign-in journey (Google Identity Services)", () => {
  const ctx = useE2e({ GOOGLE_CLIENT_ID: TEST_CLIENT_ID, GOOGLE_CERTS_FILE: googleKeys.certsFile });
  afterAll(() => googleKeys.cleanup());

  it("the Google button signs in with a verified token; a response without a credential is refused", async () => {
    await withContextPage(ctx.browser, async (page, errors) => {
      const served = await serveFakeGoogleIdentity(page);
      await page.goto(`${ctx.url}/`);
      const banner = page.getByRole("banner");
      const google = banner.getByRole("button", { name: "Sign in with Google" });
      await google.waitFor();
      expect(served).toHaveLength(1);
      // The client id came from the server (GET /api/config), not from the build.
      expect(await page.evaluate(() => (window as unknown as { __gisClientId: string }).__gisClientId)).toBe(
        TEST_CLIENT_ID,
      );

      // Cancelled: no credential → 'Login canceled', nothing sent to the server.
      let loginCalls = 0;
      page.on("request", (r) => {
        if (r.url().endsWith("/api/auth/login")) loginCalls += 1;
      });
      await page.evaluate(() => {
        (window as unknown as { __gisCancel: boolean }).__gisCancel = true;
      });
      await google.click();
      await page.getByText("Login canceled").waitFor();
      await page.getByText("Google sign-in was canceled or failed.").waitFor();
      expect(loginCalls).toBe(0);

      await page.evaluate(() => {
        (window as unknown as { __gisCancel: boolean }).__gisCancel = false;
      });
      await google.click();
      await banner.getByRole("button", { name: "Sign Out" }).waitFor();
      await page.getByText("Login successful!").waitFor();
      await page.getByText("Welcome to Social Media Analytics Platform.").waitFor();
      await banner.getByText("Reports: 50 left").waitFor();
      expect(loginCalls).toBe(1);

      // The session is the server's: it survives a reload.
      await page.reload();
      await banner.getByRole("button", { name: "Sign Out" }).waitFor();
      await banner.getByText("Reports: 50 left").waitFor();
      await banner.getByRole("button", { name: "Sign Out" }).click();
      await banner.getByRole("button", { name: "Sign in with Google" }).waitFor();
      expect(errors).toEqual([]);
    });
  });
});
