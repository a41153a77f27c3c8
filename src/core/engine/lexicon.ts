import { LANGUAGE_COUNTRIES } from "../markets/languages";
import { PLACES } from "../markets/places";
import { COUNTRIES, INDUSTRIES, type Industry } from "../taxonomy";

/**
 * The engine's word lists, compiled once at module load into LEXICON (word → what it means) and
 * PHRASE_ROOT (multi-word phrases); automaton.ts compiles both into the typed arrays the text scan
 * walks. Everything is lower case. In the industry lists a trailing "~" marks a weak keyword (half
 * weight) — common words that hint at a niche without proving it.
 */
export const INDUSTRY_KEYWORDS: Record<Exclude<Industry, "General">, string> = {
  Fashion:
    "fashion fashionista fashionblogger outfit outfits ootd outfitoftheday style~ styled styling stylist streetwear wardrobe lookbook dress dresses sneaker sneakers sneakerhead denim vintage~ thrift thrifted thrifting designer~ runway couture menswear womenswear apparel clothing clothes jewelry jewellery handbag handbags accessories moda mode modeblogger tenue roupa roupas vestido kleid",
  Beauty:
    "beauty makeup makeuptutorial mua skincare skincareroutine skin~ cosmetics cosmetic lipstick lipgloss foundation~ concealer eyeshadow eyeliner mascara nails nailart manicure hair~ hairstyle haircare hairstylist glow~ serum moisturizer sunscreen spf fragrance perfume belleza maquillaje maquiagem beleza maquillage beauté grwm",
  Fitness:
    "fitness fit~ workout workouts gym training~ crossfit pilates hiit muscle muscles bodybuilding gains cardio squat squats deadlift abs weightlifting powerlifting personaltrainer treino entreno entrenamiento musculação fitfam gymlife running~ runner marathon calisthenics",
  "Health & Wellness":
    "wellness health healthy mindful mindfulness meditation selfcare mentalhealth nutrition nutritionist dietitian sleep~ holistic therapy therapist anxiety wellbeing saude saúde salud gesundheit supplements vitamins guthealth yoga breathwork",
  Food: "food foodie foodies recipe recipes cook cooking chef baking bake baker vegan vegetarian kitchen~ eat~ eats delicious yummy receta recetas comida cuisine recette recettes dinner lunch breakfast brunch dessert pasta pizza burger sushi restaurant foodporn foodblogger homemade mealprep culinary gastronomia receita receitas rezept rezepte cucina ricetta makanan resep",
  Travel:
    "travel traveling travelling traveler traveller trip wanderlust adventure~ vacation holiday holidays backpacking backpacker viaje viajes viagem voyage reise reisen beach~ hotel resort roadtrip passport destination itinerary travelgram instatravel flight~ airport island~",
  Technology:
    "tech technology gadget gadgets smartphone smartphones iphone android samsung pixel~ apple~ laptop laptops pc~ computer software hardware coding programming developer ai~ chatgpt unboxing review~ reviews~ setup~ keyboard headphones tecnologia technologie tecnología app~ apps~",
  Gaming:
    "gaming gamer gamers videogames esports twitch fortnite minecraft roblox playstation ps5 xbox nintendo valorant streamer~ stream~ callofduty gta pcgaming speedrun jogos juegos videojuegos",
  Music:
    "music musician song songs singer singing songwriter cover~ guitar piano drums producer~ beat~ beats rap rapper hiphop dj album concert tour~ spotify livemusic musica música musique musik newmusic",
  Entertainment:
    "entertainment celebrity celebrities movie movies film films cinema tv~ netflix series~ actor actress hollywood showbiz trailer premiere reality~ anime kpop drama~ fandom",
  Comedy:
    "comedy funny meme memes humor humour sketch~ prank pranks comedian skit skits jokes joke standup lol~ lmao haha~ parody comedia engraçado chistes",
  Sports:
    "sport sports football soccer basketball nba nfl tennis athlete athletes futbol fútbol futebol golf cycling cyclist baseball mlb hockey nhl boxing ufc mma f1 formula1 olympics match~ goal~ championship league~ fußball",
  Education:
    "education educational learn learning study studying student students teacher teaching tutorial~ lesson lessons school~ university college howto explained math maths physics history~ facts~ edutok aprender educação educación",
  Finance:
    "finance financial invest investing investment investor stocks stock~ crypto bitcoin ethereum budget budgeting personalfinance trading trader wealth money~ savings retirement dividend dividends realestate fintech financas finanzas finanzen dinheiro dinero",
  Business:
    "business entrepreneur entrepreneurship startup startups marketing ceo founder productivity career careers sales~ smallbusiness sidehustle branding linkedin leadership negocios negócios empreendedor emprendedor",
  "Parenting & Family":
    "mom mum mommy mother motherhood dad daddy father fatherhood parenting parent parents family~ baby babies kids kid toddler pregnancy pregnant newborn momlife dadlife mama~ papa~ maternidade maternidad familia família",
  "Pets & Animals":
    "dog dogs puppy puppies doggo cat cats kitten kittens pet pets animal animals dogsofinstagram catsofinstagram perro perros gato gatos cachorro hund katze horse~ rescue~ adoptdontshop",
  "Home & Interior":
    "interior interiors interiordesign decor homedecor diy~ renovation remodel garden gardening plants~ houseplants cleaning cleantok organize organization organizing furniture hometour architecture~ decoração decoracion",
  Automotive:
    "car cars automotive motorsport supercar supercars jdm vehicle vehicles motorcycle motorbike bmw audi porsche ferrari tesla~ mercedes carreview carsofinstagram detailing ev~ drift racing~ coches carros",
  "Art & Design":
    "art artist artwork design~ designer~ illustration illustrator drawing painting painter sketchbook digitalart graphicdesign watercolor procreate ceramics pottery tattoo calligraphy arte dibujo desenho kunst",
  Photography:
    "photography photographer camera cameras portrait~ landscape~ lightroom 35mm filmphotography canon nikon lens photoshoot fotografia fotografía fotograf shotoniphone",
  Lifestyle:
    "lifestyle vlog vlogs vlogger daily~ routine~ dayinmylife blogger~ aesthetic~ morning~ weekend~ minimalism everyday~",
  "Science & Nature":
    "nature wildlife science scientist space~ nasa ocean planet climate earth~ astronomy biology chemistry environment sustainability hiking outdoors forest mountains",
  "News & Politics":
    "news breaking~ politics political journalist journalism election elections policy government president congress parliament debate noticias notícias nachrichten",
};

