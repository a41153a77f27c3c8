/**
 * The creator's own website or bio link as a report shows it: an http(s) address, or null. Sources
 * send it as written on the profile, often without a scheme ("linktr.ee/cook"); anything that is
 * not a web address (a `javascript:` link, spaces, an e-mail) is left out rather than linked.
 */
export function websiteOf(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const text = value.trim();
  if (!text || text.length > 2000) return null;
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/+/, "")}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (!url.hostname.includes(".") || url.username || url.password) return null;
  return url.href;
}
