/**
 * axe-core in the browser (ADR 31): the engine's source is evaluated in the page through the DevTools
 * protocol (Playwright's evaluate, which the page's Content-Security-Policy does not govern) and run with
 * the WCAG 2.0, 2.1 and 2.2 A/AA rules, plus axe's best-practice rules (landmarks, heading order), which are
 * counted but never fail a test. A page state is checked by `checkPage`, which records its counts per impact
 * for the summary table and returns the serious and critical WCAG violations, described well enough that a
 * failure explains itself.
 */
import { appendFileSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The rule sets run: every WCAG 2.x level A and AA rule axe has (target-size is wcag22aa). */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"] as const;

export const IMPACTS = ["critical", "serious", "moderate", "minor"] as const;
export type Impact = (typeof IMPACTS)[number];

export type AxeViolation = { id: string; impact: Impact; help: string; helpUrl: string; targets: string[]; wcag: boolean };

/** Runs axe on the page as it is now (axe injected once per document). */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  const loaded = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
  if (!loaded) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    type Result = { id: string; impact: string | null; tags: string[]; help: string; helpUrl: string; nodes: { target: unknown[] }[] };
    const axe = (window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: Result[] }> } }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: "tag", values: [...tags, "best-practice"] }, resultTypes: ["violations"] });
    return violations.map((v) => ({
      id: v.id,
      impact: (v.impact ?? "minor") as "critical" | "serious" | "moderate" | "minor",
      help: v.help,
      helpUrl: v.helpUrl,
      targets: v.nodes.map((node) => node.target.map(String).join(" ")),
      wcag: v.tags.some((tag) => (tags as string[]).includes(tag)),
    }));
  }, [...AXE_TAGS]);
}

/** Nodes per impact of the WCAG rules, and nodes of the best-practice rules. */
export type PageCounts = { label: string; bestPractice: number } & Record<Impact, number>;

/** What every checked page state counted, in order, for the summary table. */
export const axeCounts: PageCounts[] = [];

/**
 * Checks the page state `label`: records its violation counts (nodes per impact) and returns a description
 * of each serious or critical violation (empty when there is none).
 */
export async function checkPage(page: Page, label: string): Promise<string[]> {
  const violations = await runAxe(page);
  const counts: PageCounts = { label, critical: 0, serious: 0, moderate: 0, minor: 0, bestPractice: 0 };
  for (const v of violations) {
    if (v.wcag) counts[v.impact] += v.targets.length;
    else counts.bestPractice += v.targets.length;
  }
  axeCounts.push(counts);
  // AXE_REPORT=file.jsonl writes every violation (all impacts, best practice too), one page state a line.
  if (process.env.AXE_REPORT) appendFileSync(process.env.AXE_REPORT, `${JSON.stringify({ label, violations })}\n`);
  return violations
    .filter((v) => v.wcag && (v.impact === "serious" || v.impact === "critical"))
    .map((v) => `${label}: ${v.id} (${v.impact}) ${v.help} — ${v.helpUrl}\n    on ${v.targets.slice(0, 6).join(" | ")}${v.targets.length > 6 ? ` and ${v.targets.length - 6} more` : ""}`);
}

/** The counts as a Markdown table (the README's), one row per page state. */
export function countsTable(rows: PageCounts[] = axeCounts): string {
  const lines = ["| page state | critical | serious | moderate | minor | best practice |", "|---|---|---|---|---|---|"];
  for (const r of rows) lines.push(`| ${r.label} | ${r.critical} | ${r.serious} | ${r.moderate} | ${r.minor} | ${r.bestPractice} |`);
  return lines.join("\n");
}

/**
 * WCAG 1.4.10 reflow: at the current viewport the document does not scroll sideways, no element with
 * text cuts it off (overflow hidden/clip with content wider than its box, unless it is an intentional
 * single-line ellipsis or a visually hidden label), and no button or link's label runs past its own edge (a
 * label that does not fit its button, issue 30). Returns what is wrong, empty when nothing is.
 */
