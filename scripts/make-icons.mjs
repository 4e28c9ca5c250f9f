// The web app manifest's icons (issue 20, ADR 30), drawn from the brand mark of public/favicon.svg and committed
// under public/icons/. Run again only when the logo changes: `node scripts/make-icons.mjs`.
//   icon-192.png, icon-512.png   purpose "any": the mark as it is (rounded green square, white pin)
//   icon-maskable-512.png        purpose "maskable": full-bleed green, the pin inside the central 80% safe zone
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "public", "icons");
mkdirSync(out, { recursive: true });

const GREEN = "#059669";
const PIN = `<path d="M16 6.5a7.5 7.5 0 0 0-7.5 7.5c0 5.3 7.5 11.5 7.5 11.5s7.5-6.2 7.5-11.5A7.5 7.5 0 0 0 16 6.5z" fill="#fff"/><circle cx="16" cy="14" r="2.8" fill="${GREEN}"/>`;
const any = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${GREEN}"/>${PIN}</svg>`;
// The pin spans 6.5..25.5 of 32; scaled by 0.75 about the centre it stays well inside the 80% circle.
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${GREEN}"/><g transform="translate(4 4) scale(0.75)">${PIN}</g></svg>`;

const png = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, name));

await png(any, 192, "icon-192.png");
await png(any, 512, "icon-512.png");
await png(maskable, 512, "icon-maskable-512.png");
console.log(`icons written to ${path.relative(process.cwd(), out)}`);
