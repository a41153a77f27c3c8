import { ExternalLink } from "lucide-react";
import { Link } from "wouter";
import { FOOTER_ITEMS } from "./nav-items";

export interface FooterProps {
  brandName: string;
  /** mailto: link of CONTACT_EMAIL; null (no address configured) hides the Feedback link. */
  feedbackHref: string | null;
  /** Whether a language model takes part in the analysis (config.aiEnabled). */
  aiEnabled: boolean;
  year?: number;
}

/** Spec §1 disclaimer, honest about whether a language model is involved on this server. */
export function disclaimerText(aiEnabled: boolean): string {
  return aiEnabled
    ? "Data comes from public sources, is analysed by AI and is only an estimate."
    : "Data comes from public sources, is analysed automatically and is only an estimate.";
}

export function Footer({ brandName, feedbackHref, aiEnabled, year = new Date().getFullYear() }: FooterProps) {
  return (
    <footer className="mt-16 border-t bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:px-6">
        <nav aria-label="Footer">
          <ul className="flex flex-wrap items-center gap-x-6 gap-y-2">
            {FOOTER_ITEMS.map((item) => (
              <li key={item.href}>
                <Link
                  href={item.href}
                  className="rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  {item.label}
                </Link>
              </li>
            ))}
            {feedbackHref ? (
              <li>
                <a
                  href={feedbackHref}
                  rel="noopener noreferrer"
                  className="inline-flex items-center gap-1 rounded-sm hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                >
                  Feedback
                  <ExternalLink className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">(opens your e-mail program)</span>
                </a>
              </li>
            ) : null}
          </ul>
        </nav>
        <p>
          © {year} {brandName}. All rights reserved.
        </p>
        <p className="text-xs">{disclaimerText(aiEnabled)}</p>
      </div>
    </footer>
  );
}
