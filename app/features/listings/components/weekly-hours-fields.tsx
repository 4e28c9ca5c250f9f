import { useState, type MouseEvent } from "react";
import { fieldClass } from "../../../components/ui/field";
import {
  copyDayToWeekdays, COPY_DAY_FIELD, dayFieldNames, hoursFieldNames, LIST_HOURS_FIELD, MAX_RANGES_PER_DAY, MON_TO_FRI, OPENING_HOURS_TEXTS, WEEKDAY_NAMES, WEEKDAYS,
  type HoursFormValues, type Weekday,
} from "../../../lib/opening-hours";
import { t } from "../../../lib/i18n/i18n";

/**
 * Two times side by side where both fit whole ('08:00 AM' and the picker, whatever the browser shows), one under
 * the other where they do not (320 px): each time is never narrower than its content (issue 32: '08:0').
 */
const TIMES_ROW = "flex flex-wrap gap-x-3 gap-y-2";
const TIME_LABEL = "min-w-max flex-1 basis-0 text-xs text-gray-600";
/** The field's look with less padding at the sides, so two times fit side by side at 360 px. */
const timeFieldClass = fieldClass.replace("px-3", "px-2");

/**
 * The week's hours fields (ADR 21): 'Show opening hours on my listing', then per weekday closed, open 24 hours
 * or one or two time ranges (a closing time earlier than the opening time runs past midnight). Plain inputs
 * with no state of their own, placed inside a form: the edit screen's listing form and the create-listing form.
 * `errors` are keyed by each day's mode field, as `parseHoursForm` and `weekProblems` give them.
 *
 * Each day is a group that fits a 320 px phone (issue 32): the day and its 'Copy to Mon–Fri' on one line, the
 * mode as a full-width select, the times below. 'Copy to Mon–Fri' copies the day's mode and times to Monday–
 * Friday in the browser, nothing saved; without JavaScript it is a submit button of its own (`copyDay`), and the
 * route answers the form as typed with the day copied, nothing saved either. `notice` is that answer's message.
 */
export function WeeklyHoursFields({
  values,
  errors,
  saveLabel,
  notice = null,
  listToggle,
}: {
  values: HoursFormValues;
  errors: Record<string, string>;
  /** The form's save button, named in the copy's message ('Save Changes', 'Create Business'). */
  saveLabel: string;
  notice?: string | null;
  /**
   * The label of the box that lists hours at all (by default 'Show opening hours on my listing'); null: always a week
   * of hours (a visitor's suggested hours).
   */
  listToggle?: string | null;
}) {
  const [copied, setCopied] = useState<string | null>(null);

  function copy(event: MouseEvent<HTMLButtonElement>, day: Weekday, dayName: string) {
    const form = event.currentTarget.form;
    if (!form) return;
    // Instant, in the browser: the button's own post is for when JavaScript is not running.
    event.preventDefault();
    const field = (name: string) => form.elements.namedItem(name) as HTMLInputElement | HTMLSelectElement | null;
    const names = [day, ...MON_TO_FRI].flatMap(dayFieldNames);
    const typed = Object.fromEntries(names.map((name) => [name, field(name)?.value ?? ""]));
    const next = copyDayToWeekdays(typed, day);
    for (const name of names) {
      const control = field(name);
      if (control && control.value !== next[name]) control.value = next[name] ?? "";
    }
    setCopied(OPENING_HOURS_TEXTS.copied(dayName, saveLabel));
  }

  const message = copied ?? notice;
  return (
    <>
      {listToggle === null ? (
        <input type="hidden" name={LIST_HOURS_FIELD} value="on" />
      ) : (
        <label className="flex min-h-11 items-center gap-2 text-sm font-medium">
          <input type="checkbox" name={LIST_HOURS_FIELD} defaultChecked={values[LIST_HOURS_FIELD] === "on"} className="h-5 w-5" />
          {listToggle ?? t("Show opening hours on my listing")}
        </label>
      )}
      <p role="status" className={message ? "rounded-lg bg-green-50 px-3 py-2 text-sm text-green-900" : "sr-only"}>
        {message}
      </p>
      <div className="divide-y divide-gray-100 border-t border-gray-100">
        {WEEKDAYS.map((day, i) => {
          const names = hoursFieldNames(day);
          const dayName = t(WEEKDAY_NAMES[i]!);
          const error = errors[names.mode];
          return (
            <div key={day} role="group" aria-labelledby={`${names.mode}-day`} className="space-y-2 py-3">
              <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
                <label id={`${names.mode}-day`} htmlFor={names.mode} className="font-medium text-gray-900">
                  {dayName}
                </label>
                <button
                  type="submit"
                  name={COPY_DAY_FIELD}
                  value={day}
                  // No files go with it (they would be lost anyway), and the rest of the form is not checked: nothing is saved.
                  formEncType="application/x-www-form-urlencoded"
                  formNoValidate
                  className="btn btn-outline btn-sm"
                  onClick={(event) => copy(event, day, dayName)}
                >
                  {t(OPENING_HOURS_TEXTS.copyToWeekdays)}
                  <span className="sr-only"> {t("from {{day}}", { day: dayName })}</span>
                </button>
              </div>
              <select
                id={names.mode}
                name={names.mode}
                defaultValue={values[names.mode] || "hours"}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${names.mode}-error` : undefined}
                className={fieldClass}
              >
                <option value="hours">{t("Open at these times")}</option>
                <option value="24h">{t("Open 24 hours")}</option>
                <option value="closed">{t("Closed")}</option>
              </select>
              {Array.from({ length: MAX_RANGES_PER_DAY }, (_, r) => (
                <fieldset key={r} className={TIMES_ROW}>
                  <legend className={r === 0 ? "sr-only" : "mb-1 text-xs text-gray-600"}>
                    {r === 0 ? t("{{day}}, hours", { day: dayName }) : t("Second time range (optional), such as after a break")}
                  </legend>
                  <label className={TIME_LABEL}>
                    {r === 0 ? t("Opens") : t("Opens again")}
                    <input type="time" name={names.opens[r]} defaultValue={values[names.opens[r]!]} className={timeFieldClass} />
                  </label>
                  <label className={TIME_LABEL}>
                    {r === 0 ? t("Closes") : t("Closes again")}
                    <input type="time" name={names.closes[r]} defaultValue={values[names.closes[r]!]} className={timeFieldClass} />
                  </label>
                </fieldset>
              ))}
              {error ? (
                <p id={`${names.mode}-error`} role="alert" className="text-sm text-red-600">
                  {error}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
    </>
  );
}
