/**
 * Listing images drawn locally (no network): an SVG composed in code, rasterised by sharp,
 * then passed through normalizeImage exactly like an upload and stored as WebP.
 * Position 1 is the listing's own cover (name, category, city); positions 2 and 3 are the
 * category's "what we offer" board and pattern card, rendered once per category and reused.
 */
import { createHash, randomUUID } from "node:crypto";
import { mkdir, readFile, rename, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { normalizeImage } from "../../app/lib/images.server";
import type { Storage } from "../../app/lib/storage.server";
import { getStorage } from "../../app/lib/storage.server";
import { findCategory } from "../../app/lib/reference";
import { CATEGORY_PROFILES, inSentence, mulberry32, type IconName } from "./data";
import { addBusinessImage, type BusinessImageRow, type DbOrTx } from "./factories";

export const IMAGE_WIDTH = 1200;
export const IMAGE_HEIGHT = 800;
const FONT = "DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif";

/** A rendered, normalised image ready to store. */
export type RenderedImage = { data: Buffer; width: number; height: number };

/** What a listing's images are drawn from. */
export type BusinessImageSpec = {
  name: string;
  category: string | null;
  city?: string | null;
  state?: string | null;
  products?: readonly string[];
  /** Varies the decoration and colour a little; the same seed draws the same picture. */
  seed: number;
};

// ---------------------------------------------------------------------------------------------
// Drawing helpers
// ---------------------------------------------------------------------------------------------

/** Escapes text for SVG. */
export function xml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[ch]!);
}

const hsl = (h: number, s: number, l: number) => `hsl(${((Math.round(h) % 360) + 360) % 360},${s}%,${l}%)`;

