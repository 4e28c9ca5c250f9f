/**
 * Realistic listing content for the benchmark data set, drawn from the demo seed's vocabulary
 * (db/seed/data.ts): Nigerian owner names by region, real streets, each category's name patterns,
 * products and blurbs. Deterministic: the same seed and index give the same business.
 */
import { CATEGORY_PROFILES, LOCALITIES, NAMES, Rng, inSentence, nigerianPhone, slugify, type Ethnicity } from "../../db/seed/data";
import { generatedPlace } from "../../db/seed/places";
import { CATEGORIES, REGIONS, type Category, type Region } from "../../app/lib/reference";

/** Share of listings per state: big cities dominate, every state has some. */
const STATE_WEIGHTS: Record<Region, number> = Object.fromEntries(REGIONS.map((r) => [r, 1])) as Record<Region, number>;
Object.assign(STATE_WEIGHTS, {
  Lagos: 22, FCT: 12, Rivers: 9, Oyo: 7, Kano: 7, Anambra: 6, Enugu: 5, Kaduna: 5, Edo: 5, Delta: 5, Ogun: 5,
  Imo: 4, Abia: 4, "Akwa Ibom": 3, "Cross River": 3, Plateau: 3, Kwara: 3, Osun: 2, Ondo: 2, Benue: 2, Niger: 2,
});

/** Everyday categories are more common than specialist ones. */
const CATEGORY_WEIGHTS: Record<Category, number> = Object.fromEntries(CATEGORIES.map((c) => [c, 1])) as Record<Category, number>;
Object.assign(CATEGORY_WEIGHTS, {
  Eatery: 6, Supermarket: 4, "Restaurant/Bar": 4, Hotel: 3, "Pharmacy store": 4, Mechanic: 4, "Beauty salon": 4,
  "Fashion designer": 3, "Mobile phone store": 4, Boutique: 3, Bakery: 2, "Real estate agent": 2, School: 2,
  "Grocery store": 3, "Auto parts store": 2, Electrician: 3, Plumber: 3, "Solar installer": 2, Tailor: 3,
  "Barber shop": 3, "Tyre shop": 2, "Shoe store": 2, Vulcanizer: 2, "Filling station": 2,
});

/** State capitals for the states the demo's street list does not cover. */
const CAPITALS: Partial<Record<Region, { city: string; streets: string[] }>> = {
  Adamawa: { city: "Yola", streets: ["Mubi Road", "Galadima Aminu Way", "Atiku Abubakar Road"] },
  Jigawa: { city: "Dutse", streets: ["Kano Road", "Sani Abacha Way", "Aminu Kano Way"] },
  Kebbi: { city: "Birnin Kebbi", streets: ["Ahmadu Bello Way", "Sokoto Road", "Haliru Abdu Road"] },
  Taraba: { city: "Jalingo", streets: ["Hammaruwa Way", "Barde Way", "Mutum Biyu Road"] },
  Yobe: { city: "Damaturu", streets: ["Potiskum Road", "Gujba Road", "Maiduguri Road"] },
  Zamfara: { city: "Gusau", streets: ["Sokoto Road", "Kaura Namoda Road", "Canteen Road"] },
};

const GROUP_BY_ZONE: Partial<Record<Region, Ethnicity>> = {
  Lagos: "yoruba", Ogun: "yoruba", Oyo: "yoruba", Osun: "yoruba", Ondo: "yoruba", Ekiti: "yoruba", Kwara: "yoruba",
  Anambra: "igbo", Enugu: "igbo", Imo: "igbo", Abia: "igbo", Ebonyi: "igbo",
  Rivers: "southSouth", Delta: "southSouth", Edo: "southSouth", "Akwa Ibom": "southSouth", "Cross River": "southSouth", Bayelsa: "southSouth",
  Plateau: "middleBelt", Benue: "middleBelt", Nasarawa: "middleBelt", Kogi: "middleBelt",
};
const GROUPS: Ethnicity[] = ["yoruba", "igbo", "hausa", "southSouth", "middleBelt"];

