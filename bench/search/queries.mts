/**
 * 300+ varied listing-page requests, deterministic: common words, place names, partial words, 3-letter
 * words, misspellings, several words, owner and brand names, region, LGA and category filters with and
 * without text, later pages, and near-me searches (alone, with text, with a category). Each is the query string
 * of GET /businesses?….
 */
import { formatNear, scatterAround } from "../../app/lib/geo";
import { lgasOf } from "../../app/lib/nigeria-lgas";
import { CATEGORIES, REGIONS } from "../../app/lib/reference";
import { Rng } from "../../db/seed/data";

const COMMON = [
  "shop", "store", "Lagos", "Abuja", "Kano", "services", "kitchen", "restaurant", "hotel", "pharmacy", "bakery", "repairs",
  "salon", "phone", "car", "bread", "rice", "solar", "generator", "fashion", "market", "food", "supermarket", "school",
  "clinic", "tailor", "mechanic", "plumber", "electrician", "printing", "and", "Ikeja", "Port Harcourt", "Ibadan", "Enugu",
];
const PARTIAL = ["pharm", "electr", "mecha", "plumb", "bak", "restau", "barb", "tail", "cater", "photog", "supermar", "vulcan", "gene", "fash", "inter", "logist"];
const THREE = ["bar", "car", "gas", "oil", "spa", "inn", "fix", "tea", "pie", "art", "wig", "cab", "bus", "ice", "gym", "law", "web", "tyr", "jol", "amala"];
const TYPOS = [
  "resturant", "pharmcy", "electrican", "plumer", "mechnic", "supermaket", "bakry", "hotl", "Mama Cass Kitchn", "barbar shop",
  "jollof rize", "tylor", "fasion designer", "saloon", "generater repair", "phamacy lagos", "vulcaniser", "laundary", "carwash", "buka",
];
const PHRASES = [
  "jollof rice", "car wash ikeja", "phone repair abuja", "wedding cakes", "solar installation kano", "pounded yam", "hair braiding",
  "tyre shop", "auto parts lagos", "real estate abuja", "printing press", "event centre lekki", "fresh fish", "building materials",
  "school uniforms", "laptop repair", "gas refill", "water factory", "poultry farm", "driving school", "bridal makeup",
  "fried rice and chicken", "mobile phone accessories", "interior decoration", "web developer lagos", "travel agency hajj",
];
const NAMES = [
  "Divine Favour", "God's Grace", "Chidi", "Royal", "Golden", "Excel", "Covenant", "Blessed", "Kings", "Treasure", "Al-Ameen",
  "Alheri", "Oluwaseun", "Mama Put", "Iya Basira", "Bakare", "Okafor", "Bello", "Okon", "Adebayo",
];

/** 'Open now' requests of the list (also measured at fixed times by open-now.mts). */
export const OPEN_NOW_QUERIES = [
  "open=now", "open=now&page=2", "open=now&page=5", "open=now&region=Lagos", "open=now&region=Kebbi", "open=now&category=pharmacy%20store",
  "open=now&category=restaurant%2Fbar", "open=now&region=Lagos&category=eatery", "open=now&sort=rating",
  ...["shop", "pharmacy", "Lagos", "jollof rice", "Divine Favour", "mecha", "car wash ikeja", "hotl"].map((text) => `q=${encodeURIComponent(text)}&open=now`),
  `q=shop&open=now&region=Oyo`, `q=restaurant&open=now&page=2`,
];

/** The request list: query strings without the leading '?'. */
export function benchQueries(seed = 11): string[] {
  const rng = new Rng(seed);
  const q = (text: string, extra = "") => `q=${encodeURIComponent(text)}${extra}`;
  const list: string[] = [];
  for (const text of [...COMMON, ...PARTIAL, ...THREE, ...TYPOS, ...PHRASES, ...NAMES]) list.push(q(text));
  // Text with a filter.
  for (const text of rng.sample([...COMMON, ...PHRASES, ...PARTIAL, ...NAMES], 70)) {
    list.push(rng.chance(0.5) ? q(text, `&region=${encodeURIComponent(rng.pick(REGIONS))}`) : q(text, `&category=${encodeURIComponent(rng.pick(CATEGORIES).toLowerCase())}`));
  }
  // Filters only (the home page's category grid, the sidebar), both, and later pages.
  for (const region of rng.sample(REGIONS, 20)) list.push(`region=${encodeURIComponent(region)}`);
  for (const category of rng.sample(CATEGORIES, 25)) list.push(`category=${encodeURIComponent(category.toLowerCase())}`);
  for (let i = 0; i < 30; i++) list.push(`region=${encodeURIComponent(rng.pick(REGIONS))}&category=${encodeURIComponent(rng.pick(CATEGORIES))}`);
  for (let i = 0; i < 20; i++) list.push(`${q(rng.pick([...COMMON, ...PARTIAL]))}&page=${rng.int(2, 5)}`);
  list.push("", "page=2", "page=50");
  list.push(...lgaQueries(seed));
  // 'Open now' (ADR 21), alone, with text, with a filter and on a later page: fixed picks, so the rest of the list
  // is the same as before. Its cost depends on the hour it runs (dense by day, sparse at night): open-now.mts
  // measures it at chosen times.
  list.push(...OPEN_NOW_QUERIES);
  // Near me (ADR 23): points where listings are (around the state capitals), alone, with text, with a category,
  // by rating, and a later page; near= is rounded to 4 decimals as the button sends it.
  const near = () => `near=${encodeURIComponent(formatNear(scatterAround(rng.pick(REGIONS), rng.float(), rng.float(), 30)))}`;
  for (let i = 0; i < 15; i++) list.push(near());
  for (const text of rng.sample([...COMMON, ...PHRASES, ...PARTIAL, ...NAMES], 15)) list.push(`${q(text)}&${near()}`);
  for (let i = 0; i < 10; i++) list.push(`category=${encodeURIComponent(rng.pick(CATEGORIES).toLowerCase())}&${near()}`);
  for (let i = 0; i < 5; i++) list.push(`${near()}&sort=rating`, `${near()}&page=${rng.int(2, 5)}`);
  return rng.shuffle(list);
}

