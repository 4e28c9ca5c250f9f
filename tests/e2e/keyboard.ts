/**
 * Keyboard-only steps for the journeys of tests/e2e/keyboard.spec.ts (ADR 31): Tab and Shift+Tab through a
 * page, checking at every stop that the focused element is shown (has a size, is in the viewport, is not
 * hidden under a sticky bar: WCAG 2.4.11) and has a visible focus indicator (its computed outline, box-shadow
 * or border differs from the same element unfocused: 2.4.7).
 */
import type { Page } from "playwright-core";
import { expect } from "vitest";

export type Focused = {
  tag: string;
  type: string | null;
  role: string | null;
  /** aria-label, its labels' text, or its own text: what the journeys look for. */
  name: string;
  /** The text of the nearest list item, article, form or dialog around it (to tell the same button on two cards apart). */
  context: string;
  inDialog: boolean;
  problems: string[];
};

/** What is focused now, and what is wrong with how it is shown (empty problems when nothing). */
export async function focused(page: Page): Promise<Focused | null> {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body || el === document.documentElement) return null;
    const problems: string[] = [];
    const rect = el.getBoundingClientRect();
    if (rect.width < 1 || rect.height < 1) problems.push(`no size (${rect.width}×${rect.height})`);
    else if (rect.bottom <= 0 || rect.top >= innerHeight || rect.right <= 0 || rect.left >= innerWidth) {
      problems.push(`outside the viewport (top ${Math.round(rect.top)}, left ${Math.round(rect.left)})`);
    } else {
      const x = Math.min(innerWidth - 1, Math.max(0, rect.left + rect.width / 2));
      const y = Math.min(innerHeight - 1, Math.max(0, rect.top + Math.min(rect.height / 2, 12)));
      const top = document.elementFromPoint(x, y);
      const label = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`) : null;
      if (top && top !== el && !el.contains(top) && !top.contains(el) && !(label && label.contains(top))) {
        problems.push(`hidden under ${top.tagName.toLowerCase()}.${[...top.classList].slice(0, 3).join(".")}`);
      }
    }
    // The same element unfocused: a shallow copy beside it (no name, so a radio group is not changed).
    const look = (style: CSSStyleDeclaration) => ({
      outline: style.outlineStyle === "none" || Number.parseFloat(style.outlineWidth) === 0 ? "none" : `${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}`,
      shadow: style.boxShadow,
      border: `${style.borderTopColor} ${style.borderTopWidth}`,
      background: style.backgroundColor,
    });
    const withFocus = look(getComputedStyle(el));
    const copy = el.cloneNode(false) as HTMLElement;
    copy.removeAttribute("id");
    copy.removeAttribute("name");
    copy.setAttribute("aria-hidden", "true");
    el.after(copy);
    const without = look(getComputedStyle(copy));
    copy.remove();
    const indicated =
      (withFocus.outline !== "none" && withFocus.outline !== without.outline) ||
      (withFocus.shadow !== "none" && withFocus.shadow !== without.shadow) ||
      withFocus.border !== without.border;
    if (!indicated) problems.push(`no visible focus indicator (outline ${withFocus.outline}, box-shadow ${withFocus.shadow})`);

    const labelledBy = el.getAttribute("aria-labelledby");
    const labels = (el as HTMLInputElement).labels;
    const name = (
      el.getAttribute("aria-label") ??
      (labelledBy ? labelledBy.split(" ").map((id) => document.getElementById(id)?.innerText ?? "").join(" ") : null) ??
      (labels && labels.length ? labels[0]!.innerText : null) ??
      (el.innerText || (el as HTMLInputElement).value || el.getAttribute("title") || "")
    )
      .replace(/\s+/g, " ")
      .trim();
    const around = (el.closest("li, article, dialog") ?? el.closest("form, section")) as HTMLElement | null;
    return {
      tag: el.tagName.toLowerCase(),
      type: el.getAttribute("type"),
      role: el.getAttribute("role"),
      name,
      context: (around?.innerText ?? "").replace(/\s+/g, " ").slice(0, 300),
      inDialog: Boolean(el.closest("dialog[open], [role=dialog], [aria-modal=true]")),
      problems,
    };
  });
}

function describe(f: Focused | null): string {
  return f ? `${f.tag}${f.type ? `[type=${f.type}]` : ""} "${f.name.slice(0, 60)}"` : "nothing (body)";
}

/** Presses Tab (or Shift+Tab) once and checks how the new focus is shown. */
export async function tab(page: Page, back = false): Promise<Focused | null> {
  await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  const now = await focused(page);
  expect(now?.problems ?? [], `focus on ${describe(now)} at ${page.url()}`).toEqual([]);
  return now;
}

/**
 * Tabs forward (or back) until the focused element passes `wanted` (a name pattern or a test), checking every
 * stop on the way; fails naming the stops it saw.
 */
export async function tabTo(page: Page, wanted: RegExp | ((f: Focused) => boolean), options: { back?: boolean; max?: number } = {}): Promise<Focused> {
  const test = typeof wanted === "function" ? wanted : (f: Focused) => wanted.test(f.name);
  const seen: string[] = [];
  for (let i = 0; i < (options.max ?? 300); i++) {
    const now = await tab(page, options.back);
    if (now && test(now)) return now;
    seen.push(describe(now));
  }
  throw new Error(`Tab never reached ${String(wanted)} on ${page.url()}; focus went through: ${seen.join(", ")}`);
}

/** Selects everything in the focused field and types over it. */
export async function retype(page: Page, text: string): Promise<void> {
  await page.keyboard.press("Control+A");
  await page.keyboard.type(text);
}

/**
 * The focused field reports its error: aria-invalid, and aria-describedby naming a shown message that says
 * `message`, which is in an alert (announced) or an aria-live region.
 */
export async function expectFieldError(page: Page, message: RegExp): Promise<void> {
  const state = await page.evaluate(() => {
    const el = document.activeElement as HTMLElement;
    const ids = (el.getAttribute("aria-describedby") ?? "").split(/\s+/).filter(Boolean);
    const described = ids.map((id) => document.getElementById(id)).filter((node): node is HTMLElement => Boolean(node));
    return {
      invalid: el.getAttribute("aria-invalid"),
      described: described.map((node) => node.innerText).join(" | "),
      announced: described.some((node) => Boolean(node.closest('[role=alert], [aria-live="assertive"], [aria-live="polite"], [role=status]'))),
    };
  });
  expect(state.invalid).toBe("true");
  expect(state.described).toMatch(message);
  expect(state.announced).toBe(true);
}
