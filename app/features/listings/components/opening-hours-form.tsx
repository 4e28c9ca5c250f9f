import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { fieldClass, TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import {
  closureDateText, hoursFieldNames, LIST_HOURS_FIELD, MAX_RANGES_PER_DAY, WEEKDAY_NAMES, WEEKDAYS, type Closure, type HoursFormValues,
} from "../../../lib/opening-hours";

/** What the hours section shows after a post: a refusal (with what was typed) or a notice. */
export type HoursFormState = {
  /** Which form the refusal is about. */
  form: "hours" | "closure";
  failure: Failure;
  typed: HoursFormValues;
};

type Props = {
  action: string;
  values: HoursFormValues;
  closures: Closure[];
  /** The earliest date a closure may take (today in WAT), for the date picker. */
  today: string;
  state: HoursFormState | null;
  notice: string | null;
};

/**
 * Opening hours on the listing's edit screen: per weekday closed, open 24 hours or one or two time ranges
 * (a closing time earlier than the opening time runs past midnight), and dated closures with a note. Plain
 * forms that post (no JavaScript needed); they apply at once, never waiting for review (ADR 21).
 */
export function OpeningHoursForm({ action, values, closures, today, state, notice }: Props) {
  const fields = state?.form === "hours" ? (state.failure.fields ?? {}) : {};
  const closureFields = state?.form === "closure" ? (state.failure.fields ?? {}) : {};
  const typed = state?.form === "closure" ? state.typed : {};
  return (
    <section id="opening-hours" aria-labelledby="opening-hours-title" className="space-y-4 rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h2 id="opening-hours-title" className="text-lg font-semibold text-gray-900">
        Opening hours
      </h2>
      <p className="text-sm text-gray-600">Times are Nigerian time (WAT). Changes show at once. A closing time earlier than the opening time means after midnight.</p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {state?.form === "hours" ? <FailureAlert failure={state.failure} /> : null}
      <Form method="post" action={action} className="space-y-3" preventScrollReset>
        <input type="hidden" name="intent" value="save-hours" />
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" name={LIST_HOURS_FIELD} defaultChecked={values[LIST_HOURS_FIELD] === "on"} className="h-4 w-4" />
          Show opening hours on my listing
        </label>
        <table className="w-full text-sm">
          <caption className="sr-only">Weekly hours</caption>
          <tbody>
            {WEEKDAYS.map((day, i) => {
              const names = hoursFieldNames(day);
              const error = fields[names.mode];
              return (
                <tr key={day} className="border-t border-gray-100 align-top">
                  <th scope="row" className="py-2 pr-2 text-left font-medium">
                    <label htmlFor={names.mode}>{WEEKDAY_NAMES[i]}</label>
                  </th>
                  <td className="py-2">
                    <select
                      id={names.mode}
                      name={names.mode}
                      defaultValue={values[names.mode] || "hours"}
                      aria-invalid={error ? true : undefined}
                      aria-describedby={error ? `${names.mode}-error` : undefined}
                      className={fieldClass}
                    >
                      <option value="hours">Open at these times</option>
                      <option value="24h">Open 24 hours</option>
                      <option value="closed">Closed</option>
                    </select>
                    <div className="mt-2 grid grid-cols-2 gap-2">
                      {Array.from({ length: MAX_RANGES_PER_DAY }, (_, r) => (
                        <fieldset key={r} className="contents">
                          <legend className="sr-only">{`${WEEKDAY_NAMES[i]}, ${r === 0 ? "hours" : "second hours (optional)"}`}</legend>
                          <label className="text-xs text-gray-600">
                            {r === 0 ? "Opens" : "Opens again (optional)"}
                            <input type="time" name={names.opens[r]} defaultValue={values[names.opens[r]!]} className={fieldClass} />
                          </label>
                          <label className="text-xs text-gray-600">
                            {r === 0 ? "Closes" : "Closes again"}
                            <input type="time" name={names.closes[r]} defaultValue={values[names.closes[r]!]} className={fieldClass} />
                          </label>
                        </fieldset>
                      ))}
                    </div>
                    {error ? (
                      <p id={`${names.mode}-error`} role="alert" className="mt-1 text-sm text-red-600">
                        {error}
                      </p>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        <Button type="submit">Save opening hours</Button>
      </Form>

      <h3 className="pt-2 font-semibold text-gray-900">Closed days</h3>
      <p className="text-sm text-gray-600">Public holidays, travel: your listing shows as closed all that day.</p>
      {closures.length > 0 ? (
        <ul className="divide-y divide-gray-100 text-sm">
          {closures.map((closure) => (
            <li key={closure.date} className="flex items-center justify-between gap-2 py-2">
              <span>
                <time dateTime={closure.date}>{closureDateText(closure.date)}</time>
                {closure.note ? <span className="text-gray-600"> · {closure.note}</span> : null}
              </span>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="remove-closure" />
                <input type="hidden" name="date" value={closure.date} />
                <Button type="submit" variant="outline" size="sm" aria-label={`Remove the closure on ${closureDateText(closure.date)}`}>
                  Remove
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">No closed days coming up.</p>
      )}
      {state?.form === "closure" ? <FailureAlert failure={state.failure} /> : null}
      <Form method="post" action={action} className="grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end" preventScrollReset>
        <input type="hidden" name="intent" value="add-closure" />
        <TextField label="Date" type="date" name="date" min={today} required defaultValue={typed.date ?? ""} error={closureFields.date} />
        <TextField label="Note (optional)" name="note" maxLength={80} defaultValue={typed.note ?? ""} error={closureFields.note} placeholder="Public holiday" />
        <Button type="submit" variant="outline">
          Add closed day
        </Button>
      </Form>
    </section>
  );
}
