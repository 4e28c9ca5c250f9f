import { fieldErrors } from "../accounts/account.schemas";
import { ListingSchema, type ListingInput } from "./listing.schemas";

/** Reads the listing form: the parsed input or the field errors, plus what was typed (to show it again). */
export function readListingForm(form: FormData) {
  const typed = {
    name: String(form.get("name") ?? ""),
    description: String(form.get("description") ?? ""),
    address: String(form.get("address") ?? ""),
    plotNumber: String(form.get("plotNumber") ?? ""),
    state: String(form.get("state") ?? ""),
    country: String(form.get("country") ?? ""),
    phoneNumber: String(form.get("phoneNumber") ?? ""),
    websiteUrl: String(form.get("websiteUrl") ?? ""),
    category: String(form.get("category") ?? ""),
    products: String(form.get("products") ?? ""),
  };
  const images = form.getAll("images").filter((f): f is File => f instanceof File && f.size > 0);
  const keep = form.getAll("keepImage").map(String);
  const parsed = ListingSchema.safeParse({ ...typed, products: typed.products.split(/\r?\n/) });
  if (!parsed.success) return { ok: false as const, typed, fields: fieldErrors(parsed.error), images, keep };
  return { ok: true as const, typed, input: parsed.data as ListingInput, images, keep };
}
