/**
 * Token prices in USD per million tokens, from the providers' pricing pages (research/data-sources.md §4).
 * Perplexity also charges a per-request search fee that depends on the search context size; it is not
 * included, so for `sonar*` models the estimate is a lower bound. Unknown models have no estimate (null).
 */
export const MODEL_PRICES: Readonly<Record<string, { inputPerM: number; outputPerM: number }>> = {
  "sonar-pro": { inputPerM: 3, outputPerM: 15 },
  sonar: { inputPerM: 1, outputPerM: 1 },
  "sonar-reasoning-pro": { inputPerM: 2, outputPerM: 8 },
  "gpt-4o-mini": { inputPerM: 0.15, outputPerM: 0.6 },
};

/** The price row of a model: exact name, or a dated snapshot of it ("gpt-4o-mini-2024-07-18"). */
export function priceOf(model: string): { inputPerM: number; outputPerM: number } | null {
  const name = model.trim().toLowerCase();
  const exact = MODEL_PRICES[name];
  if (exact) return exact;
  const dated = /^(.+)-\d{4}-\d{2}-\d{2}$/.exec(name);
  return (dated && MODEL_PRICES[dated[1]!]) || null;
}

/** Estimated cost in USD of the given token counts, rounded to 1/1000 of a cent; null for an unknown model. */
export function estimateCostUsd(
  model: string,
  promptTokens: number,
  completionTokens: number,
): number | null {
  const price = priceOf(model);
  if (!price) return null;
  const usd = (promptTokens * price.inputPerM + completionTokens * price.outputPerM) / 1_000_000;
  return Math.round(usd * 100_000) / 100_000;
}