/** Hashtags so common they say nothing about a niche (and must not match as compounds). */
const GENERIC_TAGS =
  "instagood photooftheday picoftheday love fyp fy foryou foryoupage fypシ viral explore explorepage explorar trending trend reels reel reelsinstagram instagram insta tiktok youtube shorts youtubeshorts follow followme like likeforlike likes follow4follow followforfollow instadaily beautiful happy cute me selfie summer repost tbt new best fun goodvibes motivation inspiration instalike viralvideo";

/** Languages with stop-word lists (ISO 639-3) — Latin-script languages the engine tells apart. */
export const STOPWORDS: Record<string, string> = {
  eng: "the and to of my you is for with this in it your on are today what how that at all we so just our me but if do not have was can get out up now be when about from they there here been will would",
  spa: "el la de que y los las para con mi es por una del hoy muy más como pero yo tu te lo está este esta estoy tengo todo gracias también",
  por: "de que e do da para com meu minha não você uma hoje muito mais os as é isso pra tá estou obrigado obrigada também seu sua",
  fra: "le la les de et des pour avec mon est une du je vous sur pas aujourd'hui ce cette mes nous qui dans tout très merci",
  deu: "der die das und ich mit für ist nicht ein eine heute auf zu euch mein wir sie es auch noch wie was bei vom zum",
  ita: "il di che e per con mio sono non una oggi della gli anche come questo questa mia più sempre ciao grazie",
  ind: "yang dan di ini untuk dengan aku kamu tidak ke hari ada juga sama kita bisa banget sudah buat",
  nld: "het een en van voor met ik niet is op vandaag wij jullie ook maar zijn dit deze naar",
  tur: "ve bir bu için ile ben çok da gibi bugün daha ne var sen",
  pol: "na nie się jest to dla jak dzisiaj że już tak jestem",
  swe: "och att det som en på är för med jag inte till av har idag",
  tgl: "ang ng sa mga na ko ako ka po ito para naman lang",
  vie: "và của là có không những một được cho này tôi bạn",
};

