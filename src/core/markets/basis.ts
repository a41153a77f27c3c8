/**
 * What a market claim rests on (docs/methodology.md, "Markets and what they rest on"). Location
 * signals first — a location field the source gives, a city or country named in the name or bio, a
 * geotag — then weaker hints in captions (places, flags, prices), and the caption language last.
 * Discovery and the finder say the basis beside every market and give an estimate half the points.
 */
import { placesIn } from "./places";

export const MARKET_BASIS_KINDS = [
  "location",
  "name",
  "bio",
  "geotag",
  "captions",
  "currency",
  "language",
  "unknown",
] as const;
export type MarketBasisKind = (typeof MARKET_BASIS_KINDS)[number];

/** One country of an account's audience and what puts it there. */
export interface MarketBasis {
  country: string;
  kind: MarketBasisKind;
  /** The words that show it: "Toronto", "English", "named in 3 captions". */
  evidence: string;
}

/** Kinds that place the creator (a location signal); the others are estimates. */
const LOCATED: ReadonlySet<MarketBasisKind> = new Set(["location", "name", "bio", "geotag"]);

export function isLocated(kind: MarketBasisKind): boolean {
  return LOCATED.has(kind);
}

/**
 * The share of a market criterion's points a covered market earns: full for a location signal,
 * half for an estimate (captions, prices, language).
 */
export const ESTIMATE_FACTOR = 0.5;

/** "from bio: Toronto", "from caption language: English — an estimate". */
export function basisText(b: Pick<MarketBasis, "kind" | "evidence">): string {
  switch (b.kind) {
    case "location":
      return `from the profile's location: ${b.evidence}`;
    case "name":
      return `from name: ${b.evidence}`;
    case "bio":
      return `from bio: ${b.evidence}`;
    case "geotag":
      return `from geotag: ${b.evidence}`;
    case "captions":
      return `from captions: ${b.evidence} — an estimate`;
    case "currency":
      return `from prices in ${b.evidence} — an estimate`;
    case "language":
      return `from caption language: ${b.evidence} — an estimate`;
    default:
      return "basis not recorded — an estimate";
  }
}

/** What the basis of one account is read from. */
export interface MarketBasisInput {
  /** The engine's countries, best first, with its reasons ("named in the bio; captions in English (80%)"). */
  countries: readonly { country: string; reason?: string }[];
  name?: string;
  bio?: string;
  /** The country the source's location field gives (already resolved to a COUNTRIES name). */
  declaredCountry?: string | null;
  /** Place names the source's geotags give (post locations). */
  geotags?: readonly string[];
}

const LANGUAGE_REASON = /captions in ([^(;]+?) \(/;
const CAPTION_REASON = /(named in \d+ captions?|flag in \d+ captions?)/;
const CURRENCY_REASON = /prices in (\S+)/;

/**
 * The basis of each country (same order), strongest first: location field, name, bio, geotag,
 * captions, prices, caption language.
 */
export function marketBasisOf(input: MarketBasisInput): MarketBasis[] {
  const inName = placesIn(input.name ?? "");
  const inBio = placesIn(input.bio ?? "");
  const geotagged = (input.geotags ?? []).flatMap((g) => placesIn(g));
  return input.countries.map(({ country, reason = "" }) => {
    if (input.declaredCountry === country || reason.includes("declared on the profile")) {
      return { country, kind: "location", evidence: country };
    }
    const name = inName.find((p) => p.country === country);
    if (name) return { country, kind: "name", evidence: name.place };
    const bio = inBio.find((p) => p.country === country);
    if (bio) return { country, kind: "bio", evidence: bio.place };
    if (/(named|flag) in the bio/.test(reason)) {
      return {
        country,
        kind: "bio",
        evidence: reason.includes("flag in the bio") ? `${country} flag` : country,
      };
    }
    const geotag = geotagged.find((p) => p.country === country);
    if (geotag) return { country, kind: "geotag", evidence: geotag.place };
    const caption = CAPTION_REASON.exec(reason);
    if (caption) return { country, kind: "captions", evidence: caption[1]! };
    const currency = CURRENCY_REASON.exec(reason);
    if (currency) return { country, kind: "currency", evidence: currency[1]! };
    const language = LANGUAGE_REASON.exec(reason);
    if (language) return { country, kind: "language", evidence: language[1]!.trim() };
    return { country, kind: "unknown", evidence: "" };
  });
}

/** Each country with its basis as the answer shows it (the schema's `marketBasis` of a result). */
export function marketBasisView(
  countries: readonly string[],
  basis: readonly MarketBasis[],
): { country: string; basis: string; estimate: boolean }[] {
  return countries.map((country) => {
    const b = basis.find((x) => x.country === country) ?? { country, kind: "unknown" as const, evidence: "" };
    return { country, basis: basisText(b), estimate: !isLocated(b.kind) };
  });
}
