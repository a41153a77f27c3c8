/**
 * The contact links. The address is the server's CONTACT_EMAIL (GET /api/config `contactEmail`);
 * without one there is no address to offer, so the links are not shown (no address is invented:
 * docs/decisions/024-fair-quotas-and-model-figures.md).
 */

export function feedbackHref(brand: string, email: string | null | undefined): string | null {
  return email ? `mailto:${email}?subject=${encodeURIComponent(`Feedback on ${brand}`)}` : null;
}

export function enterpriseHref(brand: string, email: string | null | undefined): string | null {
  return email ? `mailto:${email}?subject=${encodeURIComponent(`Enterprise access to ${brand}`)}` : null;
}
