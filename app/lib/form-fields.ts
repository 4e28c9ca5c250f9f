/**
 * A text field of a posted form: its value, or "" when the form lacks it or it is a file (a crafted post). Route
 * actions read their fields through this, so a missing field is never "null" or "[object File]".
 */
export function formText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}
