import { type ReactNode, useEffect, useMemo, useRef, useState } from "react";
import { localizePath } from "../../../lib/i18n/locales";
import { Form, Link, useNavigation } from "react-router";
import { SelectField, TextAreaField, TextField } from "../../../components/ui/field";
import { FailureAlert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/button";
import { imageUrl, IMAGE_WIDTHS } from "../../../lib/image-url";
import { categoryOptions, COUNTRIES, DEFAULT_COUNTRY, LIMITS, REGIONS, placeOptions } from "../../../lib/reference";
import type { Failure } from "../../../lib/app-error";
import { focusFirstError } from "../../../lib/focus-first-error";
import { t, translateIfKnown, currentLocale } from "../../../lib/i18n/i18n";
import { parseHoursForm, type HoursFormValues } from "../../../lib/opening-hours";
import { checkListingForm, LANDMARK_MAX_LENGTH, LISTING_TEXTS, typedListingFields } from "../listing.schemas";
import { LgaSelect } from "./lga-select";
import { LocationFields } from "./location-fields";
import { WeeklyHoursFields } from "./weekly-hours-fields";

export type ListingFormDefaults = {
  name?: string | null;
  description?: string | null;
  address?: string | null;
  plotNumber?: string | null;
  state?: string | null;
  lga?: string | null;
  landmark?: string | null;
  country?: string | null;
  phoneNumber?: string | null;
  websiteUrl?: string | null;
  products?: string[] | string | null;
  category?: string | null;
  /** Typed (a failed save) or stored (editing). */
  latitude?: string | number | null;
  longitude?: string | number | null;
};

export type ExistingImage = { id: string; key: string; width: number | null; height: number | null };

/**
 * The listing form in create or edit mode. It keeps what was typed when a save fails, and reports every
 * problem at once: checked in the browser before sending (so chosen images are not lost), and again by
 * the server (which answers the same way without JavaScript).
 */
export function ListingForm({
  mode,
  action,
  defaults,
  existingImages = [],
  failure,
  cancelTo = "/dashboard",
  hours,
  hoursNotice = null,
  beforeFields = null,
}: {
  mode: "create" | "edit";
  action: string;
  defaults: ListingFormDefaults;
  existingImages?: ExistingImage[];
  failure?: Failure | null;
  cancelTo?: string;
  /**
   * The weekly hours' fields inside this form (ADR 21; on the edit screen too, saved with the rest in one save,
   * issue 32): their values, typed, stored or offered.
   */
  hours?: HoursFormValues;
  /** A message above the hours (a day copied to Monday–Friday without JavaScript). */
  hoursNotice?: string | null;
  /** Shown inside the form above its fields: the possible duplicates of a new listing, with their confirmation. */
  beforeFields?: ReactNode;
}) {
  const navigation = useNavigation();
  // This form's own save (the closed days' forms on the edit screen post to the same address with an intent).
  const submitting = navigation.state !== "idle" && navigation.formAction === localizePath(currentLocale(), action) && !navigation.formData?.get("intent");
  const saveLabel = mode === "create" ? t("Create Business") : t("Save Changes");
  const [kept, setKept] = useState<ExistingImage[]>(existingImages);
  const [added, setAdded] = useState<File[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const [clientFields, setClientFields] = useState<Record<string, string> | null>(null);
  // The chosen state, so the LGA list follows it.
  const [state, setState] = useState(defaults.state ?? "");
  const previews = useMemo(() => added.map((f) => ({ file: f, url: typeof URL !== "undefined" ? URL.createObjectURL(f) : "" })), [added]);
  useEffect(() => () => previews.forEach((p) => URL.revokeObjectURL(p.url)), [previews]);
  // The browser's own check gives the English texts (catalog keys); the server's come translated.
  const fields = translatedFields(clientFields ?? failure?.fields ?? {});
  const shownFailure: Failure | null = clientFields
    ? { title: t((mode === "create" ? LISTING_TEXTS.createFailed : LISTING_TEXTS.updateFailed).title), text: t(LISTING_TEXTS.correctFields) }
    : (failure ?? null);
  const formRef = useRef<HTMLFormElement>(null);
  // A refusal from the server (after the round trip) also puts focus on the first field to fix.
  useEffect(() => {
    if (failure?.fields && formRef.current) focusFirstError(formRef.current);
  }, [failure]);
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
      ref={formRef}
      method="post"
      action={action}
      encType="multipart/form-data"
      className="space-y-5"
      noValidate
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const checked = checkListingForm(typedListingFields(data), total);
        const checkedHours = hours ? parseHoursForm(data) : null;
        setImageError(null);
        if (checked.ok && checkedHours?.ok !== false) {
          setClientFields(null);
          return;
        }
        event.preventDefault();
        setClientFields({ ...(checked.ok ? {} : checked.fields), ...(checkedHours?.ok === false ? checkedHours.fields : {}) });
        // The summary is announced (role=alert); focus goes to the first field to fix, which reads its message.
        focusFirstError(event.currentTarget);
      }}
    >
      {hours ? (
        // Enter in a field submits with the form's first submit button: this one, a save, not a day's 'Copy to Mon–Fri'.
        <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
          {saveLabel}
        </button>
      ) : null}
      {shownFailure ? <FailureAlert failure={shownFailure} /> : null}
      {beforeFields}
      <TextField label={t("Business name")} name="name" defaultValue={defaults.name ?? ""} error={fields.name} aria-required="true" maxLength={100} />
      <TextAreaField label={t("Description")} name="description" rows={4} defaultValue={defaults.description ?? ""} error={fields.description} />
      <SelectField label={t("Category")} name="category" options={categoryOptions()} placeholder={t("Select a category")} defaultValue={defaults.category ?? ""} error={fields.category} />
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <TextField label={t("Address")} name="address" autoComplete="street-address" defaultValue={defaults.address ?? ""} error={fields.address} />
        <TextField label={t("Plot number")} name="plotNumber" defaultValue={defaults.plotNumber ?? ""} error={fields.plotNumber} />
      </div>
      <TextField
        label={t("Landmark")}
        name="landmark"
        placeholder={t("Opposite First Bank, Allen Avenue")}
        hint={t("Optional. A well-known place near you; shown under the address and found by search.")}
        maxLength={LANDMARK_MAX_LENGTH}
        defaultValue={defaults.landmark ?? ""}
        error={fields.landmark}
      />
      {/* One under the other on phones: half of a 360 px screen cuts 'Select a state' (issue 32). */}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={t("State")}
          name="state"
          options={REGIONS}
          placeholder={t("Select a state")}
          defaultValue={defaults.state ?? ""}
          onChange={(event) => setState(event.target.value)}
          error={fields.state}
        />
        <SelectField label={t("Country")} name="country" options={placeOptions(COUNTRIES)} defaultValue={defaults.country ?? DEFAULT_COUNTRY} error={fields.country} />
      </div>
      <LgaSelect state={state} defaultValue={defaults.lga ?? ""} error={fields.lga} />
      <TextField
        label={t("Phone number")}
        name="phoneNumber"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        placeholder="0803 123 4567"
        hint={t("Without a leading +, +234 is added.")}
        defaultValue={defaults.phoneNumber ?? ""}
        error={fields.phoneNumber}
      />
      <TextField label={t("Website")} name="websiteUrl" type="url" inputMode="url" placeholder="https://" defaultValue={defaults.websiteUrl ?? ""} error={fields.websiteUrl} />
      <LocationFields latitude={String(defaults.latitude ?? "")} longitude={String(defaults.longitude ?? "")} errors={{ latitude: fields.latitude, longitude: fields.longitude }} />
      <TextAreaField label={t("Products and services")} name="products" rows={4} defaultValue={products} hint={t("One per line.")} error={fields.products} />
      {hours ? (
        <fieldset id="opening-hours" className="space-y-3">
          <legend className="text-sm font-medium text-gray-700">{t("Opening hours")}</legend>
          <p className="text-sm text-gray-600">
            {mode === "create"
              ? t("Optional. Times are Nigerian time (WAT). A closing time earlier than the opening time means after midnight.")
              : t(
                  "Saved with your other changes, and shown at once, without waiting for review. Times are Nigerian time (WAT). A closing time earlier than the opening time means after midnight.",
                )}
          </p>
          <WeeklyHoursFields values={hours} errors={fields} saveLabel={saveLabel} notice={hoursNotice} />
        </fieldset>
      ) : null}

      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-gray-700">{t("Images ({{shown}} of {{limit}})", { shown: total, limit: LIMITS.imagesPerListing })}</legend>
        {kept.length > 0 ? (
          <ul className="grid grid-cols-3 gap-3">
            {kept.map((image, i) => (
              <li key={image.id} className="space-y-1">
                <input type="hidden" name="keepImage" value={image.id} />
                <img
                  src={imageUrl(image.key, IMAGE_WIDTHS.thumb)}
                  alt={t("Image {{number}}", { number: i + 1 })}
                  width={image.width ?? 320}
                  height={image.height ?? 240}
                  className="aspect-[4/3] w-full rounded-lg object-cover"
                />
                <div className="flex flex-wrap justify-between gap-1 text-xs">
                  <button type="button" className="min-h-8 min-w-8 rounded border px-2 py-1 disabled:opacity-40" onClick={() => move(i, -1)} disabled={i === 0} aria-label={t("Move image {{number}} earlier", { number: i + 1 })}>
                    ←
                  </button>
                  <button type="button" className="min-h-8 rounded border px-2 py-1 text-red-700" onClick={() => setKept((l) => l.filter((k) => k.id !== image.id))}>
                    {t("Remove")}
                  </button>
                  <button type="button" className="min-h-8 min-w-8 rounded border px-2 py-1 disabled:opacity-40" onClick={() => move(i, 1)} disabled={i === kept.length - 1} aria-label={t("Move image {{number}} later", { number: i + 1 })}>
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
                <img src={p.url} alt={t("New image {{name}}", { name: p.file.name })} className="aspect-[4/3] w-full rounded-lg object-cover" />
              </li>
            ))}
          </ul>
        ) : null}
        <div>
          <label htmlFor="listing-images" className="block text-sm text-gray-700">
            {t("Add images (JPEG, PNG or WebP, up to 10 MB each)")}
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
            {imageError ? t(imageError) : fields.images}
          </p>
        ) : null}
      </fieldset>
      <div className="flex gap-3">
        <Link to={cancelTo} className={buttonClass({ variant: "outline", full: true })}>
          {t("Cancel")}
        </Link>
        <button type="submit" className={buttonClass({ full: true })} disabled={submitting}>
          {submitting ? t("Saving…") : saveLabel}
        </button>
      </div>
    </Form>
  );
}

/** Each field's message in the current language (a catalog key is translated; a translated text stays). */
function translatedFields(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, translateIfKnown(text)]));
}
