/**
 * Deterministic Nigerian demo content: a seeded PRNG, names, places, phone numbers, products and
 * descriptions per category, and `buildDemoPlan()`, which turns one fixed seed into the whole demo
 * data set as plain data (no database, no clock). The seed (db/seed/index.ts) writes the plan.
 */
import {
  CATEGORIES, FEATURED_PLANS, type ApprovalStatus, type Category, type KycStatus, type Region, type Role,
} from "../../app/lib/reference";
import { landmarkFor, lgaOfArea, streetOf } from "./places";

/** The password of every demo account. */
export const DEMO_PASSWORD = "Demo-Passw0rd!";
/**
 * The demo admin's authenticator key (base32, TOTP, 30 s, 6 digits; README): every admin needs two-factor
 * sign-in to use the panel, so the demo admin has it on with a key a tester can add to an app.
 */
export const DEMO_ADMIN_TOTP_SECRET = "NAIJADIRECTORYDEMOADMINTOTPKEY23";
/** The fixed seed the demo data is built from. */
export const DEMO_SEED_VALUE = 20_240_601;

// ---------------------------------------------------------------------------------------------
// Seeded randomness
// ---------------------------------------------------------------------------------------------

/** mulberry32: a tiny, fast 32-bit PRNG; the same seed gives the same sequence everywhere. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seeded random source with the helpers the demo data needs. */
export class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  /** A float in [0, 1). */
  float(): number {
    return this.next();
  }
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** One element, uniformly. */
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)];
  }
  /** One key of a weight table, proportionally to its weight. */
  weighted<K extends string>(weights: Readonly<Partial<Record<K, number>>>): K {
    const entries = Object.entries(weights) as [K, number][];
    const total = entries.reduce((sum, [, w]) => sum + w, 0);
    let roll = this.next() * total;
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  }
  /** A shuffled copy (Fisher–Yates). */
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  }
  /** `count` distinct elements. */
  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, Math.min(count, items.length));
  }
  /** A 32-bit integer, e.g. to seed another generator. */
  seed(): number {
    return Math.floor(this.next() * 4294967296) >>> 0;
  }
}

// ---------------------------------------------------------------------------------------------
// People
// ---------------------------------------------------------------------------------------------

export type Ethnicity = "yoruba" | "igbo" | "hausa" | "southSouth" | "middleBelt";

/** First names and surnames by group (common, not famous-person combinations). */
export const NAMES: Record<Ethnicity, { first: readonly string[]; last: readonly string[] }> = {
  yoruba: {
    first: [
      "Adebayo", "Oluwaseun", "Tunde", "Babatunde", "Femi", "Folake", "Funmilayo", "Yetunde", "Kehinde",
      "Taiwo", "Segun", "Bisola", "Bukola", "Damilola", "Temitope", "Ayodele", "Kunle", "Olumide", "Adewale",
      "Adeola", "Titilayo", "Gbenga", "Morenike", "Omolara", "Wale", "Tolani", "Abiodun", "Jumoke", "Ibukun",
      "Sade", "Opeyemi", "Modupe",
    ],
    last: [
      "Adeyemi", "Ogunleye", "Balogun", "Olawale", "Ogunbiyi", "Adeleke", "Akinola", "Oyelaran", "Ogundipe",
      "Afolabi", "Adesanya", "Oladipo", "Alabi", "Ajayi", "Ojo", "Oyewole", "Odunsi", "Adekunle", "Akinwande",
      "Olatunji", "Ayoola", "Salami", "Lawal", "Ishola", "Oyebanji", "Adegoke", "Famuyiwa", "Oladele",
    ],
  },
  igbo: {
    first: [
      "Chinedu", "Chiamaka", "Emeka", "Ngozi", "Obinna", "Ifeanyi", "Chioma", "Uchenna", "Nkechi", "Chidi",
      "Adaeze", "Kelechi", "Ikenna", "Amaka", "Ebuka", "Chukwuemeka", "Nnamdi", "Obiageli", "Ugochi",
      "Somtochukwu", "Chisom", "Ifeoma", "Onyinye", "Tochukwu", "Chibuzo", "Ogechi", "Nneka",
    ],
    last: [
      "Okafor", "Okonkwo", "Eze", "Nwosu", "Obi", "Okeke", "Nwachukwu", "Onyekachi", "Ibe", "Uzoma", "Chukwu",
      "Nnaji", "Okoro", "Anyanwu", "Nwankwo", "Onwuka", "Agu", "Igwe", "Ugwu", "Mbah", "Obiora", "Nweke",
      "Orji", "Ogbonna", "Ezeani", "Udeh",
    ],
  },
  hausa: {
    first: [
      "Abubakar", "Ibrahim", "Musa", "Aisha", "Fatima", "Usman", "Halima", "Sani", "Bashir", "Zainab", "Hauwa",
      "Aminu", "Yusuf", "Maryam", "Nasiru", "Hadiza", "Abdullahi", "Salisu", "Safiya", "Kabiru", "Binta",
      "Garba", "Jamila", "Rabi", "Umar", "Khadija",
    ],
    last: [
      "Bello", "Abdullahi", "Mohammed", "Yusuf", "Garba", "Danjuma", "Lawan", "Shehu", "Bala", "Aliyu", "Sule",
      "Haruna", "Umar", "Sadiq", "Isa", "Tanko", "Maikano", "Gambo", "Dikko", "Idris", "Jibrin", "Suleiman",
    ],
  },
  southSouth: {
    first: [
      "Osagie", "Efosa", "Osaretin", "Ese", "Oghenekaro", "Ovie", "Tamuno", "Ebiere", "Preye", "Ekaette",
      "Imaobong", "Ubong", "Edidiong", "Etim", "Eno", "Ivie", "Omonigho", "Tonye", "Boma", "Ebimobowei",
      "Efe", "Nosa", "Aniekan", "Mfon",
    ],
    last: [
      "Omoregie", "Ehigiator", "Okotie", "Edewor", "Ebiye", "Akpan", "Udoh", "Etim", "Bassey", "Effiong",
      "Essien", "Ekpo", "Inyang", "Briggs", "Amadi", "Wokoma", "Dappa", "Oghenejobo", "Iyamu", "Osazuwa",
      "Eyo", "Okon",
    ],
  },
  middleBelt: {
    first: [
      "Terkaa", "Msughter", "Aondona", "Dooshima", "Nanlop", "Yohanna", "Danladi", "Ladi", "Ene", "Ojochenemi",
      "Onyeche", "Ameh", "Iorwuese", "Mwapu", "Rinret", "Nanret", "Sewuese", "Oche",
    ],
    last: [
      "Tyav", "Iorfa", "Agbo", "Ochigbo", "Dung", "Pam", "Gyang", "Dabo", "Adamu", "Ameh", "Idoko", "Ogbole",
      "Audu", "Atim", "Chollom", "Akaa",
    ],
  },
};

/** Which groups are most common in each state (most are cosmopolitan to a degree). */
const SOUTH_WEST: Partial<Record<Ethnicity, number>> = { yoruba: 8, igbo: 1, southSouth: 1 };
const SOUTH_EAST: Partial<Record<Ethnicity, number>> = { igbo: 9, yoruba: 0.5, southSouth: 0.5 };
const SOUTH_SOUTH: Partial<Record<Ethnicity, number>> = { southSouth: 7, igbo: 2, yoruba: 1 };
const NORTH: Partial<Record<Ethnicity, number>> = { hausa: 8, yoruba: 0.5, igbo: 1, middleBelt: 0.5 };
const MIDDLE_BELT: Partial<Record<Ethnicity, number>> = { middleBelt: 6, hausa: 2, igbo: 1, yoruba: 1 };
const COSMOPOLITAN: Partial<Record<Ethnicity, number>> = { yoruba: 3, igbo: 3, hausa: 2, southSouth: 1.5, middleBelt: 1 };

const REGION_GROUP: Partial<Record<Region, Partial<Record<Ethnicity, number>>>> = {
  Lagos: { yoruba: 6, igbo: 3, southSouth: 1, hausa: 0.5 }, FCT: COSMOPOLITAN, Ogun: SOUTH_WEST, Oyo: SOUTH_WEST,
  Osun: SOUTH_WEST, Ondo: SOUTH_WEST, Ekiti: SOUTH_WEST, Kwara: { yoruba: 7, hausa: 2, igbo: 1 },
  Anambra: SOUTH_EAST, Enugu: SOUTH_EAST, Imo: SOUTH_EAST, Abia: SOUTH_EAST, Ebonyi: SOUTH_EAST,
  Rivers: { southSouth: 5, igbo: 4, yoruba: 1 }, Delta: SOUTH_SOUTH, Edo: SOUTH_SOUTH, "Akwa Ibom": SOUTH_SOUTH,
  "Cross River": SOUTH_SOUTH, Bayelsa: SOUTH_SOUTH, Kano: NORTH, Kaduna: { hausa: 6, middleBelt: 2, igbo: 1, yoruba: 1 },
  Katsina: NORTH, Sokoto: NORTH, Borno: NORTH, Bauchi: NORTH, Gombe: NORTH, Niger: { hausa: 6, middleBelt: 2, yoruba: 1 },
  Plateau: MIDDLE_BELT, Benue: MIDDLE_BELT, Nasarawa: MIDDLE_BELT, Kogi: MIDDLE_BELT,
};

// ---------------------------------------------------------------------------------------------
// Places
// ---------------------------------------------------------------------------------------------

/** A neighbourhood of a city and some of its real, well-known streets. */
export type Locality = { area: string; city: string; streets: readonly string[] };