export async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth) {
      // Name the widest elements that stick out, to explain the failure.
      const wide = [...document.body.querySelectorAll<HTMLElement>("*")]
        .filter((el) => el.getBoundingClientRect().right > root.clientWidth + 1 && el.getClientRects().length > 0)
        .slice(-3)
        .map((el) => `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}.${[...el.classList].slice(0, 4).join(".")} (right ${Math.round(el.getBoundingClientRect().right)})`);
      problems.push(`document scrolls sideways: scrollWidth ${root.scrollWidth} > ${root.clientWidth}; ${wide.join(", ")}`);
    }
    for (const el of document.body.querySelectorAll<HTMLElement>("*")) {
      const style = getComputedStyle(el);
      if (!/hidden|clip/.test(style.overflowX) || style.textOverflow === "ellipsis") continue;
      if (el.getClientRects().length === 0 || el.clientWidth <= 1) continue; // not shown, or visually hidden (sr-only)
      if (style.position === "absolute" && el.clientWidth <= 1) continue;
      const hasText = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent!.trim());
      if (hasText && el.scrollWidth > el.clientWidth + 1) {
        problems.push(`text clipped in ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")}: "${el.innerText.slice(0, 40)}"`);
      }
    }
    for (const el of document.body.querySelectorAll<HTMLElement>("a.btn, button, .btn")) {
      if (el.getClientRects().length === 0 || el.clientWidth <= 1) continue;
      // A child (icon, text) outside the content box: the label touches or crosses the button's edge.
      const style = getComputedStyle(el);
      const box = el.getBoundingClientRect();
      const contentLeft = box.left + el.clientLeft + parseFloat(style.paddingLeft) - 1;
      const contentRight = box.left + el.clientLeft + el.clientWidth - parseFloat(style.paddingRight) + 1;
      const parts = [...el.childNodes].map((child) => {
        // Visually hidden labels and positioned badges are not in the button's flow.
        if (child instanceof HTMLElement) {
          const position = getComputedStyle(child).position;
          return child.getClientRects().length && position !== "absolute" && position !== "fixed" ? child.getBoundingClientRect() : undefined;
        }
        if (child.nodeType !== Node.TEXT_NODE || !child.textContent!.trim()) return undefined;
        const range = document.createRange();
        range.selectNodeContents(child);
        return range.getBoundingClientRect();
      });
      const outside = parts.some((rect) => rect && rect.width > 0 && (rect.left < contentLeft || rect.right > contentRight));
      if (el.scrollWidth > el.clientWidth + 1 || outside) {
        problems.push(`label runs past its button: ${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join(".")} "${el.innerText.trim().slice(0, 40)}" (${Math.round(box.width)} px wide)`);
      }
    }
    return problems;
  });
}

/**
 * Touch targets on a phone (issue 32; WCAG 2.2 2.5.8, stricter): every link, button, field and summary shown is at
 * least 24 × 24 CSS px, and a main action (a `.btn` that is not `.btn-sm`) at least 44 px high. Left out, as 2.5.8
 * allows: a link inside a sentence (inline, with text beside it), a checkbox or radio inside a label that is big
 * enough, and what is not shown (no box, or visually hidden). Returns what is too small, empty when nothing is.
 */
export async function touchTargetProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const describe = (el: Element, box: DOMRect) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ""}${el.classList.length ? `.${[...el.classList].slice(0, 3).join(".")}` : ""} "${((el as HTMLElement).innerText || el.getAttribute("aria-label") || (el as HTMLInputElement).name || "").trim().slice(0, 30)}" ${Math.round(box.width)}×${Math.round(box.height)}`;
    const inSentence = (el: Element) => {
      if (getComputedStyle(el).display !== "inline") return false;
      const parent = el.parentElement;
      if (!parent) return false;
      const text = [...parent.childNodes].filter((n) => n !== el).map((n) => n.textContent ?? "").join("").trim();
      return text.length > 0;
    };
    for (const el of document.querySelectorAll<HTMLElement>("a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button]")) {
      const box = el.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1 || el.getClientRects().length === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[hidden], [aria-hidden=true], .sr-only")) continue;
      if (inSentence(el)) continue;
      let target = box;
      if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
        const label = el.closest("label") ?? (el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null);
        if (label) target = label.getBoundingClientRect();
      }
      if (target.width < 24 - 0.5 || target.height < 24 - 0.5) problems.push(`touch target under 24 × 24 px: ${describe(el, target)}`);
      else if (el.classList.contains("btn") && !el.classList.contains("btn-sm") && target.height < 44 - 0.5) problems.push(`main action under 44 px high: ${describe(el, target)}`);
    }
    return problems;
  });
}

/** The phone widths every page state must fit (CSS px): 320 (small phones, and 200% zoom), 360 (the most common Android width here), 412. */
export const PHONE_WIDTHS = [320, 360, 412] as const;

/**
 * `reflowProblems` at each phone width (and `touchTargetProblems` at 360, and any `more` checks at each), the page
 * state kept (the viewport resized, not the page reloaded), then the viewport put back. Each problem names its width.
 */
export async function phoneWidthProblems(page: Page, label: string, more: ((page: Page) => Promise<string[]>)[] = []): Promise<string[]> {
  const original = page.viewportSize() ?? { width: 390, height: 844 };
  const problems: string[] = [];
  try {
    for (const width of PHONE_WIDTHS) {
      await page.setViewportSize({ width, height: 780 });
      // Two frames: the resize's layout (and any resize handler) has run.
      await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
      for (const problem of await reflowProblems(page)) problems.push(`${label} at ${width} px: ${problem}`);
      if (width === 360) for (const problem of await touchTargetProblems(page)) problems.push(`${label} at ${width} px: ${problem}`);
      for (const check of more) for (const problem of await check(page)) problems.push(`${label} at ${width} px: ${problem}`);
    }
  } finally {
    await page.setViewportSize(original);
  }
  return problems;
}
