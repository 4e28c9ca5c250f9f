import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { FailureAlert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/button";
import { Required, SelectField, TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { focusFirstError } from "../../../lib/focus-first-error";
import { t } from "../../../lib/i18n/i18n";
import { categoryOptions } from "../../../lib/reference";
import { LgaSelect } from "../../listings/components/lga-select";
import { NoteAndSend } from "./note-and-send";
import { StateSelect } from "./state-select";
import { SUGGESTION_LIMITS, SUGGESTION_TEXTS } from "../suggestion.schemas";

export type MissingBusinessValues = { name: string; category: string; state: string; lga: string; address: string; phone: string; note: string };

/** A listing the new business may be (as findSimilarListings gives it). */
export type SimilarRow = { id: string; name: string; state: string | null; lga: string | null; unclaimed: boolean };

const EMPTY: MissingBusinessValues = { name: "", category: "", state: "", lga: "", address: "", phone: "", note: "" };

/**
 * 'Suggest a business' (/suggest): name, category, state and LGA, then optionally the street address, phone and a
 * note. It works without JavaScript and keeps everything typed when the server refuses it or asks 'Is it one of
 * these?' — the listings it may duplicate, each a link, and 'No, it's a different business' which sends the same form
 * again, confirmed.
 */
export function MissingBusinessForm({ values = EMPTY, failure, similar }: { values?: MissingBusinessValues; failure: Failure | null; similar: readonly SimilarRow[] | null }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  const [state, setState] = useState(values.state);
  const fields = failure?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failure?.fields && formRef.current) focusFirstError(formRef.current);
  }, [failure]);
  return (
    <Form ref={formRef} method="post" action="/suggest" className="card space-y-4 p-5" noValidate>
      {failure ? <FailureAlert failure={failure} /> : null}
      {similar && similar.length > 0 ? (
        <section role="alert" aria-labelledby="similar-title" className="space-y-3 rounded-lg border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
          <h2 id="similar-title" className="font-semibold">
            {t(SUGGESTION_TEXTS.similarTitle)}
          </h2>
          <p>{t(SUGGESTION_TEXTS.similarText)}</p>
          <ul className="space-y-2">
            {similar.map((listing) => (
              <li key={listing.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Link to={`/businesses/${listing.id}`} className="break-words font-medium underline">
                  {listing.name}
                </Link>
                <span className="text-amber-800">{[listing.lga, listing.state].filter(Boolean).join(", ")}</span>
                {listing.unclaimed ? <span className="text-xs">{t(SUGGESTION_TEXTS.unclaimed)}</span> : null}
              </li>
            ))}
          </ul>
          <button type="submit" name="notDuplicate" value="1" className={buttonClass({ variant: "outline", size: "sm" })} disabled={sending}>
            {t(SUGGESTION_TEXTS.notDuplicate)}
          </button>
        </section>
      ) : null}
      <TextField
        label={<Required>{t("Business name")}</Required>}
        name="name"
        defaultValue={values.name}
        error={fields.name}
        aria-required="true"
        maxLength={100}
        autoComplete="off"
      />
      <SelectField
        label={<Required>{t("Category")}</Required>}
        name="category"
        options={categoryOptions()}
        placeholder={t("Select a category")}
        defaultValue={values.category}
        error={fields.category}
        aria-required="true"
      />
      <StateSelect defaultValue={values.state} error={fields.state} onChange={setState} />
      <LgaSelect state={state} defaultValue={values.lga} error={fields.lga} required hint={t("Where the business is.")} />
      <TextField
        label={t("Street address")}
        name="address"
        defaultValue={values.address}
        error={fields.address}
        maxLength={SUGGESTION_LIMITS.addressMax}
        hint={t("Optional. Street and number, or the nearest landmark.")}
      />
      <TextField
        label={t("Phone number")}
        name="phone"
        type="tel"
        inputMode="tel"
        placeholder="0803 123 4567"
        defaultValue={values.phone}
        error={fields.phone}
        hint={t("Optional. The business's number, if you know it. Without a leading +, +234 is added.")}
      />
      <NoteAndSend note={values.note} error={fields.note} hint={t("Optional. Anything that helps us check it: how you know it, its opening hours.")} sending={sending} />
    </Form>
  );
}
