const BUSINESS_CATEGORY =
  /\b(business|brand|company|shop|store|retail|restaurant|caf[eé]|hotel|agency|services?|organi[sz]ation|non-?profit|product|local|corporate|manufacturer|clinic|salon|bank|e-?commerce)\b/i;
const CREATOR_CATEGORY =
  /\b(creator|artist|musician|band|blogger|public figure|athlete|gamer|influencer|personal blog|entertainer|writer|author|photographer|chef|coach|model|comedian|actor|actress|dj|designer|journalist|youtuber)\b/i;

/** The account type (Personal, Creator, Business) from what the platform says, else the profile category. */
export function accountTypeOf(
  snapshot: Record<string, unknown>,
  category: string,
): { type: string; method: string; known: boolean } {
  const declared = snapshot.accountType;
  if (typeof declared === "string") {
    if (/business/i.test(declared))
      return { type: "Business", method: "Account type reported by the platform", known: true };
    if (/creator|professional/i.test(declared))
      return { type: "Creator", method: "Account type reported by the platform", known: true };
    if (/personal/i.test(declared))
      return { type: "Personal", method: "Account type reported by the platform", known: true };
  }
  if (snapshot.isBusiness === true || snapshot.isBusinessAccount === true) {
    return { type: "Business", method: "The platform marks it as a business account", known: true };
  }
  if (snapshot.isCreator === true)
    return { type: "Creator", method: "The platform marks it as a creator account", known: true };
  if (category) {
    if (CREATOR_CATEGORY.test(category))
      return { type: "Creator", method: `Profile category "${category}" names a creator`, known: true };
    if (BUSINESS_CATEGORY.test(category))
      return { type: "Business", method: `Profile category "${category}" names a business`, known: true };
    return {
      type: "Creator",
      method: `Profile category "${category}" (only professional accounts show one)`,
      known: true,
    };
  }
  return { type: "Personal", method: "Default: the profile shows no category or account type", known: false };
}