/** Streets per state (the regions the demo uses). */
export const LOCALITIES: Partial<Record<Region, readonly Locality[]>> = {
  Lagos: [
    { area: "Ikeja", city: "Lagos", streets: ["Allen Avenue", "Obafemi Awolowo Way", "Opebi Road", "Toyin Street", "Adeniyi Jones Avenue", "Isaac John Street"] },
    { area: "Victoria Island", city: "Lagos", streets: ["Adeola Odeku Street", "Ajose Adeogun Street", "Akin Adesola Street", "Ahmadu Bello Way"] },
    { area: "Lekki Phase 1", city: "Lagos", streets: ["Admiralty Way", "Fola Osibo Road", "Freedom Way", "Babatunde Jose Road"] },
    { area: "Surulere", city: "Lagos", streets: ["Bode Thomas Street", "Adeniran Ogunsanya Street", "Ojuelegba Road", "Akerele Street"] },
    { area: "Yaba", city: "Lagos", streets: ["Herbert Macaulay Way", "Commercial Avenue", "Tejuosho Street", "Ojuelegba Road"] },
    { area: "Ikorodu", city: "Lagos", streets: ["Lagos Road", "Ayangburen Road", "Sagamu Road"] },
    { area: "Ajah", city: "Lagos", streets: ["Addo Road", "Lekki-Epe Expressway", "Badore Road"] },
    { area: "Festac Town", city: "Lagos", streets: ["22 Road", "Festac Link Road", "4th Avenue"] },
    { area: "Ogba", city: "Lagos", streets: ["Ogba Road", "Acme Road", "College Road"] },
  ],
  FCT: [
    { area: "Wuse 2", city: "Abuja", streets: ["Aminu Kano Crescent", "Adetokunbo Ademola Crescent", "Ademola Adetokunbo Crescent", "Gana Street"] },
    { area: "Garki", city: "Abuja", streets: ["Ahmadu Bello Way", "Moshood Abiola Way", "Tafawa Balewa Way"] },
    { area: "Gwarinpa", city: "Abuja", streets: ["1st Avenue", "3rd Avenue", "6th Avenue"] },
    { area: "Kubwa", city: "Abuja", streets: ["Gado Nasko Road", "Arab Road"] },
    { area: "Utako", city: "Abuja", streets: ["Obafemi Awolowo Way", "Ebitu Ukiwe Street"] },
    { area: "Maitama", city: "Abuja", streets: ["IBB Way", "Mississippi Street"] },
  ],
  Rivers: [
    { area: "Rumuola", city: "Port Harcourt", streets: ["Aba Road", "Rumuola Road"] },
    { area: "Trans-Amadi", city: "Port Harcourt", streets: ["Trans-Amadi Road", "Woji Road"] },
    { area: "GRA Phase 2", city: "Port Harcourt", streets: ["Olu Obasanjo Road", "Tombia Street", "Evo Road"] },
    { area: "Rumuokoro", city: "Port Harcourt", streets: ["Ikwerre Road", "Airport Road"] },
    { area: "D-Line", city: "Port Harcourt", streets: ["Ikwerre Road", "Emekuku Street"] },
  ],
  Oyo: [
    { area: "Bodija", city: "Ibadan", streets: ["Awolowo Avenue", "Bodija Market Road"] },
    { area: "Ring Road", city: "Ibadan", streets: ["Ring Road", "Lagos-Ibadan Expressway"] },
    { area: "Dugbe", city: "Ibadan", streets: ["Jericho Road", "Obafemi Awolowo Road"] },
    { area: "Mokola", city: "Ibadan", streets: ["Oyo Road", "Mokola Road"] },
    { area: "Takie", city: "Ogbomoso", streets: ["Ilorin Road", "Oyo Road"] },
  ],
  Kano: [
    { area: "Nassarawa GRA", city: "Kano", streets: ["Zoo Road", "Bompai Road", "Lamido Crescent"] },
    { area: "Sabon Gari", city: "Kano", streets: ["France Road", "Church Road", "Enugu Road"] },
    { area: "Fagge", city: "Kano", streets: ["Murtala Mohammed Way", "Ibrahim Taiwo Road"] },
    { area: "Tarauni", city: "Kano", streets: ["Maiduguri Road", "Hadejia Road"] },
  ],
  Kaduna: [
    { area: "Kaduna North", city: "Kaduna", streets: ["Ahmadu Bello Way", "Ali Akilu Road", "Constitution Road"] },
    { area: "Barnawa", city: "Kaduna", streets: ["Kachia Road", "Barnawa Road"] },
    { area: "Samaru", city: "Zaria", streets: ["Sokoto Road", "Samaru Road"] },
  ],
  Enugu: [
    { area: "Ogui", city: "Enugu", streets: ["Ogui Road", "Zik Avenue"] },
    { area: "Independence Layout", city: "Enugu", streets: ["Chime Avenue", "Nike Lake Road"] },
    { area: "Achara Layout", city: "Enugu", streets: ["Agbani Road", "Obiagu Road"] },
    { area: "Trans-Ekulu", city: "Enugu", streets: ["Abakaliki Road", "Okpara Avenue"] },
  ],
  Anambra: [
    { area: "Onitsha", city: "Onitsha", streets: ["New Market Road", "Upper Iweka Road", "Oguta Road", "Port Harcourt Road"] },
    { area: "Awka", city: "Awka", streets: ["Zik Avenue", "Nnamdi Azikiwe Avenue", "Arthur Eze Avenue"] },
    { area: "Nnewi", city: "Nnewi", streets: ["Nnobi Road", "Old Onitsha Road"] },
  ],
  Edo: [
    { area: "GRA", city: "Benin City", streets: ["Sapele Road", "Airport Road", "Ihama Road"] },
    { area: "Uselu", city: "Benin City", streets: ["Ugbowo-Lagos Road", "Uselu-Lagos Road"] },
    { area: "Ring Road", city: "Benin City", streets: ["Akpakpava Road", "Mission Road", "Sakponba Road"] },
  ],
  Delta: [
    { area: "Effurun", city: "Warri", streets: ["Effurun-Sapele Road", "Airport Road", "Jakpa Road"] },
    { area: "Warri", city: "Warri", streets: ["Okumagba Avenue", "Warri-Sapele Road"] },
    { area: "Asaba", city: "Asaba", streets: ["Nnebisi Road", "Okpanam Road", "Summit Road"] },
  ],
  Ogun: [
    { area: "Oke-Ilewo", city: "Abeokuta", streets: ["Oke-Ilewo Road", "Ibara Road"] },
    { area: "Kuto", city: "Abeokuta", streets: ["Lalubu Street", "Quarry Road"] },
    { area: "Sango-Ota", city: "Ota", streets: ["Idiroko Road", "Sango-Ota Road"] },
    { area: "Ijebu-Ode", city: "Ijebu-Ode", streets: ["Ibadan Road", "Folagbade Street"] },
  ],
  "Akwa Ibom": [
    { area: "Uyo", city: "Uyo", streets: ["Oron Road", "Ikot Ekpene Road", "Aka Road", "Abak Road"] },
    { area: "Eket", city: "Eket", streets: ["Marina Road", "Grace Bill Road"] },
  ],
  "Cross River": [
    { area: "Calabar South", city: "Calabar", streets: ["Marian Road", "Calabar Road", "Mayne Avenue"] },
    { area: "State Housing", city: "Calabar", streets: ["Ndidem Usang Iso Road", "MCC Road"] },
  ],
  Plateau: [
    { area: "Jos North", city: "Jos", streets: ["Ahmadu Bello Way", "Murtala Mohammed Way", "Bauchi Road"] },
    { area: "Rayfield", city: "Jos", streets: ["Rayfield Road", "Liberty Boulevard"] },
  ],
  Kwara: [
    { area: "GRA", city: "Ilorin", streets: ["Unity Road", "Fate Road", "Ahmadu Bello Avenue"] },
    { area: "Challenge", city: "Ilorin", streets: ["Taiwo Road", "Ibrahim Taiwo Road"] },
  ],
  Imo: [
    { area: "Owerri", city: "Owerri", streets: ["Wetheral Road", "Douglas Road", "Okigwe Road", "Tetlow Road"] },
    { area: "New Owerri", city: "Owerri", streets: ["World Bank Road", "Concorde Boulevard"] },
  ],
  Abia: [
    { area: "Aba", city: "Aba", streets: ["Faulks Road", "Asa Road", "Aba-Owerri Road", "Ngwa Road"] },
    { area: "Umuahia", city: "Umuahia", streets: ["Aba Road", "Bende Road"] },
  ],
  Osun: [
    { area: "Osogbo", city: "Osogbo", streets: ["Gbongan Road", "Station Road", "Oke-Fia Road"] },
    { area: "Ile-Ife", city: "Ile-Ife", streets: ["Ondo Road", "Lagere Road"] },
  ],
  Ondo: [{ area: "Akure", city: "Akure", streets: ["Oba Adesida Road", "Oyemekun Road", "Alagbaka Road"] }],
  Ekiti: [{ area: "Ado-Ekiti", city: "Ado-Ekiti", streets: ["Ajilosun Road", "Fajuyi Road", "Ikere Road"] }],
  Benue: [{ area: "Makurdi", city: "Makurdi", streets: ["Old Otukpo Road", "High Level Road", "J.S. Tarka Road"] }],
  Niger: [{ area: "Minna", city: "Minna", streets: ["Paiko Road", "Bosso Road", "Tunga Road"] }],
  Nasarawa: [{ area: "Lafia", city: "Lafia", streets: ["Jos Road", "Makurdi Road"] }, { area: "Keffi", city: "Keffi", streets: ["Abuja Road"] }],
  Kogi: [{ area: "Lokoja", city: "Lokoja", streets: ["Murtala Mohammed Way", "IBB Way"] }],
  Bauchi: [{ area: "Bauchi", city: "Bauchi", streets: ["Yandoka Road", "Jos Road"] }],
  Borno: [{ area: "Maiduguri", city: "Maiduguri", streets: ["Baga Road", "Damboa Road", "Bama Road"] }],
  Sokoto: [{ area: "Sokoto", city: "Sokoto", streets: ["Sultan Abubakar Road", "Sani Abacha Way"] }],
  Katsina: [{ area: "Katsina", city: "Katsina", streets: ["IBB Way", "Kano Road"] }],
  Bayelsa: [{ area: "Yenagoa", city: "Yenagoa", streets: ["Mbiama-Yenagoa Road", "Imgbi Road", "Azikoro Road"] }],
  Gombe: [{ area: "Gombe", city: "Gombe", streets: ["Biu Road", "Bauchi Road"] }],
  Ebonyi: [{ area: "Abakaliki", city: "Abakaliki", streets: ["Ogoja Road", "Afikpo Road"] }],
};

/** How often each state gets a listing (bigger commercial centres more often). */
const STATE_WEIGHTS: Partial<Record<Region, number>> = {
  Lagos: 22, FCT: 12, Rivers: 9, Oyo: 7, Kano: 7, Anambra: 6, Enugu: 5, Kaduna: 5, Edo: 5, Delta: 5, Ogun: 5,
  Imo: 4, Abia: 4, "Akwa Ibom": 3, "Cross River": 3, Plateau: 3, Kwara: 3, Osun: 2, Ondo: 2, Benue: 2, Niger: 2,
  Ekiti: 1, Nasarawa: 1, Kogi: 1, Bauchi: 1, Borno: 1, Sokoto: 1, Katsina: 1, Bayelsa: 1, Gombe: 1, Ebonyi: 1,
};

/** Real Nigerian mobile prefixes (MTN, Glo, Airtel, 9mobile), without the leading 0. */
export const MOBILE_PREFIXES = [
  "803", "806", "703", "706", "813", "816", "810", "814", "903", "906", "913", "916", "805", "807", "705", "815",
  "811", "905", "915", "802", "808", "708", "812", "701", "902", "907", "901", "912", "809", "818", "817", "909", "908",
] as const;

/** A Nigerian mobile number in the stored form: +234 then 10 digits. */
export function nigerianPhone(rng: Rng): string {
  return `+234${rng.pick(MOBILE_PREFIXES)}${String(rng.int(0, 9_999_999)).padStart(7, "0")}`;
}

// ---------------------------------------------------------------------------------------------
// Categories
// ---------------------------------------------------------------------------------------------

/** The drawing used for a category's images (db/seed/images.ts). */
export type IconName =
  | "food" | "cake" | "drink" | "bag" | "cart" | "car" | "wrench" | "tyre" | "fuel" | "truck" | "cross"
  | "tooth" | "scissors" | "shirt" | "shoe" | "book" | "laptop" | "phone" | "bolt" | "sun" | "drop" | "house"
  | "briefcase" | "camera" | "star" | "bed" | "leaf" | "dumbbell" | "plane" | "shield" | "printer" | "flame"
  | "brush" | "bank" | "film" | "egg";

/**
 * What a category's listings look like.
 * patterns: name templates; {S} owner's surname, {F} owner's first name, {P} a brand word,
 * {A} the area, {N} one of the nouns.
 */
export type CategoryProfile = {
  icon: IconName;
  hue: number;
  nouns: readonly string[];
  patterns?: readonly string[];
  products: readonly string[];
  blurbs: readonly string[];
};

