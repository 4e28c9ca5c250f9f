import { checkListingForm, typedListingFields } from "./listing.schemas";

/**
 * Reads a submitted listing form: what was typed (to show it again), the new images, the kept ones (edit),
 * and either the parsed input or every field's problem at once (images included).
 */
export function readListingForm(form: FormData, mode: "create" | "edit") {
  const typed = typedListingFields(form);
  const images = form.getAll("images").filter((f): f is File => f instanceof File && f.size > 0);
  const keep = mode === "edit" ? form.getAll("keepImage").map(String) : [];
  return { typed, images, keep, ...checkListingForm(typed, keep.length + images.length) };
}