export { LANGUAGE_COUNTRIES };

/** ISO 3166 alpha-2 → country (declared profile countries and flag emoji). */
export const COUNTRY_CODES: Record<string, string> = {
  US: "United States",
  CA: "Canada",
  MX: "Mexico",
  BR: "Brazil",
  AR: "Argentina",
  CO: "Colombia",
  GB: "United Kingdom",
  UK: "United Kingdom",
  DE: "Germany",
  FR: "France",
  ES: "Spain",
  IT: "Italy",
  NL: "Netherlands",
  PT: "Portugal",
  PL: "Poland",
  SE: "Sweden",
  IE: "Ireland",
  BE: "Belgium",
  AT: "Austria",
  CH: "Switzerland",
  AU: "Australia",
  NZ: "New Zealand",
  IN: "India",
  JP: "Japan",
  KR: "South Korea",
  ID: "Indonesia",
  PH: "Philippines",
  SG: "Singapore",
  TH: "Thailand",
  VN: "Vietnam",
  CN: "China",
  TR: "Turkey",
  SA: "Saudi Arabia",
  AE: "United Arab Emirates",
  EG: "Egypt",
  NG: "Nigeria",
  ZA: "South Africa",
  RU: "Russia",
};

/** Currency signs → the countries they point to ("€" only strengthens euro countries found otherwise). */
export const CURRENCY_COUNTRIES: Record<string, readonly string[]> = {
  "£": ["United Kingdom"],
  "₹": ["India"],
  "₩": ["South Korea"],
  "₱": ["Philippines"],
  "₺": ["Turkey"],
  "₽": ["Russia"],
  "₦": ["Nigeria"],
  "₫": ["Vietnam"],
  "฿": ["Thailand"],
  "¥": ["Japan"],
  R$: ["Brazil"],
  "€": ["Germany", "France", "Spain", "Italy", "Netherlands", "Portugal", "Ireland", "Belgium", "Austria"],
};

/** Sponsorship signals, strongest first. A post is sponsored on one strong or medium signal. */
export const SIGNAL = {
  AD_TAG: 1,
  SPONSORED_TAG: 2,
  PARTNER_TAG: 4,
  PAID_PARTNERSHIP: 8,
  SPONSOR_WORDING: 16,
  PLATFORM_LABEL: 32,
  GIFTED: 64,
  DISCOUNT_CODE: 128,
  AFFILIATE: 256,
  // weak: only in pairs
  LINK_IN_BIO: 512,
  DISCOUNT: 1024,
  COLLAB: 2048,
  MENTION: 4096,
  // cancels wording (not tags): "not sponsored", "unbezahlte Werbung"
  NEGATED: 8192,
} as const;
export const STRONG_SIGNALS =
  SIGNAL.AD_TAG |
  SIGNAL.SPONSORED_TAG |
  SIGNAL.PARTNER_TAG |
  SIGNAL.PAID_PARTNERSHIP |
  SIGNAL.SPONSOR_WORDING |
  SIGNAL.PLATFORM_LABEL |
  SIGNAL.GIFTED |
  SIGNAL.DISCOUNT_CODE |
  SIGNAL.AFFILIATE;