const DEFAULT_PATTERNS = ["{P} {N}", "{P} {N}", "{S} {N}", "{A} {N}", "{F}'s {N}"] as const;

/** Listing content per category: every one of the 63 categories. */
export const CATEGORY_PROFILES: Record<Category, CategoryProfile> = {
  "Accounting firm": {
    icon: "briefcase", hue: 215, nouns: ["Chartered Accountants", "Accounting & Tax Services", "Associates"],
    patterns: ["{S} & Co. Chartered Accountants", "{S} & Associates", "{P} Accounting & Tax Services", "{S}, {S2} & Partners"],
    products: ["Bookkeeping", "Tax filing (FIRS & State IRS)", "Payroll management", "Statutory audit", "CAC business registration", "Management accounts", "VAT returns", "Business advisory"],
    blurbs: [
      "ICAN-certified accountants helping small and medium businesses in {city} keep clean books, file taxes on time and stay compliant.",
      "We handle bookkeeping, payroll and tax so you can focus on growing your business. Serving clients across {state} for over {years} years.",
    ],
  },
  "Agricultural tools store": {
    icon: "leaf", hue: 95, nouns: ["Agro Tools", "Agro-Allied Stores", "Farm Supplies", "Agro Ventures"],
    products: ["Knapsack sprayers", "Cutlasses & hoes", "Improved maize seeds", "NPK fertiliser", "Herbicides", "Irrigation pumps", "Wheelbarrows", "Poultry feeders"],
    blurbs: [
      "Everything a farmer needs in one place: certified seeds, fertiliser, agrochemicals and durable farm tools at fair prices.",
      "Supplying farmers around {city} with quality tools and inputs for over {years} years. Ask us about bulk prices for cooperatives.",
    ],
  },
  "Auto parts store": {
    icon: "wrench", hue: 20, nouns: ["Auto Parts", "Motors & Spare Parts", "Auto Spares", "Motor Parts"],
    patterns: ["{S} & Sons Auto Parts", "{P} Auto Spares", "{A} Motor Parts", "{S} Motors & Spare Parts"],
    products: ["Brake pads", "Engine oil", "Shock absorbers", "Toyota & Honda spare parts", "Car batteries", "Headlamps", "Filters (oil, air, fuel)", "Timing belts"],
    blurbs: [
      "Genuine and tokunbo spare parts for Toyota, Honda, Lexus, Hyundai and more. We source hard-to-find parts fast.",
      "Trusted auto parts dealer in {city}. Original parts, fair prices and delivery to your mechanic's workshop.",
    ],
  },
  Bakery: {
    icon: "cake", hue: 30, nouns: ["Bakery", "Bakes", "Bread & Cakes", "Cakes & Pastries"],
    products: ["Agege bread", "Sliced bread", "Birthday cakes", "Wedding cakes", "Meat pies", "Doughnuts", "Chin chin", "Sausage rolls"],
    blurbs: [
      "Fresh bread every morning and cakes made to order for birthdays, weddings and office parties.",
      "Our ovens start at 4am so {city} gets warm bread for breakfast. We also bake custom cakes and small chops for events.",
    ],
  },
  Bank: {
    icon: "bank", hue: 205, nouns: ["Microfinance Bank"],
    patterns: ["{P} Microfinance Bank", "{A} Community Microfinance Bank"],
    products: ["Savings accounts", "Current accounts", "SME loans", "POS services", "Fixed deposits", "Salary accounts", "Cooperative loans"],
    blurbs: [
      "A CBN-licensed microfinance bank supporting traders, artisans and small businesses in {city} with savings and quick loans.",
      "Open an account in minutes with your BVN. Flexible loans for market women, transporters and SMEs across {state}.",
    ],
  },
  "Barber shop": {
    icon: "scissors", hue: 200, nouns: ["Barbing Salon", "Cuts", "Barber Shop", "Grooming Lounge"],
    products: ["Haircut", "Low cut & fade", "Beard trim", "Hair dye", "Shaving", "Kids haircut", "Home service"],
    blurbs: [
      "Clean cuts, sharp fades and a relaxed atmosphere. Standby generator so the clippers never stop.",
      "Professional barbers in {city} with sterilised tools. Walk in or book a home service.",
    ],
  },
  "Beauty salon": {
    icon: "brush", hue: 330, nouns: ["Beauty Salon", "Beauty Lounge", "Hair & Beauty", "Beauty Place"],
    products: ["Braiding", "Wig installation", "Manicure & pedicure", "Makeup", "Lash extensions", "Relaxer & treatment", "Facials", "Bridal makeup"],
    blurbs: [
      "Hair, nails and makeup under one roof. Bridal packages available for weddings and traditional marriages.",
      "Our stylists in {area} do knotless braids, frontal installs and glam makeup that lasts all day.",
    ],
  },
  Bookshop: {
    icon: "book", hue: 265, nouns: ["Bookshop", "Books & Stationery", "Bookstore", "Educational Books"],
    products: ["School textbooks", "WAEC & JAMB past questions", "Novels", "Stationery", "Children's books", "Christian literature", "Exercise books"],
    blurbs: [
      "Textbooks for nursery to university, exam past questions, novels and school supplies at student-friendly prices.",
      "Serving schools and readers in {city} for {years} years. We take bulk orders for school book lists.",
    ],
  },
  Boutique: {
    icon: "bag", hue: 310, nouns: ["Boutique", "Collections", "Fashion House", "Closet"],
    products: ["Ladies' dresses", "Men's shirts", "Ankara fabrics", "Handbags", "Jewellery", "Perfumes", "Senator wear", "Children's clothing"],
    blurbs: [
      "Stylish ready-to-wear for men and women: Ankara, corporate wear and weekend outfits, plus bags and accessories.",
      "New arrivals every week at our {area} store. We deliver anywhere in {state}.",
    ],
  },
  "Building materials store": {
    icon: "house", hue: 25, nouns: ["Building Materials", "Building Materials & Hardware", "Cement Depot", "Construction Supplies"],
    products: ["Cement", "Iron rods", "Roofing sheets", "Blocks", "Tiles", "POP cement", "Plumbing pipes", "Sand & granite"],
    blurbs: [
      "Cement, iron rods, roofing sheets and tiles at depot prices, with delivery to your site.",
      "Builders and contractors in {city} trust us for genuine materials and honest measurements.",
    ],
  },
  "Car dealer": {
    icon: "car", hue: 0, nouns: ["Autos", "Motors", "Cars", "Auto World"],
    products: ["Tokunbo cars", "Brand new cars", "Nigerian-used cars", "SUVs", "Car financing", "Vehicle registration", "Trade-in"],
    blurbs: [
      "Clean foreign-used and Nigerian-used cars with verified papers. Flexible payment plans available.",
      "Visit our {area} showroom for Toyota, Lexus, Honda and Mercedes-Benz. Every car is inspected before sale.",
    ],
  },
  "Car wash": {
    icon: "car", hue: 190, nouns: ["Car Wash", "Auto Spa", "Car Care"],
    products: ["Exterior wash", "Interior cleaning", "Engine wash", "Waxing & polishing", "Upholstery cleaning", "Rug washing"],
    blurbs: [
      "Fast, thorough car wash with clean water and professional products. Relax in our lounge while you wait.",
      "From a quick wash to full detailing, we keep cars in {city} looking brand new.",
    ],
  },
  Carpenter: {
    icon: "house", hue: 35, nouns: ["Carpentry Works", "Woodwork", "Furniture & Carpentry", "Wood Works"],
    patterns: ["{S} Carpentry Works", "{P} Woodwork", "{F} Furniture & Carpentry", "{A} Wood Works"],
    products: ["Doors & frames", "Wardrobes", "Kitchen cabinets", "Roofing carpentry", "Furniture repairs", "TV stands", "Office desks"],
    blurbs: [
      "Skilled carpenters for roofing, doors, wardrobes and kitchen cabinets. Quality hardwood and neat finishing.",
      "We build and repair furniture to your design anywhere in {city}. Free measurement visit.",
    ],
  },
  Caterer: {
    icon: "food", hue: 15, nouns: ["Catering Services", "Kitchen & Catering", "Events Catering", "Cuisine"],
    products: ["Party jollof", "Small chops", "Asun", "Fried rice", "Pepper soup", "Buffet service", "Cocktail service", "Office lunch packs"],
    blurbs: [
      "Party jollof, small chops and full buffet service for weddings, birthdays, burials and corporate events.",
      "We cater events of 20 to 2,000 guests across {state}. Taste sessions available on request.",
    ],
  },
  Cinema: {
    icon: "film", hue: 280, nouns: ["Cinemas", "Cinema", "Film House", "Movie Hall"],
    products: ["Nollywood premieres", "Hollywood releases", "3D screenings", "Popcorn & drinks", "Private screenings", "Kids' matinees"],
    blurbs: [
      "The latest Nollywood and Hollywood releases on the big screen, with comfortable seats and cold drinks.",
      "Catch a movie in {city}: weekday discounts, family matinees and private hall bookings.",
    ],
  },
  Clinic: {
    icon: "cross", hue: 170, nouns: ["Clinic", "Medical Centre", "Family Clinic", "Health Centre"],
    products: ["General consultation", "Laboratory tests", "Antenatal care", "Immunisation", "Malaria treatment", "HMO services", "Minor surgery"],
    blurbs: [
      "Friendly doctors and nurses for the whole family, with an on-site laboratory and HMO partners.",
      "Open 24 hours in {area}. Walk in for consultations, tests and antenatal care.",
    ],
  },
  "Computer repair": {
    icon: "laptop", hue: 220, nouns: ["Computer Services", "Tech Hub", "Laptop Clinic", "Computers"],
    products: ["Laptop repair", "Screen replacement", "Windows installation", "Data recovery", "Virus removal", "Keyboard replacement", "Laptop sales"],
    blurbs: [
      "Fast laptop and desktop repairs: screens, keyboards, motherboards and software. Most jobs ready the same day.",
      "Certified technicians in {area} fixing HP, Dell, Lenovo and MacBook. We also sell UK-used laptops.",
    ],
  },
  "Cosmetics store": {
    icon: "brush", hue: 345, nouns: ["Cosmetics", "Beauty Store", "Skincare", "Beauty World"],
    products: ["Skincare", "Body creams", "Makeup kits", "Perfumes", "Hair products", "Shea butter", "Black soap", "Lipsticks"],
    blurbs: [
      "Original skincare, makeup and fragrances, plus local favourites like shea butter and black soap.",
      "Wholesale and retail cosmetics in {city}. Beauty salons get special prices.",
    ],
  },
  "Courier service": {
    icon: "truck", hue: 45, nouns: ["Express", "Courier", "Dispatch", "Delivery Services"],
    products: ["Same-day delivery", "Interstate delivery", "Dispatch riders", "Document delivery", "E-commerce fulfilment", "Cash on delivery"],
    blurbs: [
      "Dispatch riders for same-day delivery within {city} and reliable interstate shipping.",
      "We deliver for online vendors, offices and families. Real-time updates on WhatsApp.",
    ],
  },
  Dentist: {
    icon: "tooth", hue: 180, nouns: ["Dental Clinic", "Dental Care", "Dental Centre", "Smiles Dental"],
    products: ["Scaling & polishing", "Tooth extraction", "Fillings", "Root canal", "Braces", "Teeth whitening", "Dentures"],
    blurbs: [
      "Gentle dental care for adults and children, from check-ups to braces and whitening.",
      "Modern dental clinic in {area} with experienced dentists and HMO partners.",
    ],
  },
  "Driving school": {
    icon: "car", hue: 50, nouns: ["Driving School", "Driving Academy", "School of Motoring"],
    products: ["Beginner lessons", "Manual & automatic cars", "Highway driving", "Driver's licence processing", "Defensive driving", "Corporate drivers' training"],
    blurbs: [
      "Patient instructors, dual-control cars and help with your driver's licence. Learn to drive with confidence.",
      "FRSC-accredited driving school in {city} with flexible weekday and weekend classes.",
    ],
  },
  "Dry cleaner": {
    icon: "shirt", hue: 200, nouns: ["Dry Cleaners", "Dry Cleaning", "Cleaners"],
    products: ["Suits", "Agbada & senator wear", "Wedding gowns", "Duvets", "Curtains", "Pick-up & delivery", "Stain removal"],
    blurbs: [
      "Expert dry cleaning for suits, native attire, wedding gowns and household fabrics.",
      "Free pick-up and delivery within {city}. Clothes ready in 48 hours, express in 24.",
    ],
  },
  Eatery: {
    icon: "food", hue: 10, nouns: ["Kitchen", "Foods", "Eatery", "Buka", "Canteen"],
    patterns: ["Mama {F} {N}", "{P} {N}", "{A} {N}", "{F}'s {N}", "Taste of {C}"],
    products: ["Jollof rice", "Fried rice", "Amala & ewedu", "Pounded yam & egusi", "Ofada rice & ayamase", "Pepper soup", "Moi moi", "Fried plantain", "Eba & okra soup"],
    blurbs: [
      "Delicious home-style Nigerian meals cooked fresh every day. Eat in, take away or order for delivery.",
      "Hot jollof, swallow and soups the way mama makes them. A favourite lunch spot in {area} for {years} years.",
    ],
  },
  Electrician: {
    icon: "bolt", hue: 50, nouns: ["Electrical Services", "Electrical Works", "Electricals"],
    patterns: ["{S} Electrical Services", "{P} Electrical Works", "{F} Electricals", "{A} Electrical Services"],
    products: ["House wiring", "Fault finding", "Prepaid meter installation", "Inverter installation", "Changeover switches", "Lighting", "Industrial wiring"],
    blurbs: [
      "Licensed electricians for wiring, fault finding, meter and inverter installation. Safe, neat work.",
      "Call us for electrical emergencies anywhere in {city}. We respond quickly and fix it right the first time.",
    ],
  },
  "Electronics store": {
    icon: "laptop", hue: 230, nouns: ["Electronics", "Electronics & Appliances", "Home Appliances", "Digital World"],
    products: ["Televisions", "Refrigerators", "Air conditioners", "Sound systems", "Inverters", "Washing machines", "Blenders", "Standing fans"],
    blurbs: [
      "Original TVs, fridges, air conditioners and home appliances with warranty and free installation.",
      "The home appliance store {city} trusts. Pay on delivery within {state}.",
    ],
  },
  "Event centre": {
    icon: "star", hue: 290, nouns: ["Event Centre", "Events Hall", "Event Place", "Banquet Hall"],
    products: ["Wedding receptions", "Conferences", "Birthday parties", "Hall rental", "Outdoor garden", "Parking space", "Standby power"],
    blurbs: [
      "Elegant, air-conditioned halls for weddings, conferences and parties, with ample parking and standby power.",
      "Host up to 800 guests in the heart of {area}. Flexible packages for every budget.",
    ],
  },
  "Event planner": {
    icon: "star", hue: 320, nouns: ["Events", "Event Planners", "Events & Decor", "Occasions"],
    products: ["Wedding planning", "Event decoration", "Traditional marriages", "Birthday parties", "Corporate events", "Ushering", "Souvenirs"],
    blurbs: [
      "From traditional marriages to white weddings and owambe parties, we plan every detail so you can enjoy your day.",
      "Event planning and decor across {state}: venues, vendors, ushers and souvenirs handled for you.",
    ],
  },
  "Fashion designer": {
    icon: "shirt", hue: 300, nouns: ["Couture", "Fashion House", "Designs", "Stitches"],
    patterns: ["{F} Couture", "House of {S}", "{P} Designs", "{F} Stitches", "{P} Fashion House"],
    products: ["Aso ebi", "Bridal gowns", "Agbada", "Senator wear", "Ankara styles", "Corporate wear", "Alterations"],
    blurbs: [
      "Bespoke outfits for weddings, owambe and the office: aso ebi, bridal gowns, agbada and senator wear.",
      "Tell us your style and we will make it fit perfectly. Studio in {area}, {city}.",
    ],
  },
  "Filling station": {
    icon: "fuel", hue: 5, nouns: ["Filling Station", "Petroleum", "Oil & Gas", "Energy"],
    patterns: ["{P} {N}", "{P} {N}", "{S} {N}", "{A} {N}"],
    products: ["Petrol (PMS)", "Diesel (AGO)", "Kerosene (DPK)", "Engine oil", "Cooking gas", "Car wash", "Mini mart"],
    blurbs: [
      "Accurate pumps, genuine fuel and friendly attendants. Open early till late, seven days a week.",
      "Petrol, diesel and kerosene at fair prices on {street}. POS and transfers accepted.",
    ],
  },
  "Fitness centre": {
    icon: "dumbbell", hue: 0, nouns: ["Fitness", "Gym", "Fitness Centre", "Health Club"],
    products: ["Monthly membership", "Personal training", "Aerobics classes", "Weight loss programme", "Sauna", "Boxing", "Yoga"],
    blurbs: [
      "Modern equipment, certified trainers and group classes. Get fit, stay strong.",
      "The friendliest gym in {area}: flexible memberships, personal training and steady power.",
    ],
  },
  "Furniture store": {
    icon: "house", hue: 30, nouns: ["Furniture", "Furniture World", "Home & Office Furniture", "Interiors"],
    products: ["Sofas", "Dining sets", "Beds & mattresses", "Office chairs", "Wardrobes", "Centre tables", "Custom furniture"],
    blurbs: [
      "Quality home and office furniture, made locally and imported. Free delivery within {city}.",
      "Sofas, beds, dining sets and office furniture that last. Visit our {area} showroom.",
    ],
  },
  "Gas refill station": {
    icon: "flame", hue: 15, nouns: ["Gas", "Gas Plant", "Gas Refill", "LPG"],
    products: ["Cooking gas refill", "Gas cylinders", "Burners & regulators", "Gas cookers", "Home delivery", "Bulk LPG supply"],
    blurbs: [
      "Cooking gas refills with accurate digital scales. Cylinders, regulators and home delivery available.",
      "Safe, affordable LPG in {area}. Restaurants and hotels get bulk supply.",
    ],
  },
  "Generator repair": {
    icon: "bolt", hue: 40, nouns: ["Generator Services", "Gen Repairs", "Power Solutions", "Generator Clinic"],
    patterns: ["{S} Generator Services", "{P} Power Solutions", "{F} Gen Repairs", "{A} Generator Clinic"],
    products: ["Generator servicing", "Rewinding", "Carburettor repair", "Diesel generator maintenance", "Spare parts", "Changeover installation"],
    blurbs: [
      "Petrol and diesel generator repairs, servicing and rewinding. We come to you.",
      "Keep your power running: expert generator maintenance for homes and businesses in {city}.",
    ],
  },
  "Grocery store": {
    icon: "cart", hue: 110, nouns: ["Provisions", "Provisions Store", "Groceries", "Mini Mart"],
    products: ["Rice", "Beans", "Garri", "Palm oil", "Groundnut oil", "Noodles", "Beverages", "Tomato paste", "Spices"],
    blurbs: [
      "Foodstuff and provisions at market prices: rice, beans, garri, oil, beverages and more.",
      "Your neighbourhood provisions store in {area}. Buy in bulk and save.",
    ],
  },
  "Hardware store": {
    icon: "wrench", hue: 210, nouns: ["Hardware", "Hardware Store", "Tools & Hardware", "Hardwares"],
    products: ["Power tools", "Paint", "Nails & screws", "Locks", "Electrical cables", "Plumbing fittings", "Generators", "Hand tools"],
    blurbs: [
      "Tools, paint, electrical and plumbing materials for artisans, builders and homeowners.",
      "If you are building or fixing anything in {city}, we have the hardware.",
    ],
  },
  Hospital: {
    icon: "cross", hue: 160, nouns: ["Hospital", "Specialist Hospital", "Medical Centre", "Hospital & Maternity"],
    patterns: ["{P} Specialist Hospital", "{P} Hospital", "{P} Hospital & Maternity", "{A} Medical Centre"],
    products: ["Emergency care", "Maternity", "Surgery", "Paediatrics", "Laboratory", "Radiology", "Pharmacy", "NHIA & HMO"],
    blurbs: [
      "A 24-hour hospital with emergency care, maternity, surgery and specialist clinics.",
      "Compassionate, affordable care for families in {city}, with qualified doctors and modern equipment.",
    ],
  },
  Hotel: {
    icon: "bed", hue: 225, nouns: ["Hotel", "Hotel & Suites", "Suites", "Guest House", "Resort"],
    products: ["Standard rooms", "Executive suites", "Restaurant & bar", "Conference hall", "Swimming pool", "Free Wi-Fi", "24-hour power", "Airport pickup"],
    blurbs: [
      "Comfortable rooms, 24-hour power, free Wi-Fi and a restaurant serving local and continental dishes.",
      "A quiet, secure hotel in {area}, close to the business district. Corporate rates available.",
    ],
  },
  "Interior decorator": {
    icon: "house", hue: 20, nouns: ["Interiors", "Interior Design", "Decor", "Home Decor"],
    products: ["Interior design", "Curtains & blinds", "POP ceilings", "Wallpaper", "3D panels", "Home staging", "Office fit-out"],
    blurbs: [
      "We turn houses into homes: interior design, curtains, POP ceilings, wallpaper and lighting.",
      "Stylish interiors for homes, offices and shortlets across {state}. Free consultation.",
    ],
  },
  "Internet cafe": {
    icon: "laptop", hue: 240, nouns: ["Cyber Cafe", "Business Centre", "Internet Cafe", "Digital Hub"],
    products: ["Browsing", "JAMB registration", "Printing & photocopy", "Scanning", "Typing", "Online applications", "Passport photos"],
    blurbs: [
      "Fast internet, printing, scanning and online registrations (JAMB, NECO, WAEC, passport applications).",
      "Your business centre in {area}: browsing, typing, printing and lamination.",
    ],
  },
  Laundry: {
    icon: "shirt", hue: 195, nouns: ["Laundry", "Laundry Services", "Wash & Fold", "Laundromat"],
    products: ["Wash & iron", "Wash & fold", "Duvet cleaning", "Pick-up & delivery", "Ironing only", "Express service"],
    blurbs: [
      "Washing, ironing and folding done right. Free pick-up and delivery for students and busy families.",
      "Affordable laundry in {area}, {city}. Express 24-hour service available.",
    ],
  },
  "Law firm": {
    icon: "briefcase", hue: 230, nouns: ["& Co.", "Legal Practitioners", "Chambers", "& Associates"],
    patterns: ["{S} & Co.", "{S} & Associates", "{S} Chambers", "{S}, {S2} & Partners", "{P} Legal Practitioners"],
    products: ["Property law", "Company registration", "Litigation", "Land documentation", "Wills & probate", "Family law", "Debt recovery"],
    blurbs: [
      "Legal practitioners advising individuals and businesses on property, company matters and disputes.",
      "Experienced solicitors and advocates in {city}. Land documentation, CAC registration and litigation.",
    ],
  },
  "Logistics company": {
    icon: "truck", hue: 35, nouns: ["Logistics", "Haulage", "Freight & Logistics", "Movers"],
    products: ["Haulage", "Interstate transport", "Warehousing", "Container clearing", "House moving", "Trucks for hire"],
    blurbs: [
      "Haulage, warehousing and interstate transport for businesses across Nigeria.",
      "Reliable trucks and experienced drivers based in {city}. We move goods safely and on time.",
    ],
  },
  Mechanic: {
    icon: "wrench", hue: 25, nouns: ["Auto Workshop", "Motors Workshop", "Auto Repairs", "Mechanic Workshop"],
    patterns: ["{S} Auto Workshop", "{F} Auto Repairs", "{P} Motors Workshop", "{A} Mechanic Workshop"],
    products: ["Engine repair", "Computer diagnosis", "Brake service", "Suspension repair", "Gearbox repair", "AC repair", "Oil change", "Wheel alignment"],
    blurbs: [
      "Honest mechanics with computer diagnosis for Toyota, Honda, Lexus and more. We explain before we fix.",
      "Full-service auto workshop in {area}: engine, gearbox, brakes, AC and routine servicing.",
    ],
  },
  "Mobile phone store": {
    icon: "phone", hue: 250, nouns: ["Phones", "Phones & Accessories", "Gadgets", "Mobile"],
    products: ["Smartphones", "iPhones", "Tecno & Infinix phones", "Phone accessories", "Screen replacement", "Power banks", "Earbuds"],
    blurbs: [
      "New and UK-used phones, accessories and fast repairs. Every phone is tested before sale.",
      "iPhone, Samsung, Tecno and Infinix at the best prices in {city}, with warranty.",
    ],
  },
  Painter: {
    icon: "brush", hue: 40, nouns: ["Painting Works", "Painting Services", "Paints & Finishes"],
    patterns: ["{S} Painting Works", "{P} Painting Services", "{F} Paints & Finishes", "{A} Painting Services"],
    products: ["Interior painting", "Exterior painting", "Screeding", "Textured finishes", "Wallpaper", "Roof painting"],
    blurbs: [
      "Neat, lasting painting for homes, offices and estates, inside and out. Free quotation.",
      "Professional painters in {city}: screeding, emulsion, textured finishes and roof painting.",
    ],
  },
  "Pharmacy store": {
    icon: "cross", hue: 150, nouns: ["Pharmacy", "Pharmaceuticals", "Chemists", "Pharmacy & Stores"],
    products: ["Prescription drugs", "Over-the-counter medicines", "Malaria treatment", "Baby care", "Blood pressure checks", "Vitamins", "First aid"],
    blurbs: [
      "A PCN-licensed pharmacy with qualified pharmacists, genuine medicines and friendly advice.",
      "Prescriptions, everyday medicines and health checks in {area}. Open late every day.",
    ],
  },
  Photographer: {
    icon: "camera", hue: 260, nouns: ["Photography", "Studios", "Pictures", "Media"],
    patterns: ["{F} Photography", "{P} Studios", "{S} Pictures", "{P} Media"],
    products: ["Wedding photography", "Portraits", "Passport photos", "Event coverage", "Videography", "Photo books", "Drone shots"],
    blurbs: [
      "Weddings, portraits and events captured beautifully. Studio and on-location shoots.",
      "Creative photography and video in {city}. Same-day passport photos at our studio.",
    ],
  },
  Plumber: {
    icon: "drop", hue: 200, nouns: ["Plumbing Services", "Plumbing Works", "Plumbing & Water Solutions"],
    patterns: ["{S} Plumbing Services", "{P} Plumbing Works", "{F} Plumbing & Water Solutions", "{A} Plumbing Services"],
    products: ["Leak repairs", "Pipe installation", "Borehole pumps", "Water heaters", "Toilet installation", "Drain unblocking", "Overhead tanks"],
    blurbs: [
      "Experienced plumbers for leaks, blocked drains, pumps and bathroom installations.",
      "Fast plumbing help in {city}: new installations, repairs and borehole pumps.",
    ],
  },
  "Poultry farm": {
    icon: "egg", hue: 45, nouns: ["Farms", "Poultry Farm", "Poultry", "Agro Farms"],
    products: ["Fresh eggs (crates)", "Broilers", "Old layers", "Day-old chicks", "Turkey", "Poultry manure", "Dressed chicken"],
    blurbs: [
      "Fresh eggs daily, live and dressed chicken, and day-old chicks. Farm-gate prices.",
      "Healthy birds raised on our farm near {city}. Wholesale eggs for bakeries and retailers.",
    ],
  },
  "Printing press": {
    icon: "printer", hue: 210, nouns: ["Printing Press", "Prints", "Printing & Branding", "Graphics"],
    products: ["Business cards", "Flyers", "Banners", "Wedding programmes", "Branded T-shirts", "Calendars", "Receipt booklets"],
    blurbs: [
      "Quality printing and branding: cards, flyers, banners, programmes and branded souvenirs.",
      "Fast turnaround printing in {city}. Send your design on WhatsApp or let our designers help.",
    ],
  },
  "Real estate agent": {
    icon: "house", hue: 140, nouns: ["Properties", "Realty", "Homes", "Estates"],
    products: ["Houses for rent", "Land for sale", "Shortlet apartments", "Property management", "Duplexes", "Survey & documentation"],
    blurbs: [
      "Verified properties for rent and sale, land with genuine documents, and property management.",
      "Find your next home in {city}. We inspect every property and handle the paperwork.",
    ],
  },
  "Restaurant/Bar": {
    icon: "drink", hue: 350, nouns: ["Lounge", "Restaurant & Bar", "Grill & Bar", "Lounge & Grill"],
    products: ["Grilled fish", "Asun", "Peppered snail", "Suya", "Cocktails", "Chilled drinks", "Live band", "Nkwobi"],
    blurbs: [
      "Cold drinks, grilled fish, suya and great music. The perfect place to unwind after work.",
      "Restaurant and bar in {area} with a relaxed garden, live band on Fridays and plenty of parking.",
    ],
  },
  School: {
    icon: "book", hue: 200, nouns: ["Schools", "Academy", "College", "International School"],
    patterns: ["{P} Schools", "{P} Academy", "{P} College", "{P} International School", "{A} Montessori School"],
    products: ["Creche", "Nursery", "Primary", "Secondary", "After-school lessons", "WAEC & NECO preparation", "School bus"],
    blurbs: [
      "A caring school with qualified teachers, small classes and a safe environment from creche to secondary.",
      "Quality education in {city} blending the Nigerian and British curricula. Admission in progress.",
    ],
  },
  "Security company": {
    icon: "shield", hue: 215, nouns: ["Security Services", "Guards", "Security Solutions"],
    products: ["Manned guarding", "CCTV installation", "Electric fencing", "Event security", "Alarm systems", "Access control"],
    blurbs: [
      "Trained, vetted guards and modern security systems for homes, estates and businesses.",
      "CCTV, electric fencing and manned guarding across {state}. 24/7 supervision.",
    ],
  },
  "Shoe store": {
    icon: "shoe", hue: 20, nouns: ["Shoes", "Footwear", "Shoe Palace", "Steps"],
    products: ["Men's shoes", "Ladies' heels", "Sneakers", "Sandals", "Children's shoes", "School shoes", "Handmade leather shoes"],
    blurbs: [
      "Quality footwear for men, women and children, from handmade leather shoes to sneakers.",
      "Step out in style: the best shoe collection in {area}, at fair prices.",
    ],
  },
  "Solar installer": {
    icon: "sun", hue: 45, nouns: ["Solar", "Solar Energy", "Solar & Inverters", "Power"],
    products: ["Solar panels", "Inverters", "Lithium batteries", "Solar street lights", "System design", "Maintenance", "Solar water pumps"],
    blurbs: [
      "Say goodbye to generator noise: solar panels, inverters and batteries designed for your load.",
      "Solar installations for homes and businesses in {state}, with after-sales support.",
    ],
  },
  Supermarket: {
    icon: "cart", hue: 120, nouns: ["Supermarket", "Superstore", "Mart", "Stores"],
    products: ["Groceries", "Toiletries", "Frozen foods", "Beverages", "Baby products", "Household items", "Fresh bread", "Wines & drinks"],
    blurbs: [
      "Groceries, toiletries, frozen foods and household items under one roof, at fair prices.",
      "A family supermarket in {area} with steady light, cool aisles and friendly cashiers.",
    ],
  },
  Tailor: {
    icon: "scissors", hue: 280, nouns: ["Tailoring", "Tailors", "Stitches", "Bespoke"],
    patterns: ["{F} Tailoring", "{S} Tailors", "{P} Stitches", "{F} Bespoke"],
    products: ["Kaftans", "Agbada", "Suits", "School uniforms", "Adjustments", "Senator wear", "Ankara dresses"],
    blurbs: [
      "Neat tailoring for men and women: kaftans, suits, native wear and uniforms, delivered on time.",
      "Measured and sewn in {city}. Bring your fabric or choose from ours.",
    ],
  },
  "Travel agency": {
    icon: "plane", hue: 205, nouns: ["Travels & Tours", "Travel Agency", "Travels", "Tours"],
    products: ["Flight tickets", "Visa assistance", "Hajj & Umrah packages", "Holiday packages", "Hotel reservations", "Travel insurance"],
    blurbs: [
      "Local and international flights, visa assistance, hotel bookings and holiday packages.",
      "IATA-accredited travel agency in {city}. Ask about Hajj, Umrah and Dubai packages.",
    ],
  },
  "Tyre shop": {
    icon: "tyre", hue: 0, nouns: ["Tyres", "Tyre Centre", "Tyres & Batteries", "Wheels"],
    products: ["New tyres", "Tokunbo tyres", "Wheel balancing", "Wheel alignment", "Car batteries", "Rims"],
    blurbs: [
      "New and quality used tyres for cars, SUVs and buses, with balancing and alignment.",
      "Tyres and batteries at the best prices in {city}. Fitting is free.",
    ],
  },
  Vulcanizer: {
    icon: "tyre", hue: 10, nouns: ["Vulcanizing", "Tyre Services", "Vulcanizer"],
    patterns: ["{F} Vulcanizing", "{P} Tyre Services", "{A} Vulcanizer", "{S} Vulcanizing"],
    products: ["Tyre patching", "Tyre inflation", "Wheel balancing", "Tube replacement", "Nitrogen filling", "Rim straightening"],
    blurbs: [
      "Quick tyre patching, inflation and balancing. Open early, close late.",
      "Roadside vulcanizer on {street}, {area}. We can come to you.",
    ],
  },
  "Water factory": {
    icon: "drop", hue: 195, nouns: ["Table Water", "Water", "Pure Water", "Water Factory"],
    products: ["Sachet water (pure water)", "Bottled water", "Dispenser water (19L)", "Distribution", "Bulk orders for events"],
    blurbs: [
      "NAFDAC-registered sachet and bottled water, treated and tested daily.",
      "Clean, refreshing water for homes, offices and events in {city}. Distributors welcome.",
    ],
  },
  "Web developer": {
    icon: "laptop", hue: 260, nouns: ["Technologies", "Digital", "Tech", "Web Solutions"],
    products: ["Website design", "E-commerce stores", "Mobile apps", "SEO", "Domain & hosting", "Social media management", "Business email"],
    blurbs: [
      "Websites, online stores and apps for Nigerian businesses, with payment integration and hosting.",
      "A {city}-based team building fast, mobile-friendly websites that bring you customers.",
    ],
  },
};

