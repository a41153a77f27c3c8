import type { Platform } from "../schemas/platform";

/**
 * Well-known creators: display names (as people type them) → handles per platform.
 * Used only to turn a typed name into a likely handle with medium confidence; the report still
 * comes from the platform's data for that handle.
 */
export interface KnownCreator {
  names: string[];
  instagram?: string;
  tiktok?: string;
  youtube?: string;
}

export const KNOWN_CREATORS: KnownCreator[] = [
  { names: ["Cristiano Ronaldo", "CR7", "Ronaldo"], instagram: "cristiano" },
  { names: ["Lionel Messi", "Leo Messi", "Messi"], instagram: "leomessi" },
  { names: ["Selena Gomez"], instagram: "selenagomez", tiktok: "selenagomez", youtube: "selenagomez" },
  { names: ["Kylie Jenner"], instagram: "kyliejenner", tiktok: "kyliejenner" },
  { names: ["Dwayne Johnson", "The Rock"], instagram: "therock", tiktok: "therock", youtube: "therock" },
  { names: ["Ariana Grande"], instagram: "arianagrande", youtube: "arianagrande" },
  { names: ["Kim Kardashian"], instagram: "kimkardashian" },
  { names: ["Beyonce", "Beyoncé"], instagram: "beyonce", youtube: "beyonce" },
  { names: ["Khloe Kardashian", "Khloé Kardashian"], instagram: "khloekardashian" },
  { names: ["Justin Bieber"], instagram: "justinbieber", tiktok: "justinbieber", youtube: "justinbieber" },
  { names: ["Kendall Jenner"], instagram: "kendalljenner" },
  {
    names: ["National Geographic", "Nat Geo", "NatGeo"],
    instagram: "natgeo",
    tiktok: "natgeo",
    youtube: "natgeo",
  },
  { names: ["Taylor Swift"], instagram: "taylorswift", tiktok: "taylorswift", youtube: "taylorswift" },
  { names: ["Jennifer Lopez", "J.Lo", "JLo"], instagram: "jlo", tiktok: "jlo", youtube: "jenniferlopez" },
  { names: ["Nike"], instagram: "nike", tiktok: "nike", youtube: "nike" },
  { names: ["Virat Kohli"], instagram: "virat.kohli" },
  { names: ["Neymar", "Neymar Jr"], instagram: "neymarjr" },
  { names: ["Kevin Hart"], instagram: "kevinhart4real", tiktok: "kevinhart4real", youtube: "kevinhart" },
  { names: ["Miley Cyrus"], instagram: "mileycyrus", tiktok: "mileycyrus", youtube: "mileycyrus" },
  { names: ["Billie Eilish"], instagram: "billieeilish", tiktok: "billieeilish", youtube: "billieeilish" },
  { names: ["Zendaya"], instagram: "zendaya" },
  { names: ["Rihanna"], instagram: "badgalriri", tiktok: "rihanna", youtube: "rihanna" },
  { names: ["Drake"], instagram: "champagnepapi", youtube: "drakeofficial" },
  { names: ["Shakira"], instagram: "shakira", tiktok: "shakira", youtube: "shakira" },
  { names: ["Dua Lipa"], instagram: "dualipa", tiktok: "dualipaofficial", youtube: "dualipa" },
  {
    names: ["Gordon Ramsay"],
    instagram: "gordongram",
    tiktok: "gordonramsayofficial",
    youtube: "gordonramsay",
  },
  { names: ["NASA"], instagram: "nasa", tiktok: "nasa", youtube: "nasa" },
  { names: ["Cardi B"], instagram: "iamcardib", tiktok: "iamcardib", youtube: "cardib" },
  { names: ["Snoop Dogg"], instagram: "snoopdogg", tiktok: "snoopdogg", youtube: "snoopdogg" },
  { names: ["Lele Pons"], instagram: "lelepons", tiktok: "lelepons", youtube: "lelepons" },
  { names: ["David Beckham"], instagram: "davidbeckham" },
  { names: ["Lady Gaga"], instagram: "ladygaga", tiktok: "ladygaga", youtube: "ladygaga" },
  { names: ["Emma Watson"], instagram: "emmawatson" },
  { names: ["Will Smith"], instagram: "willsmith", tiktok: "willsmith", youtube: "willsmith" },
  { names: ["Khaby Lame", "Khaby"], instagram: "khaby00", tiktok: "khaby.lame" },
  {
    names: ["MrBeast", "Mr Beast", "Jimmy Donaldson"],
    instagram: "mrbeast",
    tiktok: "mrbeast",
    youtube: "mrbeast",
  },
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
  { names: ["Spencer X", "SpencerX"], tiktok: "spencerx", youtube: "spencerx" },
  { names: ["Loren Gray"], instagram: "lorengray", tiktok: "lorengray" },
  { names: ["Jason Derulo"], instagram: "jasonderulo", tiktok: "jasonderulo", youtube: "jasonderulo" },
  { names: ["Brent Rivera"], instagram: "brentrivera", tiktok: "brentrivera", youtube: "brentrivera" },
  { names: ["James Charles"], instagram: "jamescharles", tiktok: "jamescharles", youtube: "jamescharles" },
  { names: ["Kimberly Loaiza"], instagram: "kimberly.loaiza", tiktok: "kimberly.loaiza" },
  { names: ["CZN Burak", "Burak Ozdemir"], instagram: "cznburak", tiktok: "cznburak" },
  { names: ["PewDiePie", "Felix Kjellberg"], instagram: "pewdiepie", youtube: "pewdiepie" },
  { names: ["T-Series", "T Series"], instagram: "tseries.official", youtube: "tseries" },
  { names: ["Cocomelon"], youtube: "cocomelon" },
  { names: ["Markiplier"], instagram: "markiplier", youtube: "markiplier" },
  { names: ["Marques Brownlee", "MKBHD"], instagram: "mkbhd", tiktok: "mkbhd", youtube: "mkbhd" },
  { names: ["Dude Perfect"], instagram: "dudeperfect", tiktok: "dudeperfect", youtube: "dudeperfect" },
  { names: ["Kurzgesagt"], instagram: "kurz_gesagt", youtube: "kurzgesagt" },
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
  { names: ["Ed Sheeran"], instagram: "teddysphotos", tiktok: "edsheeran", youtube: "edsheeran" },
  {
    names: ["BLACKPINK", "Black Pink"],
    instagram: "blackpinkofficial",
    tiktok: "bp_tiktok",
    youtube: "blackpink",
  },
  { names: ["Good Mythical Morning", "Rhett and Link"], youtube: "goodmythicalmorning" },
  { names: ["Yes Theory"], instagram: "yestheory", youtube: "yestheory" },
  { names: ["WWE"], instagram: "wwe", tiktok: "wwe", youtube: "wwe" },
  { names: ["NBA"], instagram: "nba", tiktok: "nba", youtube: "nba" },
  { names: ["ESPN"], instagram: "espn", tiktok: "espn", youtube: "espn" },
  {
    names: ["Huda Beauty", "Huda Kattan"],
    instagram: "hudabeauty",
    tiktok: "hudabeauty",
    youtube: "hudabeauty",
  },
  { names: ["Kayla Itsines"], instagram: "kayla_itsines" },
];

/** Lower case, accents removed, only letters and digits: how names are compared. */
export function squashName(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

const INDEX = new Map<string, KnownCreator>();
for (const c of KNOWN_CREATORS) for (const n of c.names) INDEX.set(squashName(n), c);

export function findKnownCreator(name: string, platform: Platform): string | undefined {
  return INDEX.get(squashName(name))?.[platform];
}
