/** The source URLs a search model (Perplexity) returned: `citations` and `search_results`, http(s), unique, at most 20. */
export function urlsOf(completion: unknown): string[] {
  const c = completion as { citations?: unknown; search_results?: unknown };
  const urls: string[] = [];
  if (Array.isArray(c.citations)) for (const u of c.citations) if (typeof u === "string") urls.push(u);
  if (Array.isArray(c.search_results)) {
    for (const r of c.search_results) {
      const url = (r as { url?: unknown } | null)?.url;
      if (typeof url === "string") urls.push(url);
    }
  }
  const seen = new Set<string>();
  return urls
    .map((u) => u.trim())
    .filter((u) => {
      if (seen.has(u) || u.length > 2000) return false;
      seen.add(u);
      try {
        const { protocol } = new URL(u);
        return protocol === "https:" || protocol === "http:";
      } catch {
        return false;
      }
    })
    .slice(0, 20);
}