/** Signals that still count when the caption says "not sponsored" (explicit tags and labels). */
export const UNNEGATABLE = SIGNAL.AD_TAG | SIGNAL.SPONSORED_TAG | SIGNAL.PARTNER_TAG | SIGNAL.PLATFORM_LABEL;
export const SIGNAL_NAMES: readonly [number, string][] = [
  [SIGNAL.PLATFORM_LABEL, "platform paid-partnership label"],
  [SIGNAL.AD_TAG, "#ad"],
  [SIGNAL.SPONSORED_TAG, "#sponsored"],
  [SIGNAL.PARTNER_TAG, "#partner"],
  [SIGNAL.PAID_PARTNERSHIP, "paid partnership"],
  [SIGNAL.SPONSOR_WORDING, "sponsorship wording"],
  [SIGNAL.GIFTED, "gifted"],
  [SIGNAL.DISCOUNT_CODE, "discount code"],
  [SIGNAL.AFFILIATE, "affiliate link"],
  [SIGNAL.LINK_IN_BIO, "link in bio"],
  [SIGNAL.DISCOUNT, "discount"],
  [SIGNAL.COLLAB, "collab"],
  [SIGNAL.MENTION, "brand @mention"],
];

/** Hashtags that disclose (or deny) sponsorship. */
const SPONSOR_TAGS: [number, string][] = [
  [
    SIGNAL.AD_TAG,
    "ad ads advert advertisement advertising anuncio publi publicidad publicidade werbung anzeige pub iklan reklame reklama adv pubblicità annonce",
  ],
  [
    SIGNAL.SPONSORED_TAG,
    "sponsored sponsor sponsoring sponsorship spon sp patrocinado patrocinio gesponsert sponsorisé sponsorise sponsorizzato gesponsord",
  ],
  [
    SIGNAL.PARTNER_TAG,
    "partner partnership paidpartnership paidpartner brandpartner ambassador brandambassador partnered",
  ],
  [SIGNAL.GIFTED, "gifted prgift prpackage giftedby"],
  [
    SIGNAL.AFFILIATE,
    "affiliate afiliado affiliatelink commissionearned ltk liketkit liketoknowit amazonaffiliate",
  ],
  [SIGNAL.COLLAB, "collab collaboration colab colaboración"],
  [SIGNAL.NEGATED, "notsponsored notanad nonsponsored unpaid notpaid"],
];

/** Words (not hashtags) that signal sponsorship on their own. */
const SPONSOR_WORDS: [number, string][] = [
  [
    SIGNAL.SPONSOR_WORDING,
    "sponsored patrocinado gesponsert sponsorisé publicidade pubblicità werbung anzeige",
  ],
  [SIGNAL.GIFTED, "gifted"],
  [SIGNAL.DISCOUNT_CODE, "rabattcode cupom cupón gutscheincode"],
  [SIGNAL.DISCOUNT, "discount discounts descuento desconto rabatt remise sconto diskon"],
  [SIGNAL.COLLAB, "collab"],
];

/** Phrases (2–4 words) → signal. */
const SPONSOR_PHRASES: [number, string][] = [
  [
    SIGNAL.PAID_PARTNERSHIP,
    "paid partnership|in partnership with|partnered with|sponsored by|this video is sponsored|colaboración pagada|en colaboración con|parceria paga|em parceria com|in zusammenarbeit mit|bezahlte partnerschaft|partenariat rémunéré|en partenariat avec|collaborazione retribuita",
  ],
  [SIGNAL.GIFTED, "pr package|gifted by|kindly gifted|gifted to me"],
  [
    SIGNAL.DISCOUNT_CODE,
    "use code|use my code|discount code|promo code|coupon code|código de desconto|código de descuento|codice sconto|code promo",
  ],
  [SIGNAL.AFFILIATE, "affiliate link|affiliate links|commission earned|i may earn"],
  [
    SIGNAL.LINK_IN_BIO,
    "link in bio|link in my bio|link na bio|link en bio|link en mi bio|enlace en la bio|lien en bio|link in der bio|link di bio",
  ],
  [SIGNAL.COLLAB, "in collaboration with"],
  [
    SIGNAL.NEGATED,
    "not sponsored|not an ad|unbezahlte werbung|no sponsor|nicht gesponsert|no es publicidad|não é publi",
  ],
];

