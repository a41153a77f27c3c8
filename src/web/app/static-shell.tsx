import { renderToStaticMarkup } from "react-dom/server";
import { Router } from "wouter";
import { DEFAULT_BRAND_NAME, SHELL_BRAND_MARK } from "#core/seo/page-meta";
import { PageLoading } from "../components/ui/spinner";
import { AppShell } from "./layout/app-shell";
import { AppProvider } from "./provider";

/**
 * The app's first render for a visitor — top bar, a page still loading, footer — as static HTML.
 * The build writes it into index.html (vite.config.ts), so a browser paints the frame before any
 * JavaScript has arrived; main.tsx then renders the app over it (issue #25, decision 027). The
 * brand name is left as a mark that the server fills in with the configured one.
 */
export function renderStaticShell(): string {
  const html = renderToStaticMarkup(
    <Router ssrPath="/">
      <AppProvider>
        <AppShell>
          <PageLoading />
        </AppShell>
      </AppProvider>
    </Router>,
  );
  return html.replaceAll(DEFAULT_BRAND_NAME, SHELL_BRAND_MARK);
}
