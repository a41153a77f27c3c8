/**
 * Places → countries: the one table of city, region and country names the report engine (bio and
 * caption scans), the market basis (src/core/markets/basis.ts) and the account finder ("vegan food
 * bloggers in Toronto" → Canada) all read. Country names are taxonomy COUNTRIES spellings.
 */
import { COUNTRIES } from "../taxonomy";

/** Place names (1–3 words) → country (a name of COUNTRIES). Ambiguous words are left out. */
export const PLACES: Record<string, string> = {
  "United States":
    "usa|united states|united states of america|nyc|new york|los angeles|chicago|miami|texas|california|san francisco|seattle|boston|atlanta|las vegas|hollywood|brooklyn|florida|houston|dallas|nashville|bay area|silicon valley|san diego|portland|denver|austin tx|philadelphia|washington dc|new jersey|hawaii",
  Canada:
    "canada|toronto|vancouver|montreal|montréal|calgary|ottawa|quebec|québec|edmonton|winnipeg|ontario|british columbia|alberta|nova scotia",
  Mexico: "mexico|méxico|cdmx|guadalajara|monterrey|cancun|cancún",
  Brazil: "brasil|brazil|são paulo|sao paulo|rio de janeiro|brasília|brasilia|bahia|belo horizonte",
  Argentina: "argentina|buenos aires|mendoza",
  Colombia: "colombia|bogotá|bogota|medellín|medellin",
  "United Kingdom":
    "uk|united kingdom|london|manchester|england|scotland|wales|britain|great britain|liverpool|birmingham|edinburgh|glasgow|bristol",
  Germany: "germany|deutschland|berlin|münchen|munich|hamburg|köln|cologne|frankfurt|stuttgart|düsseldorf",
  France: "france|paris|lyon|marseille|bordeaux|toulouse",
  Spain: "spain|españa|madrid|barcelona|valencia|sevilla|seville|málaga|malaga|ibiza|mallorca",
  Italy:
    "italy|italia|rome|roma|milan|milano|florence|firenze|venice|venezia|napoli|naples|sicilia|sicily|toscana|tuscany",
  Netherlands: "netherlands|nederland|holland|amsterdam|rotterdam|utrecht",
  Portugal: "portugal|lisbon|lisboa|porto|algarve|madeira",
  Poland: "poland|polska|warsaw|warszawa|kraków|krakow",
  Sweden: "sweden|sverige|stockholm|göteborg|gothenburg",
  Ireland: "ireland|dublin|galway",
  Belgium: "belgium|belgique|belgië|brussels|bruxelles|antwerp",
  Austria: "austria|österreich|vienna|wien|salzburg",
  Switzerland: "switzerland|schweiz|suisse|zürich|zurich|geneva|genève",
  Australia: "australia|sydney|melbourne|brisbane|perth|adelaide|gold coast|queensland|new south wales",
  "New Zealand": "new zealand|auckland|aotearoa",
  India: "india|mumbai|delhi|new delhi|bangalore|bengaluru|hyderabad|chennai|kolkata|pune|bharat",
  Japan: "japan|tokyo|osaka|kyoto|日本|東京",
  "South Korea": "korea|south korea|seoul|busan|한국|서울",
  Indonesia: "indonesia|jakarta|bali|bandung|surabaya|yogyakarta",
  Philippines: "philippines|manila|cebu|pilipinas",
  Singapore: "singapore",
  Thailand: "thailand|bangkok|phuket|chiang mai",
  Vietnam: "vietnam|viet nam|hanoi|ho chi minh|saigon",
  China: "china|beijing|shanghai|shenzhen",
  Turkey: "türkiye|istanbul|ankara|antalya",
  "Saudi Arabia": "saudi arabia|saudi|riyadh|jeddah|ksa",
  "United Arab Emirates": "uae|dubai|abu dhabi|emirates",
  Egypt: "egypt|cairo",
  Nigeria: "nigeria|lagos|abuja|naija|port harcourt|ibadan",
  "South Africa": "south africa|johannesburg|cape town|durban|mzansi|pretoria|joburg",
  Russia: "russia|moscow|москва|россия|saint petersburg",
};

/** Lower case without accents: "Montréal" → "montreal". */
export function foldPlace(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\s+/g, " ")
    .trim();
}

const COUNTRY_SET = new Set<string>(COUNTRIES);
const BY_NAME = new Map<string, string>();
for (const [country, names] of Object.entries(PLACES)) {
  if (!COUNTRY_SET.has(country)) throw new Error(`places: ${country} is not in COUNTRIES`);
  for (const name of names.split("|")) BY_NAME.set(foldPlace(name), country);
}
for (const country of COUNTRIES)
  if (!BY_NAME.has(foldPlace(country))) BY_NAME.set(foldPlace(country), country);

/** The country a place name (city, region or country, any case or accents) is in, or null. */
export function countryOfPlace(name: string): string | null {
  return BY_NAME.get(foldPlace(name)) ?? null;
}

/** Every known place name, folded, with its country (for phrase look-ups). */
export function placeNames(): ReadonlyMap<string, string> {
  return BY_NAME;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Longest names first, so "new south wales" wins over "wales". */
const PLACE_RE = new RegExp(
  `(?<![\\p{L}\\p{N}])(${[...BY_NAME.keys()]
    .sort((a, b) => b.length - a.length)
    .map((n) => escapeRe(n).replace(/ /g, "\\s+"))
    .join("|")})(?![\\p{L}\\p{N}])`,
  "gu",
);

/** A place named in a text: the words as written and the country they put it in. */
export interface PlaceMention {
  place: string;
  country: string;
}

/**
 * The places a text names, in order of first mention, one per country ("Toronto-based 🍁 chef, ON,
 * Canada" → Toronto → Canada). Matching is on whole words, case- and accent-insensitive.
 */
export function placesIn(text: string): PlaceMention[] {
  const folded = foldPlace(text);
  // Folding keeps the length of most texts; when it does not, the folded words are shown.
  const sameShape = folded.length === text.length;
  const out: PlaceMention[] = [];
  for (const m of folded.matchAll(PLACE_RE)) {
    const country = BY_NAME.get(m[1]!.replace(/\s+/g, " "));
    if (!country || out.some((p) => p.country === country)) continue;
    const place = sameShape ? text.slice(m.index, m.index + m[0].length) : m[0];
    out.push({ place, country });
  }
  return out;
}
