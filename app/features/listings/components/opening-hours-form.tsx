import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { closureDateText, type Closure, type HoursFormValues } from "../../../lib/opening-hours";
import { WeeklyHoursFields } from "./weekly-hours-fields";

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
        <WeeklyHoursFields values={values} errors={fields} />
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