/** How often each category gets a listing beyond the one each category always gets. */
const CATEGORY_WEIGHTS: Partial<Record<Category, number>> = {
  Eatery: 5, Supermarket: 4, "Restaurant/Bar": 4, Hotel: 4, "Pharmacy store": 4, Mechanic: 3, "Beauty salon": 3,
  "Fashion designer": 3, "Mobile phone store": 3, Boutique: 2, Bakery: 2, "Real estate agent": 2, School: 2,
  "Grocery store": 2, "Auto parts store": 2, Electrician: 2, Plumber: 2, "Solar installer": 2, Tailor: 2,
};

/** Brand words Nigerian businesses commonly use, by flavour. */
const BRAND_WORDS = {
  general: [
    "Divine Favour", "God's Grace", "Royal", "Golden", "Excel", "Prime", "Heritage", "Crystal", "Jubilee", "Kings",
    "Evergreen", "Bright Star", "Top Notch", "Silverline", "Treasure", "New Dawn", "Peculiar", "Covenant",
    "Grace Land", "Blessed", "Crown", "Summit", "Pinnacle", "Victory", "Cornerstone", "Oasis", "Sapphire",
    "Splendour", "Mega", "De-Choice",
  ],
  yoruba: ["Ire-Oluwa", "Oluwaseun", "Ayomide", "Ife-Oluwa", "Ola", "Adunni", "Ibukun", "Oreofe"],
  igbo: ["Chukwudi", "Onyeka", "Ebube", "Ifeanyi", "Chinonso", "Nkem", "Ezinne", "Chidera", "Oganiru"],
  hausa: ["Al-Ameen", "Albarka", "Nasara", "Alheri", "Arewa", "Sahel", "Barka", "Zumunta", "Bismillah"],
  southSouth: ["Ebi", "Ekaette", "Osas", "Nosakhare", "Itoro", "Mbakara", "Calabar Pride"],
  middleBelt: ["Zuma", "Rock City", "Benue Pride", "Plateau", "Green Valley", "Food Basket"],
} as const;