/** Icons on a 100×100 grid, drawn with the stroke colour given. */
const ICONS: Record<IconName, (c: string, bg: string) => string> = {
  food: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><circle cx="50" cy="52" r="25"/><circle cx="50" cy="52" r="15" stroke-width="4"/><path d="M12 18v24m8-24v24m-8 0q4 8 8 0m-4 6v40"/><path d="M88 18c-10 8-10 26 0 30v40"/></g>`,
  cake: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><rect x="16" y="52" width="68" height="32" rx="5"/><rect x="26" y="34" width="48" height="18" rx="5"/><path d="M16 64q8 7 17 0t17 0t17 0t17 0"/><path d="M40 34V22m20 12V22"/></g><circle cx="40" cy="15" r="4" fill="${c}"/><circle cx="60" cy="15" r="4" fill="${c}"/>`,
  drink: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M20 22h60L50 56z"/><path d="M50 56v28m-16 0h32"/><path d="M62 8l-8 26"/></g><circle cx="42" cy="31" r="5" fill="${c}"/>`,
  bag: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M20 34h60l-4 52H24z"/><path d="M36 44V28a14 14 0 0 1 28 0v16"/></g>`,
  cart: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M8 18h12l10 46h48l8-34H24"/><path d="M34 46h46"/></g><circle cx="38" cy="78" r="7" fill="${c}"/><circle cx="72" cy="78" r="7" fill="${c}"/>`,
  car: (c, bg) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"><path d="M10 66V52q0-5 6-6l10-14q2-3 6-3h34q4 0 6 3l12 14q8 1 8 7v13z"/><path d="M30 46l6-9h26l8 9z"/></g><circle cx="30" cy="68" r="10" fill="${bg}" stroke="${c}" stroke-width="6"/><circle cx="72" cy="68" r="10" fill="${bg}" stroke="${c}" stroke-width="6"/>`,
  wrench: (c) => `<g fill="none" stroke="${c}" stroke-linecap="round" stroke-linejoin="round"><path d="M22 80l34-34" stroke-width="12"/><path d="M58 44a20 20 0 0 1 22-30l-11 12 3 9 9 3 12-11a20 20 0 0 1-30 22" stroke-width="6"/></g>`,
  tyre: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"><circle cx="50" cy="50" r="36"/><circle cx="50" cy="50" r="14"/><path d="M50 36V20m0 44v16M36 50H20m44 0h16M40 40 29 29m32 32 10 10M60 40l11-11M40 60 29 71"/></g>`,
  fuel: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><rect x="16" y="14" width="40" height="70" rx="5"/><rect x="24" y="24" width="24" height="16" rx="2"/><path d="M10 86h52M56 36h10a6 6 0 0 1 6 6v26a6 6 0 0 0 12 0V32l-8-10"/></g>`,
  truck: (c, bg) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"><rect x="6" y="26" width="54" height="40" rx="3"/><path d="M60 38h16l14 16v12H60z"/></g><circle cx="26" cy="70" r="9" fill="${bg}" stroke="${c}" stroke-width="6"/><circle cx="74" cy="70" r="9" fill="${bg}" stroke="${c}" stroke-width="6"/>`,
  cross: (c) => `<path d="M38 12h24v26h26v24H62v26H38V62H12V38h26z" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"/><circle cx="50" cy="50" r="6" fill="${c}"/>`,
  tooth: (c) => `<path d="M30 16c-12 0-17 15-11 30 4 10 6 38 15 38 8 0 8-22 16-22s8 22 16 22c9 0 11-28 15-38 6-15 1-30-11-30-8 0-12 5-20 5s-12-5-20-5z" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"/>`,
  scissors: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"><circle cx="30" cy="74" r="12"/><circle cx="70" cy="74" r="12"/><path d="M38 64 74 12M62 64 26 12"/></g>`,
  shirt: (c) => `<path d="M36 14 18 22 6 42l16 8 6-8v44h44V42l6 8 16-8-12-20-18-8q-14 14-28 0z" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"/>`,
  shoe: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M8 72V36q0-6 6-6h14l12 18q22 8 40 10 12 2 12 14v6H8z"/><path d="M8 64h84M36 44l6-4m2 12 6-4"/></g>`,
  book: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"><path d="M50 26Q34 14 10 18v62q24-4 40 8 16-12 40-8V18q-24-4-40 8z"/><path d="M50 26v62M20 34q12-2 22 4M20 48q12-2 22 4M58 38q10-6 22-4M58 52q10-6 22-4"/></g>`,
  laptop: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><rect x="18" y="18" width="64" height="44" rx="4"/><path d="M6 74h88l-6 10H12zM42 32l-8 8 8 8m16-16 8 8-8 8"/></g>`,
  phone: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><rect x="28" y="8" width="44" height="84" rx="8"/><path d="M44 78h12M28 22h44M28 68h44"/></g>`,
  bolt: (c) => `<path d="M58 6 20 56h26l-6 38 40-52H54z" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"/>`,
  sun: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"><circle cx="50" cy="50" r="17"/><path d="M50 8v12m0 60v12M8 50h12m60 0h12M20 20l9 9m42 42 9 9M80 20l-9 9M29 71l-9 9"/></g>`,
  drop: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M50 8S20 44 20 62a30 30 0 0 0 60 0C80 44 50 8 50 8z"/><path d="M36 62a14 14 0 0 0 12 14"/></g>`,
  house: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M8 48 50 14l42 34"/><path d="M20 40v46h60V40"/><path d="M42 86V62h16v24"/></g>`,
  briefcase: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><rect x="10" y="30" width="80" height="54" rx="6"/><path d="M36 30v-8q0-4 4-4h20q4 0 4 4v8M10 54h80"/></g><rect x="44" y="48" width="12" height="12" rx="2" fill="${c}"/>`,
  camera: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><rect x="8" y="28" width="84" height="56" rx="8"/><path d="M32 28l6-12h24l6 12"/><circle cx="50" cy="56" r="16"/></g><circle cx="78" cy="40" r="4" fill="${c}"/>`,
  star: (c) => `<path d="M50 8l12 28 30 3-23 20 7 30-26-16-26 16 7-30L8 39l30-3z" fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"/>`,
  bed: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M8 24v62M8 66h84v20M8 54h84q0-16-16-16H44v16"/></g><rect x="16" y="40" width="22" height="12" rx="5" fill="${c}"/>`,
  leaf: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M18 82C14 42 44 14 88 12c2 44-26 74-70 70z"/><path d="M18 82 66 34M40 60h18M40 60V42"/></g>`,
  dumbbell: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M30 50h40"/><rect x="14" y="30" width="16" height="40" rx="3"/><rect x="70" y="30" width="16" height="40" rx="3"/><path d="M8 40v20m84-20v20"/></g>`,
  plane: (c) => `<path d="M92 14c-4-4-12-2-18 4L60 32 18 20l-8 8 34 20-14 14H16l-6 6 16 8 8 16 6-6V72l14-14 20 34 8-8-12-42 14-14c6-6 8-14 4-18z" fill="none" stroke="${c}" stroke-width="5" stroke-linejoin="round"/>`,
  shield: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M50 8l36 12v26c0 24-16 38-36 46-20-8-36-22-36-46V20z"/><path d="M34 50l12 12 22-24"/></g>`,
  printer: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round"><path d="M26 36V12h48v24"/><rect x="8" y="36" width="84" height="34" rx="6"/><path d="M26 58h48v30H26z"/></g><circle cx="78" cy="48" r="4" fill="${c}"/>`,
  flame: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M50 6c4 18 28 28 28 54a28 28 0 0 1-56 0c0-14 8-20 14-30 2 10 6 14 10 16 2-14 0-28 4-40z"/><path d="M50 88a12 12 0 0 1-12-12c0-8 8-12 12-20 4 8 12 12 12 20a12 12 0 0 1-12 12z"/></g>`,
  brush: (c) => `<g fill="none" stroke="${c}" stroke-linecap="round" stroke-linejoin="round"><path d="M82 10 54 48" stroke-width="9"/><path d="M52 46l10 8" stroke-width="6"/><path d="M46 52c-14 0-22 10-24 20-2 8-6 12-12 14 18 6 40 2 46-16z" stroke-width="6"/></g>`,
  bank: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round"><path d="M8 36 50 12l42 24zM20 44v30m20-30v30m20-30v30m20-30v30M10 84h80"/></g>`,
  film: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linejoin="round" stroke-linecap="round"><rect x="10" y="38" width="80" height="48" rx="4"/><path d="M10 38 84 16l4 14-78 8M30 32l10-14m12 8 10-14"/></g><path d="M42 50v24l20-12z" fill="${c}"/>`,
  egg: (c) => `<g fill="none" stroke="${c}" stroke-width="6" stroke-linecap="round"><path d="M50 10c-18 0-30 30-30 48a30 30 0 0 0 60 0c0-18-12-48-30-48z"/><path d="M34 58a16 16 0 0 0 10 16"/></g>`,
};

/** The category's icon and hue; unknown categories get a shop bag. */
function look(category: string | null) {
  const known = findCategory(category);
  const profile = known ? CATEGORY_PROFILES[known] : null;
  return { icon: profile?.icon ?? ("bag" as IconName), hue: profile?.hue ?? 210, label: known ?? category ?? "Business" };
}

/** Initials for names that have no icon space ('Mama Cass Kitchen' -> 'MC'). */
export function initials(name: string): string {
  const words = name.replace(/[^\p{L}\p{N}\s]/gu, " ").split(/\s+/).filter(Boolean);
  return (words.slice(0, 2).map((w) => w[0]).join("") || "?").toUpperCase();
}

/** Splits a long name into at most two balanced lines. */
function wrapName(name: string): string[] {
  if (name.length <= 22) return [name];
  const words = name.split(" ");
  let best: string[] = [name];
  let bestScore = Infinity;
  for (let i = 1; i < words.length; i++) {
    const a = words.slice(0, i).join(" ");
    const b = words.slice(i).join(" ");
    const score = Math.max(a.length, b.length);
    if (score < bestScore) {
      bestScore = score;
      best = [a, b];
    }
  }
  return best;
}

/** Font size that fits `text` in `width` px (DejaVu Sans Bold is about 0.64 em per character). */
const fitSize = (text: string, width: number, max: number) => Math.min(max, Math.floor(width / (0.64 * Math.max(text.length, 1))));

function background(hue: number, rand: () => number, id: string): string {
  // Warm hues drift towards red (yellow-to-green at low lightness reads as olive); cool ones drift on.
  const norm = ((hue % 360) + 360) % 360;
  const warm = norm <= 100 || norm >= 345;
  const h2 = warm ? hue - 14 - rand() * 16 : hue + 18 + rand() * 24;
  const angle = rand() < 0.5;
  const circles = Array.from({ length: 5 }, () => {
    const r = 80 + rand() * 260;
    return `<circle cx="${Math.round(rand() * IMAGE_WIDTH)}" cy="${Math.round(rand() * IMAGE_HEIGHT)}" r="${Math.round(r)}" fill="#fff" fill-opacity="${(0.03 + rand() * 0.06).toFixed(3)}"/>`;
  }).join("");
  const rings = Array.from({ length: 2 }, () =>
    `<circle cx="${Math.round(rand() * IMAGE_WIDTH)}" cy="${Math.round(rand() * IMAGE_HEIGHT)}" r="${Math.round(60 + rand() * 140)}" fill="none" stroke="#fff" stroke-opacity="0.12" stroke-width="${(3 + rand() * 6).toFixed(1)}"/>`,
  ).join("");
  const waveY = 640 + rand() * 60;
  return `<defs>
  <linearGradient id="${id}bg" x1="0" y1="0" x2="${angle ? 1 : 0.4}" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 62, warm ? 44 : 46)}"/><stop offset="1" stop-color="${hsl(h2, 70, 24)}"/>
  </linearGradient>
  <pattern id="${id}dots" width="28" height="28" patternUnits="userSpaceOnUse"><circle cx="4" cy="4" r="2.2" fill="#fff" fill-opacity="0.16"/></pattern>
