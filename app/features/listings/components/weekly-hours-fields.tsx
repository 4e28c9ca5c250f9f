import { fieldClass } from "../../../components/ui/field";
import { hoursFieldNames, LIST_HOURS_FIELD, MAX_RANGES_PER_DAY, WEEKDAY_NAMES, WEEKDAYS, type HoursFormValues } from "../../../lib/opening-hours";

/**
 * The week's hours fields (ADR 21): 'Show opening hours on my listing', then per weekday closed, open 24 hours
 * or one or two time ranges (a closing time earlier than the opening time runs past midnight). Plain inputs
 * with no state of their own, placed inside a form: the edit screen's hours form and the create-listing form.
 * `errors` are keyed by each day's mode field, as `parseHoursForm` and `weekProblems` give them.
 */
export function WeeklyHoursFields({ values, errors }: { values: HoursFormValues; errors: Record<string, string> }) {
  return (
    <>
      <label className="flex items-center gap-2 text-sm font-medium">
        <input type="checkbox" name={LIST_HOURS_FIELD} defaultChecked={values[LIST_HOURS_FIELD] === "on"} className="h-4 w-4" />
        Show opening hours on my listing
      </label>
      <table className="w-full text-sm">
        <caption className="sr-only">Weekly hours</caption>
        <tbody>
          {WEEKDAYS.map((day, i) => {
            const names = hoursFieldNames(day);
            const error = errors[names.mode];
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
    </>
  );
}
