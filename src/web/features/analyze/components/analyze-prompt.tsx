import { SearchX } from "lucide-react";
import type { Account } from "#core/schemas/account";
import type { Platform } from "#core/schemas/platform";
import { AnalyzerForm } from "./analyzer-form";

export interface AnalyzePromptProps {
  username: string;
  platform?: Platform;
  onReportGenerated?: (account: Account) => void;
  onShowReport?: (account: Account) => void;
}

/** A friendly "no report yet" state that offers to analyse the handle right here. */
export function AnalyzePrompt({ username, platform, onReportGenerated, onShowReport }: AnalyzePromptProps) {
  return (
    <section
      className="flex flex-col gap-5"
      aria-labelledby="analyze-prompt-heading"
      data-testid="analyze-prompt"
    >
      <div className="flex flex-col items-center gap-2 text-center">
        <SearchX className="size-10 text-muted-foreground" aria-hidden="true" />
        <h2 id="analyze-prompt-heading" className="text-2xl font-semibold">
          No report for @{username} yet
        </h2>
        <p className="max-w-xl text-muted-foreground">
          Nobody has analysed this account here yet. Analyse it now to create its report — it takes a few
          seconds.
        </p>
      </div>
      <AnalyzerForm
        mode="full"
        title={`Analyze @${username}`}
        defaultUsername={username}
        defaultPlatform={platform}
        onReportGenerated={onReportGenerated}
        onShowReport={onShowReport}
        className="mx-auto w-full max-w-2xl"
      />
    </section>
  );
}
