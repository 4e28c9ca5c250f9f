/**
 * WCAG 2.2 contrast (ADR 31): relative luminance and contrast ratio of two colours written as CSS writes
 * them in our palette: `#rgb`, `#rrggbb` (app/app.css) or `oklch(L% C H)` (Tailwind's palette). Pure, so the
 * palette test (app/lib/palette.test.ts) can check every pair the screens use.
 */

/** Linear-light sRGB channels, each 0..1. */
type LinearRgb = [number, number, number];

function fromHex(hex: string): LinearRgb {
  const digits = hex.slice(1);
  const full = digits.length === 3 ? [...digits].map((d) => d + d).join("") : digits;
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`not a colour: ${hex}`);
  return [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as LinearRgb;
}

/** OKLCH to linear sRGB (Björn Ottosson's OKLab matrices), clipped to the sRGB gamut as a screen shows it. */
function fromOklch(lightness: number, chroma: number, hueDegrees: number): LinearRgb {
  const h = (hueDegrees * Math.PI) / 180;
  const a = chroma * Math.cos(h);
  const b = chroma * Math.sin(h);
  const l = (lightness + 0.3963377774 * a + 0.2158037573 * b) ** 3;
  const m = (lightness - 0.1055613458 * a - 0.0638541728 * b) ** 3;
  const s = (lightness - 0.0894841775 * a - 1.291485548 * b) ** 3;
  const clip = (v: number) => Math.min(1, Math.max(0, v));
  return [
    clip(4.0767416621 * l - 3.3077115913 * m + 0.2309699292 * s),
    clip(-1.2684380046 * l + 2.6097574011 * m - 0.3413193965 * s),
    clip(-0.0041960863 * l - 0.7034186147 * m + 1.707614701 * s),
  ];
}

function parse(color: string): LinearRgb {
  const value = color.trim().toLowerCase();
  if (value === "white") return [1, 1, 1];
  if (value === "black") return [0, 0, 0];
  if (value.startsWith("#")) return fromHex(value);
  const oklch = value.match(/^oklch\(\s*([\d.]+)(%?)\s+([\d.]+)\s+([\d.]+)\s*\)$/);
  if (oklch) return fromOklch(Number(oklch[1]) / (oklch[2] ? 100 : 1), Number(oklch[3]), Number(oklch[4]));
  throw new Error(`not a colour this function reads: ${color}`);
}

/** WCAG relative luminance, 0 (black) .. 1 (white). */
export function relativeLuminance(color: string): number {
  const [r, g, b] = parse(color);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours, 1..21 (order does not matter). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** What WCAG 2.2 AA asks: 4.5:1 for text, 3:1 for large text (24px, or 18.7px bold) and for focus rings, borders of controls and icons (1.4.11). */
export const AA = { text: 4.5, largeText: 3, nonText: 3 } as const;
