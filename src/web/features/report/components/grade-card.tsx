import { gradeTone } from "#core/format";
import type { Account } from "#core/schemas/account";
import type { ReportMetrics } from "#core/schemas/report";
import { ToneBadge } from "../../../components/ui/tone-badge";
import { FALLBACK_TEXT, SUB_SCORE_LABELS, SUB_SCORE_MISSING, textOr } from "../lib/report-fields";
import { ReportSection, ReportText } from "./report-section";

type SubScoreKey = keyof ReportMetrics["grade"]["subScores"];
const SUB_SCORE_ORDER: SubScoreKey[] = ["engagement", "consistency", "regularity", "growth", "authenticity"];

/** The grade badge (spec colours) and "Why this grade": each sub-score with its weight and reason. */
export function GradeCard({ account }: { account: Account }) {
  const { grade } = account;
  const { score, subScores } = account.metrics.grade;
  return (
    <ReportSection title="Grade" provenance={account.provenance.grade}>
      <div className="flex items-center gap-3">
        {grade ? (
          <ToneBadge
            tone={gradeTone(grade)}
            className="px-3 py-1 text-2xl font-bold"
            data-testid="grade-badge"
          >
            {grade}
          </ToneBadge>
        ) : (
          <p className="text-lg font-semibold text-muted-foreground" data-testid="grade-badge">
            {FALLBACK_TEXT.unknown}
          </p>
        )}
        {score !== null ? (
          <p className="text-sm text-muted-foreground">
            Score <span className="font-semibold text-foreground tabular-nums">{score.toFixed(1)}</span> of
            100
          </p>
        ) : null}
      </div>
      <ReportText muted>{textOr(account.gradeDescription, FALLBACK_TEXT.notAvailable)}</ReportText>
      {score !== null ? (
        <div className="flex flex-col gap-2">
          <h4 className="font-semibold">Why this grade</h4>
          <ul className="flex flex-col gap-3">
            {SUB_SCORE_ORDER.map((key) => {
              const sub = subScores[key];
              return (
                <li key={key} className="flex flex-col gap-1" data-testid={`sub-score-${key}`}>
                  <div className="flex items-baseline justify-between gap-2">
                    <span className="font-medium">{SUB_SCORE_LABELS[key]}</span>
                    {sub ? (
                      <span className="text-xs text-muted-foreground tabular-nums">
                        {Math.round(sub.value)}/100 · weight {Math.round(sub.weight * 100)}%
                      </span>
                    ) : null}
                  </div>
                  {sub ? (
                    <>
                      <div className="h-1.5 overflow-hidden rounded-full bg-muted" aria-hidden="true">
                        <div
                          className="h-full rounded-full bg-primary"
                          style={{ width: `${Math.max(0, Math.min(100, sub.value))}%` }}
                        />
                      </div>
                      <p className="text-xs text-muted-foreground">{sub.explanation}</p>
                    </>
                  ) : (
                    <p className="text-xs text-muted-foreground">{SUB_SCORE_MISSING[key]}</p>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </ReportSection>
  );
}
