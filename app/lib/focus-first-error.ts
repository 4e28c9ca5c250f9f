/**
 * After a form shows its errors, focus moves to the first field that has one (WCAG 3.3.1, 2.4.3; ADR 31):
 * the field's message is read with it (aria-describedby), and a keyboard user is where the fix is. Called
 * from the submit handler that set the errors; the next frame sees them rendered.
 */
export function focusFirstError(form: HTMLElement): void {
  requestAnimationFrame(() => {
    const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.focus();
    field.scrollIntoView({ block: "center" });
  });
}

/** Moves focus to the first field of a form's step (after Next or Back, whose button is gone). */
export function focusFirstField(form: HTMLElement | null): void {
  requestAnimationFrame(() => form?.querySelector<HTMLElement>("input:not([type=hidden]), select, textarea")?.focus());
}