/** Words after which a token with a digit is a discount code ("code STRIDE15"). */
export const CODE_WORDS = new Set([
  "code",
  "código",
  "codigo",
  "cupom",
  "coupon",
  "kode",
  "codice",
  "gutschein",
]);
/** Words that make "N% …" a discount ("20% off", "20% de descuento"). */
export const PERCENT_WORDS = new Set([
  "off",
  "discount",
  "descuento",
  "desconto",
  "rabatt",
  "remise",
  "sconto",
  "diskon",
]);

// ---------------------------------------------------------------------------------------------
// Compilation

export const INDUSTRY_LIST = INDUSTRIES.filter((i): i is Exclude<Industry, "General"> => i !== "General");
export const LANGS = Object.keys(STOPWORDS);

/**
 * What one word means to the engine. The scan reads these facts from automaton.ts's typed arrays;
 * the entries themselves serve the compiler, the profile-category and declared-country lookups.
 */
export class LexEntry {
  /** Index into INDUSTRY_LIST, or −1. */
  industry = -1;
  /** Keyword weight in halves: 2 strong, 1 weak (half weight), 0 none. */
  halves = 0;
  /** Bit i set: a stop word of LANGS[i]; `langCount` bits are set. */
  langMask = 0;
  langCount = 0;
  /** Country this word names, or "". */
  place = "";
  /** Sponsorship signal as a hashtag / as a plain word (0 = none). */
  tag = 0;
  word = 0;
  /** Generic hashtag: no industry, no compound split. */
  generic = false;
  /** Starts a multi-word place or sponsorship phrase. */
  phraseStart = false;
  /** "code", "cupom"…: a following token with a digit is a discount code. */
  codeWord = false;
  /** "off", "descuento"…: after "N%" it is a discount. */
  percentWord = false;

  constructor(
    readonly id: number,
    readonly key: string,
  ) {}

  /** 1 for strong keywords, 0.5 for weak ones. */
  get weight(): number {
    return this.halves / 2;
  }
}

// ---- Lower-casing and hashing, shared by the compiler and the scanner ----------------------------

/** Lower case of every UTF-16 unit below U+0600 (Latin, Greek, Cyrillic, Armenian); others map to themselves. */
export const LOWER = new Uint16Array(0x600);
for (let c = 0; c < 0x600; c++) {
  const l = String.fromCharCode(c).toLowerCase();
  LOWER[c] = l.length === 1 ? l.charCodeAt(0) : c;
}
export function lower(c: number): number {
  return c < 0x600 ? LOWER[c]! : c;
}

/**
 * FNV-1a's offset basis with the top bits cleared: kept inside V8's small-integer range so the
 * hash stays an untagged int32 in optimised loops (a heap-number start value made the scan box
 * every step).
 */
export const FNV_OFFSET = 0x011c9dc5;
export const FNV_PRIME = 0x01000193;

/** FNV-1a over the lower-cased UTF-16 units of text[start, end), kept to 30 bits (a V8 small integer). */
export function hashRange(text: string, start: number, end: number): number {
  let h = FNV_OFFSET | 0;
  for (let i = start; i < end; i++) h = Math.imul(h ^ lower(text.charCodeAt(i)), FNV_PRIME | 0);
  return h & 0x3fffffff;
}

/** An open-addressing string table looked up by (hash, text range): no substring is built. */
export class RangeTable<T> {
  /** Open-addressing slots: 1 + the index of the key, 0 when empty. */
  readonly slots: Int32Array;
  /** Hash of each key, by index. */
  readonly hashes: Int32Array;
  readonly keys: string[] = [];
  readonly values: T[] = [];
  readonly mask: number;