</defs>
<rect width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" fill="url(#${id}bg)"/>
<circle cx="${Math.round(300 + rand() * 600)}" cy="180" r="520" fill="#fff" fill-opacity="0.07"/>
${circles}${rings}
<rect x="${rand() < 0.5 ? 40 : 900}" y="40" width="260" height="170" fill="url(#${id}dots)"/>
<path d="M0 ${waveY.toFixed(0)} C300 ${(waveY - 70).toFixed(0)} 600 ${(waveY + 60).toFixed(0)} 1200 ${(waveY - 30).toFixed(0)} V800 H0z" fill="#000" fill-opacity="0.16"/>`;
}

function iconAt(icon: IconName, cx: number, cy: number, size: number, color: string, bg: string): string {
  const scale = size / 100;
  return `<g transform="translate(${cx - size / 2} ${cy - size / 2}) scale(${scale})">${ICONS[icon](color, bg)}</g>`;
}

/** Text with a soft drop shadow (a darker copy underneath: cheaper than an SVG filter). */
function shadowText(x: number, y: number, size: number, text: string, opts: { weight?: number; opacity?: number; anchor?: string } = {}): string {
  const attrs = `font-family="${FONT}" font-size="${size}" font-weight="${opts.weight ?? 700}" text-anchor="${opts.anchor ?? "middle"}"`;
  return `<text x="${x + 3}" y="${y + 4}" ${attrs} fill="#000" fill-opacity="0.28">${xml(text)}</text><text x="${x}" y="${y}" ${attrs} fill="#fff" fill-opacity="${opts.opacity ?? 1}">${xml(text)}</text>`;
}

/** The listing's cover: gradient in the category's colour, its icon in a badge, the name and place. */
export function coverSvg(spec: BusinessImageSpec): string {
  const rand = mulberry32(spec.seed);
  const { icon, hue: baseHue, label } = look(spec.category);
  const hue = baseHue + (rand() - 0.5) * 20;
  const accent = hsl(hue, 65, 38);
  const lines = wrapName(spec.name);
  const size = Math.min(...lines.map((l) => fitSize(l, 1040, lines.length > 1 ? 78 : 92)));
  const nameTop = lines.length > 1 ? 470 : 505;
  const nameSvg = lines.map((line, i) => shadowText(600, nameTop + i * size * 1.12, size, line)).join("");
  const place = [spec.city, spec.state && spec.state !== spec.city ? (spec.state === "FCT" ? "Abuja" : spec.state) : null]
    .filter(Boolean).join(", ");
  const subtitle = place ? `${label}  ·  ${place}` : label;
  const subY = nameTop + (lines.length - 1) * size * 1.12 + 78;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">
${background(hue, rand, "c")}
<circle cx="600" cy="250" r="128" fill="#000" fill-opacity="0.18"/>
<circle cx="600" cy="244" r="124" fill="#fff"/>
<circle cx="600" cy="244" r="108" fill="none" stroke="${accent}" stroke-opacity="0.25" stroke-width="4"/>
${iconAt(icon, 600, 244, 132, accent, "#fff")}
${nameSvg}
${shadowText(600, subY, fitSize(subtitle, 1000, 38), subtitle, { weight: 400, opacity: 0.9 })}
</svg>`;
}

