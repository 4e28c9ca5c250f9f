import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import { Button } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { t } from "../../../lib/i18n/i18n";
import { CLOSURE_NOTE_MAX, closureDateText, type Closure } from "../../../lib/opening-hours";

/** A closed day that could not be added: why, and what was typed. */
export type ClosureFormState = {
  failure: Failure;
  typed: { date?: string; note?: string };
};

type Props = {
  action: string;
  closures: Closure[];
  /** The earliest date a closure may take (today in WAT), for the date picker. */
  today: string;
  state: ClosureFormState | null;
  notice: string | null;
};

/**
 * The closed days on the listing's edit screen (public holidays, travel): a list with its own Add and Remove,
 * each applied at once, never waiting for review (ADR 21). The weekly hours are not here: they are fields of
 * the listing form, saved with the rest by its one Save Changes (issue 32). Plain forms that post (no
 * JavaScript needed); with JavaScript the page stays as it is, so nothing typed in the listing form is lost.
 */
export function ClosedDaysForm({ action, closures, today, state, notice }: Props) {
  const fields = state?.failure.fields ?? {};
  const typed = state?.typed ?? {};
  return (
    <section id="closed-days" aria-labelledby="closed-days-title" className="space-y-4 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-gray-200 sm:p-6">
      <h2 id="closed-days-title" className="text-lg font-semibold text-gray-900">
        {t("Closed days")}
      </h2>
      <p className="text-sm text-gray-600">
        {t("Public holidays, travel: your listing shows as closed all that day. Each day is added or removed at once, on its own; it does not save the form above.")}
      </p>
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {closures.length > 0 ? (
        <ul className="divide-y divide-gray-100 text-sm">
          {closures.map((closure) => (
            <li key={closure.date} className="flex items-center justify-between gap-2 py-2">
              <span className="min-w-0">
                <time dateTime={closure.date}>{closureDateText(closure.date)}</time>
                {closure.note ? <span className="text-gray-600"> · {closure.note}</span> : null}
              </span>
              <Form method="post" action={action} preventScrollReset>
                <input type="hidden" name="intent" value="remove-closure" />
                <input type="hidden" name="date" value={closure.date} />
                <Button type="submit" variant="outline" size="sm" aria-label={t("Remove the closure on {{date}}", { date: closureDateText(closure.date) })}>
                  {t("Remove")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-gray-500">{t("No closed days coming up.")}</p>
      )}
      {state ? <FailureAlert failure={state.failure} /> : null}
      <Form method="post" action={action} className="grid gap-2 sm:grid-cols-[auto_1fr_auto] sm:items-end" preventScrollReset>
        <input type="hidden" name="intent" value="add-closure" />
        <TextField label={t("Date")} type="date" name="date" min={today} required defaultValue={typed.date ?? ""} error={fields.date} />
        <TextField
          label={t("Note (optional)")}
          name="note"
          maxLength={CLOSURE_NOTE_MAX}
          defaultValue={typed.note ?? ""}
          error={fields.note}
          placeholder={t("Public holiday")}
        />
        <Button type="submit" variant="outline">
          {t("Add closed day")}
        </Button>
      </Form>
    </section>
  );
}
