/**
 * A list's estimated cost in total (issue #39 item 12): the sum over the creators that have an
 * estimate, never a zero standing in for the ones that have none, and how many of them it covers.
 */
export interface CostTotal {
  /** Sums over the estimated creators; null when no creator has an estimate. */
  estimatedCostLow: number | null;
  estimatedCostHigh: number | null;
  /** Creators whose estimate is in the sums. */
  costEstimatedFor: number;
}

export function costTotalOf(
  items: readonly { estimatedCostLow: number | null; estimatedCostHigh: number | null }[],
): CostTotal {
  let low = 0;
  let high = 0;
  let n = 0;
  for (const i of items) {
    if (i.estimatedCostLow === null || i.estimatedCostHigh === null) continue;
    low += i.estimatedCostLow;
    high += i.estimatedCostHigh;
    n++;
  }
  return n === 0
    ? { estimatedCostLow: null, estimatedCostHigh: null, costEstimatedFor: 0 }
    : { estimatedCostLow: low, estimatedCostHigh: high, costEstimatedFor: n };
}

/** "cost estimated for 1 of 3 creators"; null when every creator's cost is in the total. */
export function costCoverageText(costEstimatedFor: number, creators: number): string | null {
  if (costEstimatedFor >= creators) return null;
  return `cost estimated for ${costEstimatedFor} of ${creators} ${creators === 1 ? "creator" : "creators"}`;
}
