import { useEffect, useMemo, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FormMessage, SelectField, TextField, primaryButton, secondaryButton } from "../../accounts/components/form-field";
import { imageUrl, IMAGE_WIDTHS } from "../../../lib/image-url";
import { CATEGORIES, COUNTRIES, DEFAULT_COUNTRY, LIMITS, REGIONS } from "../../../lib/reference";
import { LISTING_TEXTS } from "../listing.schemas";

export type ListingFormDefaults = {
  name?: string | null;
  description?: string | null;
  address?: string | null;
  plotNumber?: string | null;
  state?: string | null;
  country?: string | null;
  phoneNumber?: string | null;
  websiteUrl?: string | null;
  products?: string[] | string | null;
  category?: string | null;
};

export type ExistingImage = { id: string; key: string; width: number | null; height: number | null };
export type ListingFormFailure = { title: string; text: string; field?: string; fields?: Record<string, string>; link?: { href: string; label: string } };

const textareaClass =
  "mt-1 block w-full rounded-lg border border-gray-300 bg-white px-3 py-2.5 text-base shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/40";

/** The listing form in create or edit mode; it keeps what was typed when a save fails. */
export function ListingForm({
  mode,
  action,
  defaults,
  existingImages = [],
  failure,
  cancelTo = "/dashboard",
}: {
  mode: "create" | "edit";
  action: string;
  defaults: ListingFormDefaults;
  existingImages?: ExistingImage[];
  failure?: ListingFormFailure | null;
  cancelTo?: string;
}) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formAction === action;
  const [kept, setKept] = useState<ExistingImage[]>(existingImages);
  const [added, setAdded] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const previews = useMemo(() => added.map((f) => ({ file: f, url: typeof URL !== "undefined" ? URL.createObjectURL(f) : "" })), [added]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  const fields = failure?.fields ?? {};
  const products = Array.isArray(defaults.products) ? defaults.products.join("\n") : (defaults.products ?? "");
  const total = kept.length + added.length;

  function move(index: number, delta: number) {
    setKept((list) => {
      const next = [...list];
      const target = index + delta;
      if (target < 0 || target >= next.length) return list;
      [next[index], next[target]] = [next[target]!, next[index]!];
      return next;
    });
  }

  return (
    <Form
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-5"
      onSubmit={(event) => {
        if (total === 0) {
          event.preventDefault();
          setImageError(LISTING_TEXTS.imageRequired);
        } else if (total > LIMITS.imagesPerListing) {
          event.preventDefault();
          setImageError(LISTING_TEXTS.tooManyImages);
        }
      }}
    >
      {failure ? (
        <FormMessage tone="error">
          <strong className="block">{failure.title}</strong>
          {failure.text}
          {failure.link ? (
            <>
              {" "}
              <Link to={failure.link.href} className="font-semibold underline">
                {failure.link.label}
              </Link>
            </>
          ) : null}
        </FormMessage>
      ) : null}
      <TextField label="Business name" name="name" defaultValue={defaults.name ?? ""} error={fields.name} required maxLength={100} />
      <div>
        <label htmlFor="listing-description" className="block text-sm font-medium text-gray-700">
          Description
        </label>
        <textarea id="listing-description" name="description" rows={4} className={textareaClass} defaultValue={defaults.description ?? ""} aria-invalid={fields.description ? true : undefined} />
        {fields.description ? <p className="mt-1 text-sm text-red-600" role="alert">{fields.description}</p> : null}
      </div>
      <SelectField label="Category" name="category" options={CATEGORIES} placeholder="Select a category" defaultValue={defaults.category ?? ""} error={fields.category} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField label="Address" name="address" autoComplete="street-address" defaultValue={defaults.address ?? ""} error={fields.address} />
        <TextField label="Plot number" name="plotNumber" defaultValue={defaults.plotNumber ?? ""} error={fields.plotNumber} />
      </div>
      <div className="grid grid-cols-2 gap-4">
        <SelectField label="State" name="state" options={REGIONS} placeholder="Select a state" defaultValue={defaults.state ?? ""} error={fields.state} />
        <SelectField label="Country" name="country" options={COUNTRIES} defaultValue={defaults.country ?? DEFAULT_COUNTRY} error={fields.country} />
      </div>
      <TextField
        label="Phone number"
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
        hint="Without a leading +, +234 is added."
        defaultValue={defaults.phoneNumber ?? ""}
        error={fields.phoneNumber}
      />
      <TextField label="Website" name="websiteUrl" type="url" inputMode="url" placeholder="https://" defaultValue={defaults.websiteUrl ?? ""} error={fields.websiteUrl} />
      <div>
        <label htmlFor="listing-products" className="block text-sm font-medium text-gray-700">
          Products and services
        </label>
        <textarea
          id="listing-products"
          name="products"
          rows={4}
          className={textareaClass}
          defaultValue={products}
          aria-describedby="listing-products-hint"
          aria-invalid={fields.products ? true : undefined}
        />
        <p id="listing-products-hint" className="mt-1 text-xs text-gray-500">
          One per line.
        </p>
        {fields.products ? <p className="mt-1 text-sm text-red-600" role="alert">{fields.products}</p> : null}
      </div>

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-700">Images ({total} of {LIMITS.imagesPerListing})</legend>
        {kept.length > 0 ? (
          <ul className="grid grid-cols-3 gap-3">
            {kept.map((image, i) => (
              <li key={image.id} className="space-y-1">
                <input type="hidden" name="keepImage" value={image.id} />
                <img
                  src={imageUrl(image.key, IMAGE_WIDTHS.thumb)}
                  alt={`Image ${i + 1}`}
                  width={image.width ?? 320}
                  height={image.height ?? 240}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
                <div className="flex justify-between gap-1 text-xs">
                  <button type="button" className="rounded border px-2 py-1 disabled:opacity-40" onClick={() => move(i, -1)} disabled={i === 0} aria-label={`Move image ${i + 1} earlier`}>
                    ←
                  </button>
                  <button type="button" className="rounded border px-2 py-1 text-red-700" onClick={() => setKept((l) => l.filter((k) => k.id !== image.id))}>
                    Remove
                  </button>
                  <button type="button" className="rounded border px-2 py-1 disabled:opacity-40" onClick={() => move(i, 1)} disabled={i === kept.length - 1} aria-label={`Move image ${i + 1} later`}>
                    →
                  </button>
                </div>
              </li>
            ))}
          </ul>
        ) : null}
        {previews.length > 0 ? (
          <ul className="grid grid-cols-3 gap-3">
            {previews.map((p) => (
              <li key={p.url}>
                <img src={p.url} alt={`New image ${p.file.name}`} className="aspect-[4/3] w-full rounded-lg object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <label htmlFor="listing-images" className="block text-sm text-gray-700">
            Add images (JPEG, PNG or WebP, up to 10 MB each)
          </label>
          <input
            id="listing-images"
            name="images"
            type="file"
            multiple
            accept="image/jpeg,image/png,image/webp"
            className="mt-1 block w-full text-sm"
            onChange={(e) => {
              const files = Array.from(e.target.files ?? []);
              if (kept.length + files.length > LIMITS.imagesPerListing) {
                setImageError(LISTING_TEXTS.tooManyImages);
                e.target.value = "";
                setAdded([]);
                return;
              }
              setImageError(null);
              setAdded(files);
            }}
          />
        </div>
        {imageError || fields.images ? (
          <p className="text-sm text-red-600" role="alert">
            {imageError ?? fields.images}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-3">
        <Link to={cancelTo} className={secondaryButton}>
          Cancel
        </Link>
        <button type="submit" className={primaryButton} disabled={submitting}>
          {submitting ? "Saving…" : mode === "create" ? "Create Business" : "Save Changes"}
        </button>
      </div>
    </Form>
  );
}