const EXTRA_SENTENCES = [
  "Open Monday to Saturday, 8am to 7pm.",
  "Open every day, including Sundays after church.",
  "We accept cash, POS and bank transfers.",
  "Call or WhatsApp us to place an order.",
  "Delivery available within {city}.",
  "Customer satisfaction is our priority.",
  "Visit us today and experience the difference.",
  "Trusted by hundreds of customers in {state}.",
  "Ask about our discounts for repeat customers.",
  "Convenient parking available.",
] as const;

// ---------------------------------------------------------------------------------------------
// The plan
// ---------------------------------------------------------------------------------------------

/** One account in the demo data. Times are offsets before `now` in milliseconds. */
export type PersonPlan = {
  key: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  state: Region;
  category: Category | null;
  kycStatus: KycStatus;
  agoMs: number;
};

/** One listing. */
export type BusinessPlan = {
  key: string;
  ownerKey: string;
  name: string;
  category: Category;
  state: Region;
  city: string;
  area: string;
  address: string;
  /** The area's LGA and a landmark line (db/seed/places.ts), derived, not drawn from the random sequence. */
  lga: string | null;
  landmark: string | null;
  plotNumber: string | null;
  phoneNumber: string;
  websiteUrl: string | null;
  products: string[];
  description: string;
  status: ApprovalStatus;
  rejectionReason: string | null;
  /** When approved/rejected, as an offset before now. */
  reviewedAgoMs: number | null;
  featured: { tier: "basic" | "premium" | "enterprise"; startAgoMs: number } | null;
  viewCount: number;
  imageCount: number;
  /** Seeds the image drawing (decoration, palette jitter). */
  imageSeed: number;
  agoMs: number;
};