const BRANDS = [
  "Divine Favour", "God's Grace", "Royal", "Golden", "Excel", "Prime", "Heritage", "Crystal", "Jubilee", "Kings",
  "Evergreen", "Bright Star", "Top Notch", "Silverline", "Treasure", "New Dawn", "Peculiar", "Covenant", "Grace Land",
  "Blessed", "Crown", "Summit", "Pinnacle", "Victory", "Cornerstone", "Oasis", "Sapphire", "Splendour", "Mega", "De-Choice",
  "Ire-Oluwa", "Ayomide", "Ibukun", "Oreofe", "Chukwudi", "Onyeka", "Ebube", "Chinonso", "Al-Ameen", "Albarka", "Nasara",
  "Alheri", "Arewa", "Zumunta", "Osas", "Itoro", "Rock City", "Green Valley", "Mama Put", "Iya Basira", "Mama Cass",
];
const DEFAULT_PATTERNS = ["{P} {N}", "{P} {N}", "{S} {N}", "{A} {N}", "{F}'s {N}"];
const EXTRA_SENTENCES = [
  "Open Monday to Saturday, 8am to 7pm.", "Open every day, including Sundays after church.",
  "We accept cash, POS and bank transfers.", "Call or WhatsApp us to place an order.", "Delivery available within {city}.",
  "Customer satisfaction is our priority.", "Visit us today and experience the difference.",
  "Trusted by hundreds of customers in {state}.", "Ask about our discounts for repeat customers.", "Convenient parking available.",
];

function weightedPicker<K extends string>(weights: Record<K, number>): (rng: Rng) => K {
  const entries = Object.entries(weights) as [K, number][];
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  return (rng) => {
    let roll = rng.float() * total;
    for (const [key, w] of entries) {
      roll -= w;
      if (roll < 0) return key;
    }
    return entries[entries.length - 1][0];
  };
}
const pickState = weightedPicker(STATE_WEIGHTS);
const pickCategory = weightedPicker(CATEGORY_WEIGHTS);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? "");

export type GeneratedOwner = { firstName: string; lastName: string; state: Region };

export type GeneratedBusiness = {
  name: string;
  description: string;
  address: string;
  plotNumber: string | null;
  state: Region;
  /** One of the state's LGAs (none for about 1 in 10), and an optional landmark line (db/seed/places.ts). */
  lga: string | null;
  landmark: string | null;
  phoneNumber: string;
  websiteUrl: string | null;
  products: string[];
  category: Category;
};

/** An owner living in a state, named like people there. */
export function generateOwner(rng: Rng): GeneratedOwner {
  const state = pickState(rng);
  const group = rng.chance(0.7) ? (GROUP_BY_ZONE[state] ?? "hausa") : rng.pick(GROUPS);
  return { firstName: rng.pick(NAMES[group].first), lastName: rng.pick(NAMES[group].last), state };
}

/** One listing of an owner, in the owner's state most of the time. */
export function generateBusiness(rng: Rng, owner: GeneratedOwner): GeneratedBusiness {
  const state = rng.chance(0.85) ? owner.state : pickState(rng);
  const category = pickCategory(rng);
  const profile = CATEGORY_PROFILES[category];
  const locality = LOCALITIES[state] ? rng.pick(LOCALITIES[state]!) : null;
  const city = locality?.city ?? CAPITALS[state]?.city ?? state;
  const area = locality?.area ?? city;
  const street = rng.pick(locality?.streets ?? CAPITALS[state]?.streets ?? ["Market Road"]);
  const place = area === city ? city : `${area}, ${city}`;
  const otherGroup = rng.pick(GROUPS);
  const name = fill(rng.pick(profile.patterns ?? DEFAULT_PATTERNS), {
    S: owner.lastName, S2: rng.pick(NAMES[otherGroup].last), F: owner.firstName, P: rng.pick(BRANDS), A: area, C: city,
    N: rng.pick(profile.nouns),
  }).replace(/\s+/g, " ").trim().slice(0, 100);
  const products = rng.sample(profile.products, rng.int(3, 7));
  const values = { name, city, state: state === "FCT" ? "Abuja" : state, area, street, years: String(rng.int(3, 25)), p1: products[0] ?? "" };
  const [a, b, c] = products.map(inSentence);
  const parts = [fill(rng.pick(profile.blurbs), values), `We offer ${a}, ${b}, ${c} and more.`];
  for (const extra of rng.sample(EXTRA_SENTENCES, rng.int(1, 2))) parts.push(fill(extra, values));
  const address = `${rng.int(1, 180)} ${street}, ${place}`;
  return {
    name,
    description: parts.join(" "),
    address,
    plotNumber: rng.chance(0.3) ? rng.pick([`Shop ${rng.int(1, 40)}`, `Plot ${rng.int(1, 600)}`, `Suite ${rng.int(1, 20)}`]) : null,
    state,
    // From a hash, not the random sequence, so every other generated value stays as it was.
    ...generatedPlace(state, area, `${name}|${address}`, street),
    phoneNumber: nigerianPhone(rng),
    websiteUrl: rng.chance(0.2) ? `https://${slugify(name).slice(0, 40)}.example.com` : null,
    products,
    category,
  };
}
