import type { CompareTarget } from "#core/compare";
import {
  bestByRow,
  type ComparedAccount,
  type CompareResponse,
  compareKey,
  figuresFromReport,
  missingReportMessage,
} from "#core/schemas/compare";
import type { AccountRepo } from "../reports/account-repo";
import type { DataOwner } from "../reports/supplied-repo";
import { comparedForReader, type SuppliedSource } from "./supplied-figures";

/** Issue 22 compare: stored reports only — no collector call, no quota unit. */
export function createCompareService(deps: {
  repo: Pick<AccountRepo, "latestReport">;
  /** Trust III (#33): the reader's own captures, newer than the public report, are theirs to compare. */
  supplied?: SuppliedSource;
}) {
  return {
    async compare(targets: CompareTarget[], reader: DataOwner | null = null): Promise<CompareResponse> {
      const accounts: ComparedAccount[] = [];
      for (const t of targets) {
        const stored = await deps.repo.latestReport(t.platform, t.username);
        const key = compareKey(t.platform, t.username);
        accounts.push(
          stored
            ? {
                key,
                platform: t.platform,
                username: stored.username,
                found: true,
                figures: figuresFromReport(stored.report, stored),
              }
            : {
                key,
                platform: t.platform,
                username: t.username,
                found: false,
                message: missingReportMessage(t.platform, t.username),
              },
        );
      }
      const shown = await comparedForReader(deps.supplied, reader, accounts);
      return { accounts: shown, best: bestByRow(shown) };
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