/** One KYC submission. */
export type KycPlan = {
  userKey: string;
  fullName: string;
  idNumber: string;
  status: ApprovalStatus;
  rejectionReason: string | null;
  submittedAgoMs: number;
  reviewedAgoMs: number | null;
  imageSeed: number;
};

/** One conversation (business + visitor), oldest message first. */
export type ConversationPlan = {
  businessKey: string;
  visitorKey: string;
  messages: { from: "visitor" | "business"; text: string; agoMs: number; read: boolean }[];
};

export type FeaturedRequestPlan = {
  businessKey: string;
  tier: "basic" | "premium" | "enterprise";
  status: "pending" | "approved" | "rejected";
  agoMs: number;
  /** For approved requests: when the placement started. */
  startAgoMs: number | null;
  paymentReference: string;
};

export type SubscriptionPlan = {
  userKey: string;
  planId: "standard" | "premium";
  startAgoMs: number;
  paymentReference: string;
};

export type FeedbackPlan = { userKey: string; message: string; status: "new" | "reviewed" | "resolved"; agoMs: number };

export type DemoPlan = {
  people: PersonPlan[];
  businesses: BusinessPlan[];
  kyc: KycPlan[];
  conversations: ConversationPlan[];
  featuredRequests: FeaturedRequestPlan[];
  subscriptions: SubscriptionPlan[];
  feedback: FeedbackPlan[];
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Removes diacritics/punctuation: 'God's Grace & Co.' -> 'gods-grace-co'. */
export function slugify(value: string): string {
  return value
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** Words that keep their capital letter inside a sentence. */
const PROPER_WORDS = new Set(["Agege", "Ankara", "Toyota", "Nollywood", "Hollywood", "Tecno", "Windows", "Hajj", "Ofada", "Christian"]);

/** A product name as it reads mid-sentence: 'Fried rice' -> 'fried rice', 'WAEC ...' and 'Toyota ...' unchanged. */
export function inSentence(product: string): string {
  const first = product.split(/\s/)[0];
  return /^[A-Z][a-z'’]+$/.test(first) && !PROPER_WORDS.has(first) ? product[0].toLowerCase() + product.slice(1) : product;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");
}

const REJECTION_REASONS = [
  "The business address could not be verified. Please add a landmark or plot number and resubmit.",
  "The photos do not show the business premises or products. Please upload clear photos of your business.",
  "This looks like a duplicate of a listing that is already on the directory.",
  "The phone number was not reachable on three attempts. Please update it and resubmit.",
] as const;

const KYC_REJECTION_REASONS = [
  "The ID image is blurry and the name cannot be read. Please upload a clearer photo.",
  "The name on the ID does not match the account name.",
] as const;

type Owner = PersonPlan & { group: Ethnicity };

/**
 * Builds the whole demo data set from a seed. Pure and deterministic: the same seed gives the same
 * people, listings, messages and order every time.
 */
export function buildDemoPlan(seed: number = DEMO_SEED_VALUE): DemoPlan {
  const rng = new Rng(seed);
  const people: PersonPlan[] = [];
  const businesses: BusinessPlan[] = [];
  const kyc: KycPlan[] = [];
  const conversations: ConversationPlan[] = [];
  const featuredRequests: FeaturedRequestPlan[] = [];
  const subscriptions: SubscriptionPlan[] = [];
  const feedback: FeedbackPlan[] = [];
  const usedNames = new Set<string>();
  const usedEmails = new Set<string>();
  const reference = (prefix: string) => `${prefix}_${rng.seed().toString(16).padStart(8, "0")}${rng.seed().toString(16).padStart(8, "0")}`;

  const person = (p: Omit<PersonPlan, "key"> & { key?: string }): PersonPlan => {
    const plan: PersonPlan = { ...p, key: p.key ?? p.email };
    usedEmails.add(plan.email);
    people.push(plan);
    return plan;
  };
  const emailFor = (first: string, last: string) => {
    const base = `${slugify(first)}.${slugify(last)}`.replace(/-/g, "");
    let email = `${base}@example.com`;
    for (let n = 2; usedEmails.has(email); n++) email = `${base}${n}@example.com`;
    return email;
  };
  const locate = (state: Region) => {
    const locality = rng.pick(LOCALITIES[state] ?? LOCALITIES.Lagos!);
    const street = rng.pick(locality.streets);
    const number = rng.int(1, 180);
    const place = locality.area === locality.city ? locality.city : `${locality.area}, ${locality.city}`;
    return { locality, street, address: `${number} ${street}, ${place}` };
  };
  const plotNumber = () =>
    rng.chance(0.3) ? rng.pick([`Shop ${rng.int(1, 40)}`, `Plot ${rng.int(1, 600)}`, `Suite ${rng.int(1, 20)}`, `Block ${String.fromCharCode(65 + rng.int(0, 7))}`]) : null;
  const describe = (name: string, category: Category, state: Region, city: string, area: string, street: string, products: string[]) => {
    const profile = CATEGORY_PROFILES[category];
    const values = { name, city, state: state === "FCT" ? "Abuja" : state, area, street, years: String(rng.int(3, 25)), p1: products[0] ?? "" };
    const parts = [fill(rng.pick(profile.blurbs), values)];
    const [a, b, c] = products.map(inSentence);
    parts.push(`We offer ${a}, ${b}, ${c} and more.`);
    for (const extra of rng.sample(EXTRA_SENTENCES, rng.int(1, 2))) parts.push(fill(extra, values));
    return parts.join(" ");
  };
  const nameFor = (category: Category, owner: Owner, area: string, city: string) => {
    const profile = CATEGORY_PROFILES[category];
    for (let attempt = 0; attempt < 50; attempt++) {
      const pattern = rng.pick(profile.patterns ?? DEFAULT_PATTERNS);
      const brandPool = rng.chance(0.6) ? BRAND_WORDS.general : BRAND_WORDS[owner.group];
      const otherSurname = rng.pick(NAMES[rng.pick(["yoruba", "igbo", "southSouth", "hausa"] as const)].last);
      const name = fill(pattern, {
        S: owner.lastName, S2: otherSurname === owner.lastName ? "Okeke" : otherSurname, F: owner.firstName,
        P: rng.pick(brandPool), A: area, C: city, N: rng.pick(profile.nouns),
      }).replace(/\s+/g, " ").trim();
      if (!usedNames.has(name.toLowerCase()) && name.length <= 60) {
        usedNames.add(name.toLowerCase());
        return name;
      }
    }
    throw new Error(`could not name a ${category}`);
  };
  const productsFor = (category: Category) => rng.sample(CATEGORY_PROFILES[category].products, rng.int(4, 7));
  const website = (name: string) => (rng.chance(0.3) ? `https://${slugify(name).slice(0, 40)}.example.com` : null);
  const imageCount = () => rng.weighted({ "1": 5, "2": 4, "3": 2 } as Record<"1" | "2" | "3", number>);
  const idNumber = () => (rng.chance(0.5) ? nigerianPhone(rng) : String(rng.int(10_000_000_000, 99_999_999_999)));

  const addBusiness = (b: Omit<BusinessPlan, "key" | "imageSeed" | "lga" | "landmark"> & { key?: string }): BusinessPlan => {
    const plan: BusinessPlan = {
      ...b, key: b.key ?? `biz-${businesses.length + 1}`, imageSeed: rng.seed(),
      lga: lgaOfArea(b.state, b.area), landmark: landmarkFor(b.name, streetOf(b.address)),
    };
    usedNames.add(plan.name.toLowerCase());
    businesses.push(plan);
    return plan;
  };
  const listing = (owner: Owner, category: Category, state: Region, agoMs: number, status: ApprovalStatus): BusinessPlan => {
    const { locality, street, address } = locate(state);
    const name = nameFor(category, owner, locality.area, locality.city);
    const products = productsFor(category);
    return addBusiness({
      ownerKey: owner.key, name, category, state, city: locality.city, area: locality.area, address,
      plotNumber: plotNumber(), phoneNumber: nigerianPhone(rng), websiteUrl: website(name), products,
      description: describe(name, category, state, locality.city, locality.area, street, products),
      status, rejectionReason: null,
      reviewedAgoMs: status === "pending" ? null : Math.max(agoMs - rng.int(2, 30) * HOUR, 30 * MINUTE),
      featured: null,
      viewCount: status === "approved" ? Math.round(5 + rng.float() ** 2 * 1200) : 0,
      imageCount: Number(imageCount()), agoMs,
    });
  };
  const newOwner = (state: Region, kycStatus: KycStatus, agoMs: number, category: Category | null): Owner => {
    const group = rng.weighted(REGION_GROUP[state] ?? COSMOPOLITAN);
    const firstName = rng.pick(NAMES[group].first);
    const lastName = rng.pick(NAMES[group].last);
    const plan = person({ email: emailFor(firstName, lastName), firstName, lastName, role: "business", state, category, kycStatus, agoMs });
    return { ...plan, group };
  };
  const kycFor = (owner: PersonPlan, status: ApprovalStatus, submittedAgoMs: number, reviewedAgoMs: number | null, reason: string | null = null) => {
    kyc.push({
      userKey: owner.key, fullName: `${owner.firstName} ${owner.lastName}`, idNumber: idNumber(), status,
      rejectionReason: reason, submittedAgoMs, reviewedAgoMs, imageSeed: rng.seed(),
    });
  };

  // --- The four demo accounts -------------------------------------------------------------
  person({ email: "admin@example.com", firstName: "Adaeze", lastName: "Okafor", role: "admin", state: "FCT", category: null, kycStatus: "none", agoMs: 120 * DAY });
  const owner: Owner = {
    ...person({ email: "owner@example.com", firstName: "Tunde", lastName: "Bakare", role: "business", state: "Lagos", category: "Bakery", kycStatus: "approved", agoMs: 75 * DAY }),
    group: "yoruba",
  };
  person({ email: "newowner@example.com", firstName: "Ibrahim", lastName: "Sani", role: "business", state: "Kano", category: "Electronics store", kycStatus: "none", agoMs: 2 * DAY });
  const visitor = person({ email: "visitor@example.com", firstName: "Amaka", lastName: "Obi", role: "visitor", state: "Lagos", category: null, kycStatus: "none", agoMs: 40 * DAY });
  kycFor(owner, "approved", 74 * DAY, 73 * DAY);

  const ownerBakery = addBusiness({
    key: "owner-bakery", ownerKey: owner.key, name: "Bakare Fresh Bakery", category: "Bakery", state: "Lagos",
    city: "Lagos", area: "Surulere", address: "41 Adeniran Ogunsanya Street, Surulere, Lagos", plotNumber: "Shop 3",
    phoneNumber: "+2348031234567", websiteUrl: null,
    products: ["Agege bread", "Birthday cakes", "Wedding cakes", "Meat pies", "Doughnuts", "Chin chin"],
    description: "Fresh Agege bread every morning and cakes made to order for birthdays, weddings and office parties. Our ovens start at 4am so Surulere gets warm bread for breakfast. Call or WhatsApp us to place an order; delivery available within Lagos.",
    status: "approved", rejectionReason: null, reviewedAgoMs: 71 * DAY, featured: { tier: "basic", startAgoMs: 3 * DAY },
    viewCount: 1342, imageCount: 3, agoMs: 72 * DAY,
  });
  const ownerCarWash = addBusiness({
    key: "owner-carwash", ownerKey: owner.key, name: "Bakare Premium Car Wash", category: "Car wash", state: "Lagos",
    city: "Lagos", area: "Ikeja", address: "12 Opebi Road, Ikeja, Lagos", plotNumber: null, phoneNumber: "+2348097654321",
    websiteUrl: null, products: ["Exterior wash", "Interior cleaning", "Engine wash", "Waxing & polishing", "Rug washing"],
    description: "Fast, thorough car wash with clean water and professional products. Relax in our air-conditioned lounge with free Wi-Fi while we make your car shine. Open every day from 7am.",
    status: "approved", rejectionReason: null, reviewedAgoMs: 38 * DAY, featured: null, viewCount: 286, imageCount: 2, agoMs: 39 * DAY,
  });
  // An event centre waiting for the admin's approval, from another owner (their KYC is planned last, so the
  // random data generated after this point stays as it was).
  const tayo: Owner = {
    ...person({ email: "tayo.adewale@example.com", firstName: "Tayo", lastName: "Adewale", role: "business", state: "Lagos", category: "Event centre", kycStatus: "approved", agoMs: 30 * DAY }),
    group: "yoruba",
  };
  addBusiness({
    key: "tayo-events", ownerKey: tayo.key, name: "Adewale Event Centre", category: "Event centre", state: "Lagos",
    city: "Lagos", area: "Ikeja", address: "7 Toyin Street, Ikeja, Lagos", plotNumber: null, phoneNumber: "+2348031234567",
    websiteUrl: null, products: ["Wedding receptions", "Birthday parties", "Conferences", "Standby power", "Parking space"],
    description: "A 400-seat air-conditioned hall in the heart of Ikeja for weddings, birthdays and conferences, with ample parking and standby power.",
    status: "pending", rejectionReason: null, reviewedAgoMs: null, featured: null, viewCount: 0, imageCount: 2, agoMs: 1 * DAY + 3 * HOUR,
  });
  // The Standard plan allows three listings: owner@example.com holds two, so Add Business can be tried by hand,
  // and the car wash (approved, not featured, no request waiting) lets the featured flow be tried too.
  subscriptions.push({ userKey: owner.key, planId: "standard", startAgoMs: 12 * DAY, paymentReference: reference("demo") });

  // --- Mama Cass Kitchen (a later search test looks for it by a typo) ----------------------
  const cass: Owner = {
    ...person({ email: "cassandra.okon@example.com", firstName: "Cassandra", lastName: "Okon", role: "business", state: "Lagos", category: "Eatery", kycStatus: "approved", agoMs: 66 * DAY }),
    group: "southSouth",
  };
  kycFor(cass, "approved", 65 * DAY, 64 * DAY);
  const mamaCass = addBusiness({
    key: "mama-cass", ownerKey: cass.key, name: "Mama Cass Kitchen", category: "Eatery", state: "Lagos", city: "Lagos",
    area: "Surulere", address: "27 Bode Thomas Street, Surulere, Lagos", plotNumber: null, phoneNumber: "+2348023456789",
    websiteUrl: null,
    products: ["Jollof rice", "Ofada rice & ayamase", "Pounded yam & egusi", "Amala & ewedu", "Pepper soup", "Moi moi", "Fried plantain"],
    description: "Delicious home-style Nigerian meals cooked fresh every day: smoky party jollof, ofada rice with ayamase, pounded yam and egusi, and the best pepper soup in Surulere. Eat in, take away or order for delivery.",
    status: "approved", rejectionReason: null, reviewedAgoMs: 62 * DAY, featured: { tier: "premium", startAgoMs: 20 * DAY },
    viewCount: 2417, imageCount: 3, agoMs: 63 * DAY,
  });

  // --- Regular owners with approved KYC and their listings ---------------------------------
  // Every category appears at least once among the approved listings; popular ones more often.
  const approvedTarget = 124;
  const categoryQueue: Category[] = rng.shuffle([
    ...CATEGORIES,
    ...Array.from({ length: approvedTarget - CATEGORIES.length }, () => rng.weighted({ ...Object.fromEntries(CATEGORIES.map((c) => [c, 1])), ...CATEGORY_WEIGHTS } as Record<Category, number>)),
  ]);
  const extraStatuses: ApprovalStatus[] = ["pending", "pending", "pending", "pending", "pending", "rejected", "rejected", "rejected", "rejected"];
  const slots = [...categoryQueue.map((category) => ({ category, status: "approved" as ApprovalStatus }))];
  for (const status of extraStatuses) {
    slots.splice(rng.int(10, slots.length), 0, { category: rng.weighted({ ...Object.fromEntries(CATEGORIES.map((c) => [c, 1])), ...CATEGORY_WEIGHTS } as Record<Category, number>), status });
  }
  const regularOwners: Owner[] = [];
  while (slots.length > 0) {
    const count = Math.min(slots.length, Number(rng.weighted({ "1": 3, "2": 3, "3": 4 } as Record<"1" | "2" | "3", number>)));
    const mine = slots.splice(0, count);
    const homeState = rng.weighted(STATE_WEIGHTS as Record<Region, number>);
    // Listings are created over the last ~88 days; the account a few days before the first one.
    const listingAges = mine.map(() => rng.int(2 * HOUR, 88 * DAY)).sort((a, b) => b - a);
    const accountAgo = listingAges[0] + rng.int(1, 6) * DAY;
    const o = newOwner(homeState, "approved", accountAgo, mine[0].category);
    regularOwners.push(o);
    const submitted = accountAgo - rng.int(1, 12) * HOUR;
    kycFor(o, "approved", submitted, Math.max(submitted - rng.int(3, 20) * HOUR, listingAges[0] + HOUR));
    mine.forEach((slot, i) => {
      const state = i === 0 || rng.chance(0.75) ? homeState : rng.weighted(STATE_WEIGHTS as Record<Region, number>);
      const agoMs = slot.status === "approved" ? listingAges[i] : rng.int(3 * HOUR, 6 * DAY);
      const b = listing(o, slot.category, state, agoMs, slot.status);
      if (slot.status === "rejected") b.rejectionReason = REJECTION_REASONS[businesses.filter((x) => x.status === "rejected").length % REJECTION_REASONS.length];
    });
    if (mine.length > 1) {
      // Standard only: Premium features every listing of its owner (ADR 16), and the demo's featured section is
      // for its paid placements (a Premium plan is bought on /pricing). The draw stays, so the rest of the demo
      // data is unchanged.
      rng.chance(0.7);
      subscriptions.push({ userKey: o.key, planId: "standard", startAgoMs: rng.int(1, 25) * DAY, paymentReference: reference("demo") });
    }
  }

  // --- Owners waiting for KYC review, with listings waiting for approval -------------------
  for (let i = 0; i < 3; i++) {
    const state = rng.weighted(STATE_WEIGHTS as Record<Region, number>);
    const category = rng.pick(CATEGORIES);
    const agoMs = rng.int(1, 5) * DAY + rng.int(0, 20) * HOUR;
    const o = newOwner(state, "pending", agoMs, category);
    kycFor(o, "pending", agoMs - rng.int(1, 6) * HOUR, null);
    listing(o, category, state, agoMs - rng.int(7, 12) * HOUR, "pending");
  }
  {
    // Rejected once, then resubmitted: the admin sees the history.
    const state = rng.weighted(STATE_WEIGHTS as Record<Region, number>);
    const o = newOwner(state, "pending", 9 * DAY, rng.pick(CATEGORIES));
    kycFor(o, "rejected", 9 * DAY - 2 * HOUR, 8 * DAY, KYC_REJECTION_REASONS[0]);
    kycFor(o, "pending", 20 * HOUR, null);
  }
  {
    const state = rng.weighted(STATE_WEIGHTS as Record<Region, number>);
    const o = newOwner(state, "rejected", 14 * DAY, rng.pick(CATEGORIES));
    kycFor(o, "rejected", 14 * DAY - 3 * HOUR, 13 * DAY, KYC_REJECTION_REASONS[1]);
  }

  // --- Featured placements ------------------------------------------------------------------
  const tiers = ["basic", "premium", "enterprise"] as const;
  const featuredCandidates = rng.shuffle(
    businesses.filter((b) => b.status === "approved" && !b.featured && b.ownerKey !== owner.key && b.agoMs > 10 * DAY),
  );
  for (const b of featuredCandidates.slice(0, 6)) {
    const tier = rng.pick(tiers);
    b.featured = { tier, startAgoMs: rng.int(1, Math.min(25, Math.floor(b.agoMs / DAY) - 1)) * DAY };
    b.imageCount = Math.max(b.imageCount, 2);
  }
  for (const b of businesses) {
    if (!b.featured) continue;
    featuredRequests.push({
      businessKey: b.key, tier: b.featured.tier, status: "approved", agoMs: b.featured.startAgoMs + rng.int(2, 30) * HOUR,
      startAgoMs: b.featured.startAgoMs, paymentReference: reference("demo"),
    });
  }
  for (const b of featuredCandidates.slice(6, 9)) {
    featuredRequests.push({ businessKey: b.key, tier: rng.pick(tiers), status: "pending", agoMs: rng.int(2, 60) * HOUR, startAgoMs: null, paymentReference: reference("demo") });
  }
  {
    const b = featuredCandidates[9];
    featuredRequests.push({ businessKey: b.key, tier: "basic", status: "rejected", agoMs: 6 * DAY, startAgoMs: null, paymentReference: reference("demo") });
  }

  // --- Visitors and conversations ---------------------------------------------------------
  const visitors: PersonPlan[] = [visitor];
  for (let i = 0; i < 6; i++) {
    const state = rng.weighted(STATE_WEIGHTS as Record<Region, number>);
    const group = rng.weighted(REGION_GROUP[state] ?? COSMOPOLITAN);
    const firstName = rng.pick(NAMES[group].first);
    const lastName = rng.pick(NAMES[group].last);
    visitors.push(person({ email: emailFor(firstName, lastName), firstName, lastName, role: "visitor", state, category: null, kycStatus: "none", agoMs: rng.int(3, 80) * DAY }));
  }
  conversations.push({
    businessKey: ownerBakery.key, visitorKey: visitor.key,
    messages: [
      { from: "visitor", text: "Good afternoon! Do you take orders for birthday cakes? I need one for this Saturday.", agoMs: 3 * DAY + 5 * HOUR, read: true },
      { from: "business", text: "Good afternoon, Amaka! Yes we do. A 10-inch cake starts from ₦25,000. What flavour and design would you like?", agoMs: 3 * DAY + 4 * HOUR, read: true },
      { from: "visitor", text: "Red velvet, 10 inches, with 'Happy Birthday Tolu' on top. Can you deliver to Yaba?", agoMs: 2 * DAY + 2 * HOUR, read: true },
      { from: "business", text: "Noted! Delivery to Yaba is ₦3,000. We'll have it ready by 10am on Saturday. Please confirm and we'll send the account details.", agoMs: 6 * HOUR, read: false },
    ],
  });
  conversations.push({
    businessKey: ownerCarWash.key, visitorKey: visitors[1].key,
    messages: [
      { from: "visitor", text: "Hello, how much is a full interior and exterior wash for an SUV?", agoMs: 26 * HOUR, read: true },
      { from: "business", text: "Good morning! Full wash for an SUV is ₦7,500, including vacuuming and tyre shine.", agoMs: 25 * HOUR, read: true },
      { from: "visitor", text: "Great, I'll come by tomorrow around 9am. Are you open on Sunday too?", agoMs: 3 * HOUR, read: false },
    ],
  });
  conversations.push({
    businessKey: mamaCass.key, visitorKey: visitors[2].key,
    messages: [
      { from: "visitor", text: "Hi, do you cater for small office lunches? About 25 people, this Friday.", agoMs: 4 * DAY, read: true },
      { from: "business", text: "Yes we do! Jollof or fried rice with chicken and plantain is ₦3,500 per pack. Delivery within Surulere is free.", agoMs: 4 * DAY - 2 * HOUR, read: true },
      { from: "visitor", text: "Perfect. Please put us down for 25 packs of jollof.", agoMs: 3 * DAY, read: true },
    ],
  });
  const pick = (category: Category) => businesses.find((b) => b.status === "approved" && b.category === category && b.ownerKey !== owner.key);
  const chats: [Category, string[]][] = [
    ["Hotel", ["Good evening, do you have an executive suite available from Friday to Sunday?", "Good evening! Yes, an executive suite is available at ₦45,000 per night, breakfast included."]],
    ["Pharmacy store", ["Hello, do you have Coartem in stock? And are you open on Sundays?", "Yes, we have it. We open from 1pm on Sundays."]],
    ["Mechanic", ["My Corolla's AC is blowing hot air. Can you look at it this week?", "Bring it on Wednesday morning. Diagnosis is ₦5,000, deducted if we do the repair."]],
    ["Solar installer", ["How much for a solar system that can power a fridge, TV and fans?", "A 3kVA inverter with 4 panels and a lithium battery would do it. Can we visit for a free load assessment?", "Yes please, Saturday works for me."]],
  ];
  chats.forEach(([category, texts], i) => {
    const b = pick(category);
    if (!b) return;
    const start = rng.int(1, 6) * DAY + rng.int(0, 12) * HOUR;
    conversations.push({
      businessKey: b.key, visitorKey: visitors[3 + (i % 4)]?.key ?? visitors[1].key,
      messages: texts.map((text, j) => ({
        from: j % 2 === 0 ? "visitor" : "business", text, agoMs: start - j * rng.int(1, 5) * HOUR,
        read: j < texts.length - 1 || rng.chance(0.5),
      })),
    });
  });

  // --- Feedback -----------------------------------------------------------------------------
  feedback.push(
    { userKey: visitor.key, message: "I love how easy it is to find businesses near me. Please add a map view!", status: "new", agoMs: 2 * DAY },
    { userKey: visitors[1].key, message: "Search works well, but I would like to filter by open hours.", status: "reviewed", agoMs: 9 * DAY },
    { userKey: owner.key, message: "Please let us reply to customers with photos in messages.", status: "new", agoMs: 5 * DAY },
    { userKey: regularOwners[0].key, message: "KYC approval was very fast. Thank you!", status: "resolved", agoMs: 30 * DAY },
    { userKey: visitors[2].key, message: "One business's phone number was wrong; it has been fixed now.", status: "resolved", agoMs: 21 * DAY },
  );

  kycFor(tayo, "approved", 29 * DAY, 28 * DAY);

  return { people, businesses, kyc, conversations, featuredRequests, subscriptions, feedback };
}

/** Price in kobo of a featured plan tier. */
export function featuredPriceKobo(tier: string): number {
  return FEATURED_PLANS.find((p) => p.id === tier)?.priceKobo ?? FEATURED_PLANS[0].priceKobo;
}

/**
 * Demo reviews (issue 16): stars cycle so averages differ; texts without links or numbers (they would be held). Each
 * text goes with its stars (issue 32: a 5-star review that complained made the product look fake), and a reply
 * thanks a good review or answers a complaint.
 */
export const DEMO_REVIEWS: readonly { stars: number; body: string }[] = [
  { stars: 5, body: "Very good service. They answered my questions quickly and delivered on time." },
  { stars: 4, body: "Fair prices and friendly staff. I will come back." },
  { stars: 5, body: "Excellent! My whole family now buys from them." },
  { stars: 3, body: "The quality was fine but I waited longer than promised." },
  { stars: 4, body: "Clean place, polite workers, and they explained everything before starting." },
  { stars: 5, body: "Honest people. What I saw is what I got, and I recommend them." },
  { stars: 2, body: "Not bad, but the price went up after we agreed." },
  { stars: 4, body: "Good work overall. A small delay, but they kept me informed." },
  { stars: 5, body: "Best in the area: quick, careful and fairly priced." },
  { stars: 4, body: "Helpful staff and a good range to choose from." },
  { stars: 1, body: "Delivery was late and nobody called to explain." },
  { stars: 5, body: "They did more than I asked. Thank you!" },
];
export const DEMO_REPLIES_TO_PRAISE = [
  "Thank you for your kind words. We look forward to serving you again!",
  "We appreciate you. Please ask for the manager on your next visit.",
];
export const DEMO_REPLY_TO_COMPLAINT = "Thank you for the feedback. We are sorry, and we are working on it.";

/**
 * The demo's offers (issue 37): three listings of owners other than owner@example.com have one running, approved, so
 * the home page's carousel shows real offers (and the demo owner's own offers screen starts empty, to try).
 */
export const DEMO_OFFERS = [
  { texts: { title: "10% off your first order", body: "Tell us you saw this on Naija Directory and get 10% off your first order this month.", code: "NAIJA10" }, startedDaysAgo: 2, days: 14 },
  { texts: { title: "Free delivery this week", body: "Free delivery within 5 km on every order above ₦5,000, all week.", code: null }, startedDaysAgo: 1, days: 7 },
  { texts: { title: "Buy two, get one free", body: "Buy any two and take a third of the same free. While stocks last.", code: "B2G1" }, startedDaysAgo: 0, days: 10 },
] as const;
/**
 * The demo price lists (issue 37, ADR 42): item details of two fixed listings' products, by listing key. Prices in kobo;
 * 'from' for what depends on the job. The other listings show their products as words.
 */
export const DEMO_PRICE_LISTS: Record<string, { name: string; group: string | null; kobo: number | null; kind: "exact" | "from" | null; description: string | null }[]> = {
  "mama-cass": [
    { name: "Jollof rice", group: "Rice", kobo: 250_000, kind: "exact", description: "Smoky party jollof with fried plantain." },
    { name: "Ofada rice & ayamase", group: "Rice", kobo: 350_000, kind: "exact", description: "With assorted meat in green pepper sauce." },
    { name: "Pounded yam & egusi", group: "Swallow", kobo: 300_000, kind: "exact", description: null },
    { name: "Amala & ewedu", group: "Swallow", kobo: 250_000, kind: "exact", description: "With gbegiri and stew." },
    { name: "Pepper soup", group: "Soups", kobo: 200_000, kind: "from", description: "Goat meat or catfish." },
    { name: "Moi moi", group: "Sides", kobo: 50_000, kind: "exact", description: null },
    { name: "Fried plantain", group: "Sides", kobo: null, kind: null, description: null },
  ],
  "owner-carwash": [
    { name: "Exterior wash", group: "Washing", kobo: 300_000, kind: "exact", description: "Saloon cars; SUVs ₦4,000." },
    { name: "Interior cleaning", group: "Washing", kobo: 500_000, kind: "from", description: "Vacuum, dashboard and seats." },
    { name: "Engine wash", group: "Washing", kobo: 400_000, kind: "exact", description: null },
    { name: "Waxing & polishing", group: "Care", kobo: 1_500_000, kind: "from", description: null },
    { name: "Rug washing", group: "Care", kobo: 200_000, kind: "exact", description: "Per rug, ready the same day." },
  ],
};