/** The category's "what we offer" board: icon on the left, four products as chips on the right. */
export function offerSvg(category: string | null, products: readonly string[]): string {
  const { icon, hue, label } = look(category);
  const rand = mulberry32(hue * 7919 + label.length);
  const shifted = hue + 150;
  const accent = hsl(shifted, 60, 36);
  const chips = products.slice(0, 4).map((p, i) => {
    const text = p.length > 30 ? `${p.slice(0, 29)}…` : p;
    const y = 250 + i * 104;
    const width = Math.min(640, 90 + text.length * 21);
    return `<rect x="500" y="${y}" width="${width}" height="76" rx="38" fill="#fff" fill-opacity="0.94"/>
<circle cx="540" cy="${y + 38}" r="12" fill="${accent}"/>
<text x="568" y="${y + 50}" font-family="${FONT}" font-size="34" font-weight="700" fill="${hsl(shifted, 45, 22)}">${xml(text)}</text>`;
  }).join("");
  const title = "What we offer";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">
${background(shifted, rand, "o")}
<circle cx="260" cy="400" r="190" fill="#000" fill-opacity="0.16"/>
<circle cx="254" cy="392" r="186" fill="#fff"/>
${iconAt(icon, 254, 392, 210, accent, "#fff")}
${shadowText(500, 190, 64, title, { anchor: "start" })}
${chips}
</svg>`;
}

/** The category's pattern card: its icon tiled on a gradient, with the category name on a band. */
export function patternSvg(category: string | null, products: readonly string[]): string {
  const { icon, hue, label } = look(category);
  const rand = mulberry32(hue * 104729 + label.length * 31);
  const h = hue - 25;
  const tiles: string[] = [];
  for (let row = 0; row < 5; row++) {
    for (let col = 0; col < 8; col++) {
      const x = col * 160 + (row % 2 ? 80 : 0) + 20;
      const y = row * 170 + 10;
      tiles.push(`<g opacity="0.16" transform="rotate(${(rand() * 30 - 15).toFixed(1)} ${x + 40} ${y + 40})">${iconAt(icon, x + 40, y + 40, 84, "#fff", hsl(h, 60, 35))}</g>`);
    }
  }
  const tagline = products.slice(0, 3).map(inSentence).join("  ·  ");
  const title = label;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${IMAGE_WIDTH}" height="${IMAGE_HEIGHT}" viewBox="0 0 ${IMAGE_WIDTH} ${IMAGE_HEIGHT}">
${background(h, rand, "p")}
${tiles.join("")}
<rect x="0" y="300" width="${IMAGE_WIDTH}" height="220" fill="#000" fill-opacity="0.32"/>
${shadowText(600, 410, fitSize(title, 1000, 96), title)}
${shadowText(600, 475, fitSize(tagline, 1040, 34), tagline, { weight: 400, opacity: 0.92 })}
</svg>`;
}

