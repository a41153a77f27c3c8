/**
 * Counts every HTTP request the collectors make, by collector and outcome, with its latency — the
 * "upstream calls and errors per collector" of the metrics. It wraps the one fetch the collectors'
 * HTTP helper uses (services.ts passes it as `fetch`), so no collector needs to know about metrics.
 */

export type UpstreamOutcome = "2xx" | "3xx" | "4xx" | "429" | "5xx" | "network_error" | "aborted";

export type UpstreamObserver = (collector: string, outcome: UpstreamOutcome, seconds: number) => void;

/**
 * Names the collector behind a request by its base URL's origin. When several collectors share an
 * origin (a test pointing them all at one fake upstream), the first listed wins.
 */
export function collectorByOrigin(bases: Record<string, string | undefined>): (url: string) => string {
  const byOrigin = new Map<string, string>();
  for (const [collector, base] of Object.entries(bases)) {
    if (!base) continue;
    try {
      const origin = new URL(base).origin;
      if (!byOrigin.has(origin)) byOrigin.set(origin, collector);
    } catch {
      /* config.ts validated these; ignore anything else */
    }
  }
  return (url) => {
    try {
      return byOrigin.get(new URL(url).origin) ?? "other";
    } catch {
      return "other";
    }
  };
}

function outcomeOf(status: number): UpstreamOutcome {
  if (status === 429) return "429";
  if (status >= 500) return "5xx";
  if (status >= 400) return "4xx";
  if (status >= 300) return "3xx";
  return "2xx";
}

export function instrumentFetch(
  base: typeof fetch,
  collectorOf: (url: string) => string,
  observe: UpstreamObserver,
): typeof fetch {
  return async (input, init) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const collector = collectorOf(url);
    const started = performance.now();
    try {
      const res = await base(input, init);
      observe(collector, outcomeOf(res.status), (performance.now() - started) / 1000);
      return res;
    } catch (err) {
      const aborted = (err as Error)?.name === "AbortError" || (err as Error)?.name === "TimeoutError";
      observe(collector, aborted ? "aborted" : "network_error", (performance.now() - started) / 1000);
      throw err;
    }
  };
}
