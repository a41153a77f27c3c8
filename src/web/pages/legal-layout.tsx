import type { ReactNode } from "react";
import { PageContainer } from "../components/layout/page-header";

export const LEGAL_LAST_UPDATED = "May 20, 2023";

/** Shared frame of the privacy and terms pages. */
export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  return (
    <PageContainer className="max-w-3xl">
      <article className="prose-content">
        <h1 className="mb-2 text-4xl font-bold tracking-tight">{title}</h1>
        <p className="text-sm text-muted-foreground">Last Updated: {LEGAL_LAST_UPDATED}</p>
        {children}
      </article>
    </PageContainer>
  );
}
