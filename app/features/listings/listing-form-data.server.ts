import { copyDayToWeekdays, COPY_DAY_FIELD, isWeekday, OPENING_HOURS_TEXTS, parseHoursForm, WEEKDAY_NAMES, WEEKDAYS, type HoursFormValues } from "../../lib/opening-hours";
import { checkListingForm, typedListingFields } from "./listing.schemas";
import { msg, t } from "../../lib/i18n/i18n";

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

/** The day whose 'Copy to Mon–Fri' was pressed without JavaScript (the button's value), or null. */
export function copyDayOf(form: FormData) {
  const day = form.get(COPY_DAY_FIELD);
  return isWeekday(day) ? day : null;
}

/**
 * The answer to 'Copy to Mon–Fri' pressed without JavaScript (issue 32): the form as typed, with that day's mode
 * and times copied to Monday–Friday, and a message saying nothing is saved yet. Nothing is checked or saved here;
 * the button posts without files (urlencoded), so images chosen for upload are named as not kept.
 */
export function copiedHoursForm(form: FormData, mode: "create" | "edit") {
  const listing = readListingForm(form, mode);
  const day = copyDayOf(form);
  const typed: HoursFormValues = parseHoursForm(form).typed;
  const hours = day ? copyDayToWeekdays(typed, day) : typed;
  const chosenImages = form.getAll("images").some((value) => (typeof value === "string" ? value !== "" : value.size > 0));
  const save = mode === "create" ? msg("Create Business") : msg("Save Changes");
  const copied = day ? OPENING_HOURS_TEXTS.copied(WEEKDAY_NAMES[WEEKDAYS.indexOf(day)]!, save) : null;
  return {
    typed: listing.typed,
    hours,
    keepImages: listing.keep,
    hoursNotice: [copied, chosenImages ? t(OPENING_HOURS_TEXTS.copiedImagesDropped) : null].filter(Boolean).join(" ") || null,
  };
}
