/**
 * Languages → markets: where a language's speakers mostly live. The one home of this concept: the
 * report engine reads it by ISO 639-3 code (caption languages), the account finder by name
 * ("German-speaking"), and the market basis says "from caption language: English — an estimate"
 * for a country that rests on it alone (docs/methodology.md, "Markets and what they rest on").
 */

/** ISO 639-3 → language name and the countries its speakers mostly live in (largest first). */
export const LANGUAGE_COUNTRIES: Record<string, { name: string; countries: readonly string[] }> = {
  eng: { name: "English", countries: ["United States", "United Kingdom", "Canada", "Australia"] },
  spa: { name: "Spanish", countries: ["Mexico", "Spain", "Argentina", "Colombia"] },
  por: { name: "Portuguese", countries: ["Brazil", "Portugal"] },
  fra: { name: "French", countries: ["France", "Canada", "Belgium", "Switzerland"] },
  deu: { name: "German", countries: ["Germany", "Austria", "Switzerland"] },
  ita: { name: "Italian", countries: ["Italy", "Switzerland"] },
  ind: { name: "Indonesian", countries: ["Indonesia"] },
  zlm: { name: "Malay", countries: ["Singapore"] },
  nld: { name: "Dutch", countries: ["Netherlands", "Belgium"] },
  tur: { name: "Turkish", countries: ["Turkey"] },
  pol: { name: "Polish", countries: ["Poland"] },
  swe: { name: "Swedish", countries: ["Sweden"] },
  tgl: { name: "Tagalog", countries: ["Philippines"] },
  vie: { name: "Vietnamese", countries: ["Vietnam"] },
  jpn: { name: "Japanese", countries: ["Japan"] },
  kor: { name: "Korean", countries: ["South Korea"] },
  cmn: { name: "Chinese", countries: ["China", "Singapore"] },
  rus: { name: "Russian", countries: ["Russia"] },
  arb: { name: "Arabic", countries: ["Saudi Arabia", "Egypt", "United Arab Emirates"] },
  hin: { name: "Hindi", countries: ["India"] },
  tha: { name: "Thai", countries: ["Thailand"] },
  heb: { name: "Hebrew", countries: [] },
  ell: { name: "Greek", countries: [] },
};

/** Languages (display name) and where their speakers are (taxonomy COUNTRIES spelling). */
export const LANGUAGE_MARKETS: Record<string, readonly string[]> = {
  English: ["United States", "United Kingdom", "Canada", "Australia", "Ireland", "New Zealand"],
  German: ["Germany", "Austria", "Switzerland"],
  French: ["France", "Belgium", "Switzerland", "Canada"],
  Spanish: ["Spain", "Mexico", "Argentina", "Colombia"],
  Portuguese: ["Portugal", "Brazil"],
  Italian: ["Italy", "Switzerland"],
  Dutch: ["Netherlands", "Belgium"],
  Polish: ["Poland"],
  Swedish: ["Sweden"],
  Japanese: ["Japan"],
  Korean: ["South Korea"],
  Chinese: ["China", "Singapore"],
  Hindi: ["India"],
  Indonesian: ["Indonesia"],
  Filipino: ["Philippines"],
  Thai: ["Thailand"],
  Vietnamese: ["Vietnam"],
  Arabic: ["Saudi Arabia", "United Arab Emirates", "Egypt"],
  Turkish: ["Turkey"],
  Russian: ["Russia"],
};
