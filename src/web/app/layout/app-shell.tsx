import { type ReactNode, useEffect, useRef } from "react";
import { useLocation } from "wouter";
import { feedbackHref } from "../../config/site";
import { useConfig } from "../../features/config/api/get-config";
import { FALLBACK_CONFIG } from "../provider";
import { Footer } from "./footer";
import { TopBar } from "./top-bar";

/** Top bar, main landmark and footer around every page. */
export function AppShell({ children }: { children: ReactNode }) {
  const { data: config } = useConfig();
  const brandName = config?.brandName ?? FALLBACK_CONFIG.brandName;
  const [location] = useLocation();

  const shownLocation = useRef(location);
  useEffect(() => {
    // A new page starts at the top (wouter does not restore scroll itself). Not the first page: the
    // reader may already have scrolled the page the server sent before the app took it over.
    if (shownLocation.current === location) return;
    shownLocation.current = location;
    document.documentElement.scrollTop = 0;
  }, [location]);

  return (
    <div className="flex min-h-screen flex-col bg-background text-foreground">
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar brandName={brandName} googleClientId={config?.googleClientId ?? null} />
      <main id="main-content" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <Footer
        brandName={brandName}
        feedbackHref={feedbackHref(brandName, config?.contactEmail)}
        aiEnabled={config?.aiEnabled ?? FALLBACK_CONFIG.aiEnabled}
      />
    </div>
  );
}
