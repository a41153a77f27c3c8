import {
  bestByRow,
  type ComparedAccount,
  type CompareResponse,
  type CompareTarget,
  compareKey,
  figuresFromReport,
  missingReportMessage,
} from "#core/schemas/compare";
import type { AccountRepo } from "../reports/account-repo";

/** Issue 22 compare: stored reports only — no collector call, no quota unit. */
export function createCompareService(deps: { repo: Pick<AccountRepo, "latestReport"> }) {
  return {
    async compare(targets: CompareTarget[]): Promise<CompareResponse> {
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
      return { accounts, best: bestByRow(accounts) };
    },
  };
}

export type CompareService = ReturnType<typeof createCompareService>;