/**
 * Finished images are kept in a content-addressed cache under the OS temp folder, so seeding again
 * (tests, a reset dev database) skips the drawing. Bump when the drawing or normalising changes.
 */
const CACHE_VERSION = 1;
const CACHE_DIR = path.join(tmpdir(), "naija-directory-seed-images");

async function cacheRead(key: string): Promise<RenderedImage | null> {
  try {
    const data = await readFile(path.join(CACHE_DIR, `${key}.webp`));
    const meta = await sharp(data).metadata();
    if (meta.format !== "webp" || !meta.width || !meta.height) return null;
    return { data, width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}

async function cacheWrite(key: string, data: Buffer): Promise<void> {
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    const file = path.join(CACHE_DIR, `${key}.webp`);
    const temp = `${file}.${process.pid}.${randomUUID()}.tmp`;
    await writeFile(temp, data);
    await rename(temp, file);
  } catch {
    // A cache that cannot be written only costs time.
  }
}

/** Looks a drawing up in the cache, else produces and caches it. */
async function viaCache(kind: string, svg: string, produce: () => Promise<RenderedImage>, cache: boolean): Promise<RenderedImage> {
  if (!cache) return produce();
  const key = createHash("sha256").update(`${CACHE_VERSION}\n${kind}\n${sharp.versions.vips}\n${svg}`).digest("hex");
  const hit = await cacheRead(key);
  if (hit) return hit;
  const image = await produce();
  await cacheWrite(key, image.data);
  return image;
}

/** Rasterises an SVG and normalises it exactly like an uploaded image (WebP, no metadata). */
export function renderSvg(svg: string, options: { cache?: boolean } = {}): Promise<RenderedImage> {
  return viaCache("listing", svg, async () => {
    const png = await sharp(Buffer.from(svg)).png({ compressionLevel: 0 }).toBuffer();
    const { data, width, height } = await normalizeImage(png);
    return { data, width, height };
  }, options.cache !== false);
}

const sharedCache = new Map<string, Promise<RenderedImage>>();

/**
 * The image at a position for a listing: 1 is its own cover; 2 and 3 are shared per category
 * (rendered once per process and reused).
 */
export function renderBusinessImage(spec: BusinessImageSpec, position: number): Promise<RenderedImage> {
  if (position <= 1) return renderSvg(coverSvg(spec));
  const known = findCategory(spec.category);
  const products = known ? CATEGORY_PROFILES[known].products : spec.products ?? [];
  const key = `${position === 2 ? "offer" : "pattern"}:${known ?? spec.category ?? ""}`;
  let cached = sharedCache.get(key);
  if (!cached) {
    cached = renderSvg(position === 2 ? offerSvg(spec.category, products) : patternSvg(spec.category, products));
    sharedCache.set(key, cached);
    cached.catch(() => sharedCache.delete(key));
  }
  return cached;
}

/** Runs `task` over `items` with at most `limit` in flight; results keep the input order. */
export async function mapLimit<T, R>(items: readonly T[], limit: number, task: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await task(items[i], i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

/** The storage key of a demo listing image: `${businessId}/${timestamp}_${n}.webp` (uploads add a random part). */
export function businessImageKey(businessId: string, timestamp: number, position: number): string {
  return `${businessId}/${timestamp}_${position}.webp`;
}

/** Stores rendered images for a listing (positions 1..n) and inserts their business_images rows. */
export async function saveBusinessImages(
  db: DbOrTx,
  input: { businessId: string; images: readonly RenderedImage[]; timestamp?: number; createdAt?: Date; storage?: Storage },
): Promise<BusinessImageRow[]> {
  const storage = input.storage ?? getStorage();
  const timestamp = input.timestamp ?? Date.now();
  const rows: BusinessImageRow[] = [];
  for (const [i, image] of input.images.entries()) {
    const position = i + 1;
    const key = businessImageKey(input.businessId, timestamp, position);
    await storage.put("business-images", key, image.data, "image/webp");
    rows.push(await addBusinessImage(db, {
      businessId: input.businessId, imageUrl: key, position, width: image.width, height: image.height,
      createdAt: input.createdAt,
    }));
  }
  return rows;
}

/** Draws, stores and records `count` (1–3) images for a listing: handy in tests that need real files. */
export async function addGeneratedImages(
  db: DbOrTx,
  input: BusinessImageSpec & { businessId: string; count?: number; timestamp?: number; storage?: Storage },
): Promise<BusinessImageRow[]> {
  const count = Math.max(1, Math.min(3, input.count ?? 1));
  const images = await Promise.all(Array.from({ length: count }, (_, i) => renderBusinessImage(input, i + 1)));
  return saveBusinessImages(db, { businessId: input.businessId, images, timestamp: input.timestamp, storage: input.storage });
}

/**
 * A stand-in identity document for a demo KYC submission: clearly marked SPECIMEN, with the
 * submitter's name and number. Private bucket only.
 */
export async function renderKycDocument(input: { fullName: string; idNumber: string; seed: number }): Promise<Buffer> {
  const rand = mulberry32(input.seed);
  const hue = 140 + rand() * 80;
  const [first, ...rest] = input.fullName.split(" ");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="960" height="600" viewBox="0 0 960 600">
<rect width="960" height="600" fill="#e9ecef"/>
<rect x="40" y="40" width="880" height="520" rx="28" fill="${hsl(hue, 35, 94)}" stroke="${hsl(hue, 40, 60)}" stroke-width="4"/>
<rect x="40" y="40" width="880" height="96" rx="28" fill="${hsl(hue, 50, 34)}"/><rect x="40" y="108" width="880" height="28" fill="${hsl(hue, 50, 34)}"/>
<text x="480" y="102" font-family="${FONT}" font-size="38" font-weight="700" fill="#fff" text-anchor="middle">DEMO IDENTITY CARD</text>
<rect x="80" y="176" width="220" height="270" rx="12" fill="${hsl(hue, 20, 82)}"/>
<circle cx="190" cy="270" r="58" fill="${hsl(hue, 15, 62)}"/><path d="M100 446c10-70 50-100 90-100s80 30 90 100z" fill="${hsl(hue, 15, 62)}"/>
<text x="340" y="200" font-family="${FONT}" font-size="22" fill="#555">SURNAME</text>
<text x="340" y="238" font-family="${FONT}" font-size="36" font-weight="700" fill="#222">${xml(rest.join(" ").toUpperCase() || "-")}</text>
<text x="340" y="290" font-family="${FONT}" font-size="22" fill="#555">FIRST NAME</text>
<text x="340" y="328" font-family="${FONT}" font-size="36" font-weight="700" fill="#222">${xml((first ?? "").toUpperCase())}</text>
<text x="340" y="380" font-family="${FONT}" font-size="22" fill="#555">ID / PHONE NUMBER</text>
<text x="340" y="418" font-family="${FONT}" font-size="36" font-weight="700" fill="#222">${xml(input.idNumber)}</text>
<text x="480" y="520" font-family="${FONT}" font-size="30" font-weight="700" fill="#c62828" fill-opacity="0.8" text-anchor="middle" letter-spacing="8">SPECIMEN · NOT A REAL DOCUMENT</text>
</svg>`;
  const image = await viaCache("kyc", svg, async () => {
    const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 70, effort: 1 }).toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  }, true);
  return image.data;
}