  constructor(bits: number) {
    this.slots = new Int32Array(1 << bits);
    this.hashes = new Int32Array(1 << (bits - 1));
    this.mask = (1 << bits) - 1;
  }

  get size(): number {
    return this.keys.length;
  }

  /** The value for `key` (lower case), creating it with `make` when absent. */
  upsert(key: string, make: (index: number) => T): T {
    const h = hashRange(key, 0, key.length);
    let i = h & this.mask;
    for (;;) {
      const slot = this.slots[i]!;
      if (slot === 0) break;
      if (this.keys[slot - 1] === key) return this.values[slot - 1]!;
      i = (i + 1) & this.mask;
    }
    if (this.keys.length * 2 >= this.slots.length) throw new Error("lexicon table full");
    const v = make(this.keys.length);
    this.hashes[this.keys.length] = h;
    this.keys.push(key);
    this.values.push(v);
    this.slots[i] = this.keys.length;
    return v;
  }

  /** The index of the key equal to lower(text[start, end)) (given that range's hash), or −1. */
  indexOf(h: number, text: string, start: number, end: number): number {
    const len = end - start;
    const slots = this.slots;
    let i = h & this.mask;
    for (;;) {
      const slot = slots[i]!;
      if (slot === 0) return -1;
      if (this.hashes[slot - 1] === h) {
        const key = this.keys[slot - 1]!;
        if (key.length === len) {
          let k = 0;
          while (k < len && key.charCodeAt(k) === lower(text.charCodeAt(start + k))) k++;
          if (k === len) return slot - 1;
        }
      }
      i = (i + 1) & this.mask;
    }
  }

  /** The value whose key equals lower(text[start, end)), given that range's hash. */
  find(h: number, text: string, start: number, end: number): T | undefined {
    const len = end - start;
    let i = h & this.mask;
    for (;;) {
      const slot = this.slots[i]!;
      if (slot === 0) return undefined;
      if (this.hashes[slot - 1] === h) {
        const key = this.keys[slot - 1]!;
        if (key.length === len) {
          let k = 0;
          while (k < len && key.charCodeAt(k) === lower(text.charCodeAt(start + k))) k++;
          if (k === len) return this.values[slot - 1];
        }
      }
      i = (i + 1) & this.mask;
    }
  }

  get(key: string): T | undefined {
    return this.find(hashRange(key, 0, key.length), key, 0, key.length);
  }
}

export const LEXICON = new RangeTable<LexEntry>(13);
function entry(w: string): LexEntry {
  return LEXICON.upsert(w, (id) => new LexEntry(id, w));
}

INDUSTRY_LIST.forEach((industry, idx) => {
  for (const raw of INDUSTRY_KEYWORDS[industry].split(/\s+/)) {
    if (!raw) continue;
    const weak = raw.endsWith("~");
    const w = weak ? raw.slice(0, -1) : raw;
    const e = entry(w);
    if (e.industry === -1 || e.halves < (weak ? 1 : 2)) {
      e.industry = idx;
      e.halves = weak ? 1 : 2;
    }
  }
});
for (const w of GENERIC_TAGS.split(/\s+/)) if (w) entry(w).generic = true;
LANGS.forEach((lang, idx) => {
  for (const w of STOPWORDS[lang]!.split(/\s+/)) {
    if (!w) continue;
    const e = entry(w);
    if (!(e.langMask & (1 << idx))) {
      e.langMask |= 1 << idx;
      e.langCount++;
    }
  }
});
for (const [signal, words] of SPONSOR_TAGS) for (const w of words.split(/\s+/)) if (w) entry(w).tag = signal;
for (const [signal, words] of SPONSOR_WORDS)
  for (const w of words.split(/\s+/)) if (w) entry(w).word = signal;
for (const w of CODE_WORDS) entry(w).codeWord = true;
for (const w of PERCENT_WORDS) entry(w).percentWord = true;

