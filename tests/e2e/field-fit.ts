import type { Page } from "playwright-core";

/**
 * Form controls whose content is cut off (issue 32: the hours editor showed '08:0' and 'Open at these tim' at
 * 360 px). `reflowProblems` reads text nodes, and a control's value or chosen option is none, so it cannot see
 * this. For each control shown whose content has a natural width (time, date and number inputs, selects): a
 * hidden copy beside it, with the same classes and the same value (a select: only its chosen option), is laid out
 * at its max-content width; wider than the control means the control cuts it. Free text (a name, an address)
 * may be longer than its box and scrolls, so text inputs are left out. Returns what is cut, empty when nothing is.
 */
export async function clippedFieldProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const controls = document.querySelectorAll<HTMLInputElement | HTMLSelectElement>(
      "input[type=time], input[type=date], input[type=datetime-local], input[type=month], input[type=number], select",
    );
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      if (box.width <= 1 || control.getClientRects().length === 0 || control.closest("[hidden], .sr-only")) continue;
      const probe = control.cloneNode(false) as HTMLInputElement | HTMLSelectElement;
      probe.removeAttribute("id");
      probe.removeAttribute("name");
      let shown = control.value;
      if (control instanceof HTMLSelectElement) {
        const option = control.selectedOptions[0];
        shown = option?.textContent ?? "";
        const copy = document.createElement("option");
        copy.textContent = shown;
        probe.append(copy);
      } else {
        (probe as HTMLInputElement).value = control.value;
      }
      probe.setAttribute("aria-hidden", "true");
      probe.tabIndex = -1;
      probe.style.setProperty("position", "absolute", "important");
      probe.style.setProperty("visibility", "hidden", "important");
      probe.style.setProperty("width", "max-content", "important");
      probe.style.setProperty("min-width", "0", "important");
      probe.style.setProperty("max-width", "none", "important");
      control.after(probe);
      const needed = probe.getBoundingClientRect().width;
      probe.remove();
      if (needed > box.width + 1) {
        const name = control.getAttribute("name") ?? control.id ?? control.tagName.toLowerCase();
        problems.push(`${control.tagName.toLowerCase()} ${name} cuts '${shown}': needs ${Math.round(needed)} px, has ${Math.round(box.width)}`);
      }
    }
    return problems;
  });
}