/**
 * The rating requests (issue 16), deterministic: sort=rating and 'Rated 4+' (rating=4), each alone and together,
 * browsing, with a region, a category or both, with common and rare text, and later pages; about 200.
 */
export function ratingQueries(seed = 16): string[] {
  const rng = new Rng(seed);
  const rating = ["sort=rating", "rating=4", "rating=4&sort=rating"];
  const list: string[] = [];
  for (const r of rating) {
    list.push(r, `${r}&page=2`, `${r}&page=${rng.int(3, 10)}`);
    for (const region of rng.sample(REGIONS, 8)) list.push(`${r}&region=${encodeURIComponent(region)}`);
    for (const category of rng.sample(CATEGORIES, 8)) list.push(`${r}&category=${encodeURIComponent(category)}`);
    for (let i = 0; i < 8; i++) list.push(`${r}&region=${encodeURIComponent(rng.pick(REGIONS))}&category=${encodeURIComponent(rng.pick(CATEGORIES))}`);
    for (const text of rng.sample([...COMMON, ...PHRASES, ...PARTIAL, ...NAMES], 30)) list.push(`q=${encodeURIComponent(text)}&${r}`);
    for (let i = 0; i < 8; i++) list.push(`q=${encodeURIComponent(rng.pick(COMMON))}&${r}&page=${rng.int(2, 5)}`);
  }
  return rng.shuffle(list);
}

/**
 * Region + LGA filters (issue 17): alone, with a category, with text, a later page and by rating. Drawn from
 * their own sequence, so the other requests stay as they were.
 */
function lgaQueries(seed: number): string[] {
  const rng = new Rng(seed + 1);
  const lga = () => {
    const region = rng.pick(REGIONS);
    return `region=${encodeURIComponent(region)}&lga=${encodeURIComponent(rng.pick(lgasOf(region)))}`;
  };
  const list: string[] = [];
  for (let i = 0; i < 20; i++) list.push(lga());
  for (let i = 0; i < 10; i++) list.push(`${lga()}&category=${encodeURIComponent(rng.pick(CATEGORIES))}`);
  for (let i = 0; i < 15; i++) list.push(`q=${encodeURIComponent(rng.pick([...COMMON, ...PHRASES, ...PARTIAL]))}&${lga()}`);
  for (let i = 0; i < 5; i++) list.push(`${lga()}&page=2`);
  for (let i = 0; i < 5; i++) list.push(`${lga()}&sort=rating`);
  // The busiest LGAs of the demo's biggest cities.
  list.push("region=Lagos&lga=Ikeja", "region=Lagos&lga=Eti%20Osa", "region=FCT&lga=Abuja%20Municipal", "q=shop&region=Lagos&lga=Ikeja");
  return list;
}

/**
 * A different set for warming up the server before measuring, as a server that has been running a
 * while is (the embedded database's WebAssembly code is compiled to fast code only once it has run
 * for a while): other words and other pages, about 200 requests.
 */
export function warmUpQueries(): string[] {
  const rng = new Rng(97);
  const words = ["fish", "tiles", "books", "cement", "shoes", "cakes", "suya", "chemist", "cinema", "laundry", "garri", "paint", "okada", "keke", "ankara", "aso ebi", "palm oil", "yam", "plantain", "kiosk"];
  return rng.shuffle([
    ...words.map((word) => `q=${encodeURIComponent(word)}`),
    ...words.map((word) => `q=${encodeURIComponent(word)}&page=2`),
    ...words.map((word) => `q=${encodeURIComponent(word)}&region=${encodeURIComponent(rng.pick(REGIONS))}`),
    ...words.map((word) => `q=${encodeURIComponent(word)}&category=${encodeURIComponent(rng.pick(CATEGORIES))}`),
    ...words.map((word) => `q=${encodeURIComponent(word.slice(0, 4))}`),
    ...REGIONS.map((region) => `region=${encodeURIComponent(region)}&page=2`),
    ...CATEGORIES.map((category) => `category=${encodeURIComponent(category)}&page=2`),
  ]);
}
