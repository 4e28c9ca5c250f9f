/**
 * The palette meets WCAG 2.2 AA (ADR 31): every foreground/background pair the screens use, read from the
 * tokens themselves (our brand colours in app/app.css, Tailwind's in its theme.css), so a change of palette
 * that breaks AA fails here. Text 4.5:1; focus rings, control borders and icons 3:1 (1.4.11).
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { AA, contrastRatio, relativeLuminance } from "./contrast";

function tokens(css: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const match of css.matchAll(/--color-([a-z]+-\d+|white|black):\s*([^;]+);/g)) found.set(match[1]!, match[2]!.trim());
  return found;
}

const root = path.resolve(import.meta.dirname, "../..");
const tailwind = tokens(readFileSync(path.join(root, "node_modules/tailwindcss/theme.css"), "utf8"));
const ours = tokens(readFileSync(path.join(root, "app/app.css"), "utf8"));
const palette = new Map([...tailwind, ...ours]);

function color(name: string): string {
  const value = palette.get(name);
  if (!value) throw new Error(`no --color-${name} in the palette`);
  return value;
}

/** [foreground, background, what it is (class names), the ratio it needs]. */
const PAIRS: [string, string, string, number][] = [
  // Text on white cards and pages.
  ["gray-900", "white", "body text, .btn-outline, .field", AA.text],
  ["gray-700", "white", "labels, .nav-link, .icon-btn", AA.text],
  ["gray-600", "white", "secondary text", AA.text],
  ["gray-500", "white", "hints, meta text, ::placeholder", AA.text],
  ["gray-500", "gray-50", "meta text on grey panels (table heads, card footers)", AA.text],
  ["gray-600", "gray-100", "text on the admin's image strips and grey chips", AA.text],
  ["brand-700", "white", ".link, text links, 'Show' in password fields", AA.text],
  ["brand-600", "white", "the 404's figure, the pricing page's ticks", AA.text],
  ["red-700", "white", ".btn-danger, destructive links", AA.text],
  ["red-600", "white", "field errors", AA.text],
  // Filled buttons, badges, tags, chips.
  ["white", "brand-600", ".btn-primary, .badge, 'Most popular', own chat bubbles", AA.text],
  ["white", "brand-700", ".btn-primary:hover, current admin tab", AA.text],
  ["amber-950", "amber-400", ".tag-featured ('Featured'), .btn-warning", AA.text],
  ["amber-950", "amber-300", ".btn-warning:hover", AA.text],
  ["brand-800", "brand-50", ".chip, .nav-link[aria-current=page]", AA.text],
  ["brand-700", "brand-50", "brand text on pale brand panels", AA.text],
  ["red-700", "red-50", ".btn-danger:hover", AA.text],
  // Non-text: focus indicators and control borders (1.4.11).
  ["brand-700", "white", ":focus-visible outline", AA.nonText],
  ["brand-700", "gray-50", ":focus-visible outline on grey panels", AA.nonText],
  ["white", "brand-800", ":focus-visible's white halo, and the ring offset of .btn, on the hero's dark green", AA.nonText],
  ["white", "brand-800", "the hero's text (gradient brand-800 → brand-600)", AA.text],
  ["brand-500", "white", ".btn:focus-visible ring (offset on white)", AA.nonText],
  ["brand-600", "white", ".field:focus ring", AA.nonText],
  ["brand-500", "white", "icons drawn in brand colour (category tiles)", AA.nonText],
];

describe("contrastRatio", () => {
  it("gives WCAG's figures for known pairs", () => {
    expect(contrastRatio("#000", "#fff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#fff", "#fff")).toBeCloseTo(1, 5);
    // #767676 is the lightest grey that passes 4.5:1 on white; #777 just fails.
    expect(contrastRatio("#767676", "white")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "white")).toBeLessThan(4.5);
    expect(contrastRatio("#059669", "#ffffff")).toBeCloseTo(3.77, 2);
  });

  it("reads oklch as the browser does (Tailwind's white and black, a known grey)", () => {
    expect(relativeLuminance("oklch(100% 0 0)")).toBeCloseTo(1, 4);
    expect(relativeLuminance("oklch(0% 0 0)")).toBeCloseTo(0, 6);
    // Tailwind's gray-500 is #6a7282 in sRGB.
    expect(contrastRatio("oklch(55.1% 0.027 264.364)", "white")).toBeCloseTo(contrastRatio("#6a7282", "white"), 1);
  });
});

describe("the palette meets WCAG 2.2 AA", () => {
  it.each(PAIRS)("%s on %s (%s) ≥ %s:1", (fg, bg, _where, needed) => {
    expect(contrastRatio(color(fg), color(bg))).toBeGreaterThanOrEqual(needed);
  });

  it("the brand colours before ADR 31 would fail: white on #059669 is below 4.5:1", () => {
    expect(contrastRatio("white", "#059669")).toBeLessThan(AA.text);
    expect(contrastRatio("white", color("amber-500"))).toBeLessThan(AA.text);
  });
});
