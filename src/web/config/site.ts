/**
 * Site-wide constants that are not served by GET /api/config.
 * The contact address is a build-time setting (VITE_CONTACT_EMAIL); without it the links point at
 * support@ the host the app is served from, which a self-hoster can route or override.
 */
const configuredEmail: unknown = import.meta.env.VITE_CONTACT_EMAIL;

export function contactEmail(): string {
  if (typeof configuredEmail === "string" && configuredEmail.includes("@")) return configuredEmail;
  const host = typeof window === "undefined" ? "localhost" : window.location.hostname;
  return `support@${host}`;
}

export function feedbackHref(brand: string): string {
  return `mailto:${contactEmail()}?subject=${encodeURIComponent(`Feedback on ${brand}`)}`;
}

export function enterpriseHref(brand: string): string {
  return `mailto:${contactEmail()}?subject=${encodeURIComponent(`Enterprise access to ${brand}`)}`;
}
