import type { Platform } from "../schemas/platform";

/**
 * Well-known creators: display names (as people type them) → their handle on each platform
 * (spec §5 "a small table maps famous display names to handles"). It only turns a typed name into
 * a likely handle with medium confidence; the report still comes from that handle's public data.
 * Handles are lower case as the platforms treat them case-insensitively (YouTube shows @MrBeast,
 * the handle is mrbeast).
 */
export interface KnownCreator {
  names: readonly string[];
  instagram?: string;
  tiktok?: string;
  youtube?: string;
}

export const KNOWN_CREATORS: readonly KnownCreator[] = [
  // Athletes and sports
  { names: ["Cristiano Ronaldo", "CR7", "Ronaldo"], instagram: "cristiano", youtube: "cristiano" },
  { names: ["Lionel Messi", "Leo Messi", "Messi"], instagram: "leomessi" },
  { names: ["Neymar", "Neymar Jr"], instagram: "neymarjr" },
  { names: ["Virat Kohli"], instagram: "virat.kohli" },
  { names: ["LeBron James"], instagram: "kingjames" },
  { names: ["Kylian Mbappe", "Kylian Mbappé", "Mbappe", "Mbappé"], instagram: "k.mbappe" },
  { names: ["David Beckham"], instagram: "davidbeckham" },
  { names: ["Real Madrid"], instagram: "realmadrid", tiktok: "realmadrid", youtube: "realmadrid" },
  {
    names: ["FC Barcelona", "Barca", "Barça"],
    instagram: "fcbarcelona",
    tiktok: "fcbarcelona",
    youtube: "fcbarcelona",
  },
  { names: ["NBA"], instagram: "nba", tiktok: "nba", youtube: "nba" },
  { names: ["WWE"], instagram: "wwe", tiktok: "wwe", youtube: "wwe" },
  { names: ["ESPN"], instagram: "espn", tiktok: "espn", youtube: "espn" },
  { names: ["Dude Perfect"], instagram: "dudeperfect", tiktok: "dudeperfect", youtube: "dudeperfect" },
  // Music
  { names: ["Selena Gomez"], instagram: "selenagomez", tiktok: "selenagomez", youtube: "selenagomez" },
  { names: ["Ariana Grande"], instagram: "arianagrande", tiktok: "arianagrande", youtube: "arianagrande" },
  { names: ["Beyonce", "Beyoncé"], instagram: "beyonce", youtube: "beyonce" },
  { names: ["Justin Bieber"], instagram: "justinbieber", tiktok: "justinbieber", youtube: "justinbieber" },
  { names: ["Taylor Swift"], instagram: "taylorswift", tiktok: "taylorswift", youtube: "taylorswift" },
  { names: ["Jennifer Lopez", "J.Lo", "JLo"], instagram: "jlo", tiktok: "jlo", youtube: "jenniferlopez" },
  { names: ["Miley Cyrus"], instagram: "mileycyrus", tiktok: "mileycyrus", youtube: "mileycyrus" },
  { names: ["Billie Eilish"], instagram: "billieeilish", tiktok: "billieeilish", youtube: "billieeilish" },
  { names: ["Rihanna"], instagram: "badgalriri", tiktok: "rihanna", youtube: "rihanna" },
  { names: ["Drake"], instagram: "champagnepapi", youtube: "drakeofficial" },
  { names: ["Shakira"], instagram: "shakira", tiktok: "shakira", youtube: "shakira" },
  { names: ["Dua Lipa"], instagram: "dualipa", tiktok: "dualipaofficial", youtube: "dualipa" },
  { names: ["Cardi B"], instagram: "iamcardib", tiktok: "iamcardib", youtube: "cardib" },
  { names: ["Snoop Dogg"], instagram: "snoopdogg", tiktok: "snoopdogg", youtube: "snoopdogg" },
  { names: ["Lady Gaga"], instagram: "ladygaga", tiktok: "ladygaga", youtube: "ladygaga" },
  { names: ["Ed Sheeran"], instagram: "teddysphotos", tiktok: "edsheeran", youtube: "edsheeran" },
  { names: ["Nicki Minaj"], instagram: "nickiminaj", tiktok: "nickiminaj", youtube: "nickiminaj" },
  { names: ["Bad Bunny"], instagram: "badbunnypr" },
  { names: ["Jason Derulo"], instagram: "jasonderulo", tiktok: "jasonderulo", youtube: "jasonderulo" },
  {
    names: ["BLACKPINK", "Black Pink"],
    instagram: "blackpinkofficial",
    tiktok: "bp_tiktok",
    youtube: "blackpink",
  },
  {
    names: ["BTS", "Bangtan Boys"],
    instagram: "bts.bighitofficial",
    tiktok: "bts_official_bighit",
    youtube: "bts",
  },
  { names: ["T-Series", "T Series"], youtube: "tseries" },
  // Film, TV and celebrities
  { names: ["Dwayne Johnson", "The Rock"], instagram: "therock", tiktok: "therock", youtube: "therock" },
  { names: ["Kylie Jenner"], instagram: "kyliejenner", tiktok: "kyliejenner" },
  { names: ["Kendall Jenner"], instagram: "kendalljenner" },
  { names: ["Kim Kardashian"], instagram: "kimkardashian", tiktok: "kimkardashian" },
  { names: ["Khloe Kardashian", "Khloé Kardashian"], instagram: "khloekardashian" },
  { names: ["Kevin Hart"], instagram: "kevinhart4real", tiktok: "kevinhart4real", youtube: "kevinhart" },
  { names: ["Zendaya"], instagram: "zendaya" },
  { names: ["Emma Watson"], instagram: "emmawatson" },
  { names: ["Tom Holland"], instagram: "tomholland2013" },
  { names: ["Will Smith"], instagram: "willsmith", tiktok: "willsmith", youtube: "willsmith" },
  {
    names: ["Gordon Ramsay"],
    instagram: "gordongram",
    tiktok: "gordonramsayofficial",
    youtube: "gordonramsay",
  },
  { names: ["Joe Rogan"], instagram: "joerogan", youtube: "joerogan" },
  { names: ["Jay Shetty"], instagram: "jayshetty", tiktok: "jayshetty", youtube: "jayshetty" },
  { names: ["Gary Vaynerchuk", "GaryVee"], instagram: "garyvee", tiktok: "garyvee", youtube: "garyvee" },
  // Brands and media
  {
    names: ["National Geographic", "Nat Geo", "NatGeo"],
    instagram: "natgeo",
    tiktok: "natgeo",
    youtube: "natgeo",
  },
  { names: ["NASA"], instagram: "nasa", tiktok: "nasa", youtube: "nasa" },
  { names: ["Nike"], instagram: "nike", tiktok: "nike", youtube: "nike" },
  { names: ["Netflix"], instagram: "netflix", tiktok: "netflix", youtube: "netflix" },
  {
    names: ["Huda Beauty", "Huda Kattan"],
    instagram: "hudabeauty",
    tiktok: "hudabeauty",
    youtube: "hudabeauty",
  },
  { names: ["Kayla Itsines"], instagram: "kayla_itsines" },
  // TikTok creators
  { names: ["Khaby Lame", "Khaby"], instagram: "khaby00", tiktok: "khaby.lame" },
  {
    names: ["Charli D'Amelio", "Charli DAmelio", "Charli D Amelio"],
    instagram: "charlidamelio",
    tiktok: "charlidamelio",
    youtube: "charlidamelio",
  },
  { names: ["Dixie D'Amelio", "Dixie DAmelio"], instagram: "dixiedamelio", tiktok: "dixiedamelio" },
  { names: ["Addison Rae"], instagram: "addisonraee", tiktok: "addisonre" },
  { names: ["Bella Poarch"], instagram: "bellapoarch", tiktok: "bellapoarch" },
  { names: ["Zach King"], instagram: "zachking", tiktok: "zachking", youtube: "zachking" },
  { names: ["Spencer X", "SpencerX"], instagram: "spencerx", tiktok: "spencerx", youtube: "spencerx" },
  { names: ["Loren Gray"], instagram: "lorengray", tiktok: "lorengray" },
  { names: ["Brent Rivera"], instagram: "brentrivera", tiktok: "brentrivera", youtube: "brentrivera" },
  { names: ["Kimberly Loaiza"], instagram: "kimberly.loaiza", tiktok: "kimberly.loaiza" },
  { names: ["CZN Burak", "Burak Ozdemir", "Burak Özdemir"], instagram: "cznburak", tiktok: "cznburak" },
  { names: ["Lele Pons"], instagram: "lelepons", tiktok: "lelepons", youtube: "lelepons" },
  { names: ["Noah Beck"], instagram: "noahbeck", tiktok: "noahbeck" },
  { names: ["Avani Gregg"], instagram: "avani", tiktok: "avani" },
  // YouTubers
  {
    names: ["MrBeast", "Mr Beast", "Jimmy Donaldson"],
    instagram: "mrbeast",
    tiktok: "mrbeast",
    youtube: "mrbeast",
  },
  { names: ["PewDiePie", "Felix Kjellberg"], instagram: "pewdiepie", youtube: "pewdiepie" },
  { names: ["Cocomelon"], youtube: "cocomelon" },
  { names: ["Markiplier", "Mark Fischbach"], instagram: "markiplier", youtube: "markiplier" },
  { names: ["Marques Brownlee", "MKBHD"], instagram: "mkbhd", tiktok: "mkbhd", youtube: "mkbhd" },
  { names: ["Kurzgesagt", "Kurzgesagt In a Nutshell"], instagram: "kurz_gesagt", youtube: "kurzgesagt" },
  { names: ["Veritasium", "Derek Muller"], youtube: "veritasium" },
  { names: ["Linus Tech Tips", "Linus Sebastian"], tiktok: "linustech", youtube: "linustechtips" },
  { names: ["Mark Rober"], instagram: "markrober", tiktok: "markrober", youtube: "markrober" },
  { names: ["Casey Neistat"], instagram: "caseyneistat", youtube: "caseyneistat" },
  {
    names: ["Emma Chamberlain"],
    instagram: "emmachamberlain",
    tiktok: "emmachamberlain",
    youtube: "emmachamberlain",
  },
  { names: ["Jacksepticeye", "Sean McLoughlin"], instagram: "jacksepticeye", youtube: "jacksepticeye" },
  { names: ["Ninja", "Tyler Blevins"], instagram: "ninja", tiktok: "ninja", youtube: "ninja" },
  { names: ["KSI"], instagram: "ksi", tiktok: "ksi", youtube: "ksi" },
  { names: ["Sidemen"], instagram: "sidemen", tiktok: "sidemen", youtube: "sidemen" },
  { names: ["Logan Paul"], instagram: "loganpaul", tiktok: "loganpaul", youtube: "loganpaul" },
  { names: ["Jake Paul"], instagram: "jakepaul", tiktok: "jakepaul", youtube: "jakepaul" },
  { names: ["Good Mythical Morning", "Rhett and Link", "Rhett & Link"], youtube: "goodmythicalmorning" },
  { names: ["Yes Theory"], instagram: "yestheory", youtube: "yestheory" },
  { names: ["James Charles"], instagram: "jamescharles", tiktok: "jamescharles", youtube: "jamescharles" },
  { names: ["Chloe Ting"], instagram: "chloe_t", youtube: "chloeting" },
  {
    names: ["Binging with Babish", "Babish"],
    instagram: "bingingwithbabish",
    youtube: "babishculinaryuniverse",
  },
  { names: ["Smosh"], instagram: "smosh", tiktok: "smosh", youtube: "smosh" },
  { names: ["Vsauce", "Michael Stevens"], youtube: "vsauce" },
];

const COMBINING_MARKS = /[\u0300-\u036f]/g;
const NOT_ALNUM = /[^a-z0-9]+/g;

/** Whether every character is printable ASCII-or-below (no folding needed). */
function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** Accents folded away ("Beyoncé" → "Beyonce"); other non-ASCII characters are kept (and dropped later). */
export function foldAccents(text: string): string {
  return isAscii(text) ? text : text.normalize("NFKD").replace(COMBINING_MARKS, "");
}

/** How names are compared: accents folded, lower case, only ASCII letters and digits. */
export function squashName(text: string): string {
  return foldAccents(text).toLowerCase().replace(NOT_ALNUM, "");
}

const INDEX = new Map<string, KnownCreator>();
for (const c of KNOWN_CREATORS) for (const n of c.names) INDEX.set(squashName(n), c);

/** The known creator's handle on `platform` for a typed name, by its squashed form. */
export function findKnownCreator(name: string, platform: Platform): string | undefined {
  return findKnownBySquashed(squashName(name), platform);
}

/** As findKnownCreator, for a name already squashed. */
export function findKnownBySquashed(squashed: string, platform: Platform): string | undefined {
  return squashed === "" ? undefined : INDEX.get(squashed)?.[platform];
}