/** Multi-word phrases as a trie over lexicon entries (compiled into tables by automaton.ts). */
export interface PhraseNode {
  next: Map<number, PhraseNode>;
  /** Set when the words so far form a whole phrase ("" = no place). */
  place: string;
  signal: number;
  terminal: boolean;
}
export const PHRASE_ROOT = new Map<number, PhraseNode>();
function addPhrase(phrase: string, place: string | null, signal: number): void {
  const words = phrase.split(" ");
  if (words.length === 1) {
    if (place) entry(phrase).place = place;
    if (signal) entry(phrase).word = signal;
    return;
  }
  entry(words[0]!).phraseStart = true;
  let level = PHRASE_ROOT;
  let node: PhraseNode | undefined;
  for (const w of words) {
    const id = entry(w).id;
    node = level.get(id);
    if (!node) {
      node = { next: new Map(), place: "", signal: 0, terminal: false };
      level.set(id, node);
    }
    level = node.next;
  }
  node!.terminal = true;
  node!.place = place ?? "";
  node!.signal = signal;
}
const COUNTRY_SET = new Set<string>(COUNTRIES);
for (const [country, names] of Object.entries(PLACES)) {
  if (!COUNTRY_SET.has(country)) throw new Error(`lexicon: ${country} is not in COUNTRIES`);
  for (const name of names.split("|")) addPhrase(name, country, 0);
}
for (const [signal, phrases] of SPONSOR_PHRASES)
  for (const p of phrases.split("|")) addPhrase(p, null, signal);
for (const c of [
  ...Object.values(COUNTRY_CODES),
  ...Object.values(LANGUAGE_COUNTRIES).flatMap((l) => l.countries),
  ...Object.values(CURRENCY_COUNTRIES).flat(),
]) {
  if (!COUNTRY_SET.has(c)) throw new Error(`lexicon: ${c} is not in COUNTRIES`);
}

// ---------------------------------------------------------------------------------------------
// Niche tables for recommendations and audience priors

/** Industries whose advertisers also buy into a niche (recommended industries after the account's own). */
export const ADJACENT_INDUSTRIES: Partial<Record<Industry, Industry[]>> = {
  Fashion: ["Beauty", "Lifestyle", "Photography"],
  Beauty: ["Fashion", "Health & Wellness", "Lifestyle"],
  Fitness: ["Health & Wellness", "Food", "Sports", "Fashion"],
  "Health & Wellness": ["Fitness", "Food", "Beauty"],
  Food: ["Health & Wellness", "Home & Interior", "Travel"],
  Travel: ["Photography", "Lifestyle", "Food"],
  Technology: ["Gaming", "Education", "Business"],
  Gaming: ["Technology", "Entertainment", "Comedy"],
  Music: ["Entertainment", "Fashion", "Lifestyle"],
  Entertainment: ["Comedy", "Music", "Lifestyle"],
  Comedy: ["Entertainment", "Gaming", "Lifestyle"],
  Sports: ["Fitness", "Health & Wellness", "Fashion"],
  Education: ["Technology", "Science & Nature", "Business"],
  Finance: ["Business", "Technology", "Education"],
  Business: ["Finance", "Technology", "Education"],
  "Parenting & Family": ["Home & Interior", "Food", "Health & Wellness"],
  "Pets & Animals": ["Home & Interior", "Lifestyle", "Photography"],
  "Home & Interior": ["Art & Design", "Parenting & Family", "Lifestyle"],
  Automotive: ["Technology", "Sports", "Travel"],
  "Art & Design": ["Photography", "Home & Interior", "Fashion"],
  Photography: ["Travel", "Art & Design", "Technology"],
  Lifestyle: ["Fashion", "Beauty", "Travel"],
  "Science & Nature": ["Education", "Travel", "Photography"],
  "News & Politics": ["Education", "Business", "Entertainment"],
  General: ["Lifestyle", "Entertainment"],
};
