import { useEffect, useRef, useState } from "react";
import { localizePath } from "../../../lib/i18n/locales";
import { Form, useNavigation } from "react-router";
import { FailureAlert } from "../../../components/ui/alert";
import { SelectField, TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { focusFirstError } from "../../../lib/focus-first-error";
import { msg, t, currentLocale } from "../../../lib/i18n/i18n";
import type { HoursFormValues } from "../../../lib/opening-hours";
import { displayPhone } from "../../../lib/phone";
import { categoryOptions, SUGGESTION_FIELDS, type SuggestionField } from "../../../lib/reference";
import { LgaSelect } from "../../listings/components/lga-select";
import { NoteAndSend } from "./note-and-send";
import { StateSelect } from "./state-select";
import { WeeklyHoursFields } from "../../listings/components/weekly-hours-fields";
import { fieldText, SUGGESTION_FIELD_LABELS, SUGGESTION_KIND_LABELS, SUGGESTION_LIMITS, type CurrentListing } from "../suggestion.schemas";

/** The change form's values: as typed (a refused post), or the listing's own to start from. */
export type ChangeValues = {
  kind: string;
  fields: string[];
  name: string;
  phone: string;
  address: string;
  category: string;
  state: string;
  lga: string;
  newAddress: string;
  note: string;
};

export function changeValuesOf(current: CurrentListing): ChangeValues {
  return {
    kind: "edit",
    fields: [],
    name: current.name,
    phone: current.phone ? displayPhone(current.phone) : "",
    address: current.address ?? "",
    category: current.category ?? "",
    state: current.state ?? "",
    lga: current.lga ?? "",
    newAddress: "",
    note: "",
  };
}

const KIND_HINTS = {
  edit: msg("Choose each detail that is wrong and give the right one."),
  closed: msg("The business no longer operates here or anywhere."),
  moved: msg("It operates from another address now."),
} as const;

/**
 * 'Suggest an edit' (/suggest/{id}): 'Something is wrong' (a box per field, each with its right value), 'It has
 * closed' or 'It has moved' (the new state, LGA and address), and a note. Plain inputs posted to the route's action,
 * so it works without JavaScript; with a browser that knows CSS :has(), only the chosen part and the ticked fields'
 * inputs show. A refused post comes back with everything as typed and each problem beside its field.
 */
export function ChangeForm({
  action,
  current,
  values,
  hours,
  hoursNotice,
  failure,
}: {
  action: string;
  current: CurrentListing;
  values: ChangeValues;
  hours: HoursFormValues;
  hoursNotice: string | null;
  failure: Failure | null;
}) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formAction === localizePath(currentLocale(), action);
  const [state, setState] = useState(values.state);
  const fields = failure?.fields ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (failure?.fields && formRef.current) focusFirstError(formRef.current);
  }, [failure]);
  const kindError = fields.kind;
  return (
    <Form ref={formRef} method="post" action={action} className="group card space-y-5 p-5" noValidate>
      {/* Enter in a field sends the suggestion, never a day's 'Copy to Mon–Fri'. */}
      <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only">
        {t("Send suggestion")}
      </button>
      {failure ? <FailureAlert failure={failure} /> : null}
      <fieldset className="space-y-2" aria-invalid={kindError ? true : undefined} aria-describedby={kindError ? "kind-error" : undefined}>
        <legend className="font-medium text-gray-900">{t("What do you want to tell us?")}</legend>
        {(["edit", "closed", "moved"] as const).map((kind) => (
          <label key={kind} className="flex items-start gap-3 py-1">
            <input id={`kind-${kind}`} type="radio" name="kind" value={kind} defaultChecked={values.kind === kind} className="mt-1 accent-brand-600" />
            <span>
              <span className="font-medium">{t(SUGGESTION_KIND_LABELS[kind])}</span>
              <span className="block text-sm text-gray-600">{t(KIND_HINTS[kind])}</span>
            </span>
          </label>
        ))}
        {kindError ? (
          <p id="kind-error" role="alert" className="text-sm text-red-600">
            {kindError}
          </p>
        ) : null}
      </fieldset>

      <fieldset className="space-y-3 group-has-[#kind-closed:checked]:hidden group-has-[#kind-moved:checked]:hidden" aria-describedby={fields.fields ? "fields-error" : undefined}>
        <legend className="font-medium text-gray-900">{t("{{kind}}: what is wrong?", { kind: t(SUGGESTION_KIND_LABELS.edit) })}</legend>
        {fields.fields ? (
          <p id="fields-error" role="alert" className="text-sm text-red-600">
            {fields.fields}
          </p>
        ) : null}
        {SUGGESTION_FIELDS.map((field) => (
          <div key={field} className="group/field rounded-lg border border-gray-200 p-3">
            <label className="flex items-start gap-3">
              <input type="checkbox" name="fields" value={field} defaultChecked={values.fields.includes(field)} className="pick mt-1 h-5 w-5" />
              <span>
                <span className="font-medium">{t(SUGGESTION_FIELD_LABELS[field])}</span>
                <span className="block break-words text-sm text-gray-600">{t("Now: {{value}}", { value: fieldText(field, currentValue(current, field)) })}</span>
              </span>
            </label>
            <div className="mt-3 group-has-[.pick:not(:checked)]/field:hidden">
              <FieldInput field={field} values={values} fields={fields} hours={hours} hoursNotice={hoursNotice} />
            </div>
          </div>
        ))}
      </fieldset>

      <fieldset className="space-y-3 group-has-[#kind-closed:checked]:hidden group-has-[#kind-edit:checked]:hidden">
        <legend className="font-medium text-gray-900">{t("{{kind}}: where to?", { kind: t(SUGGESTION_KIND_LABELS.moved) })}</legend>
        <StateSelect defaultValue={values.state} error={fields.state} onChange={setState} />
        <LgaSelect state={state} defaultValue={values.lga} error={fields.lga} required hint={t("Where the business is now.")} />
        <TextField
          label={t("New street address")}
          name="newAddress"
          defaultValue={values.newAddress}
          error={values.kind === "moved" ? fields.address : undefined}
          maxLength={SUGGESTION_LIMITS.addressMax}
          hint={t("Optional if you do not know it, but it helps.")}
        />
      </fieldset>

      <NoteAndSend note={values.note} error={fields.note} hint={t("Optional. How you know, or anything else that helps us check it.")} sending={sending} />
    </Form>
  );
}

function currentValue(current: CurrentListing, field: SuggestionField): unknown {
  switch (field) {
    case "name":
      return current.name;
    case "phone":
      return current.phone;
    case "address":
      return current.address;
    case "category":
      return current.category;
    case "hours":
      return current.hours;
  }
}

/** The input of one field's right value ('Something is wrong'). */
function FieldInput({
  field,
  values,
  fields,
  hours,
  hoursNotice,
}: {
  field: SuggestionField;
  values: ChangeValues;
  fields: Record<string, string>;
  hours: HoursFormValues;
  hoursNotice: string | null;
}) {
  switch (field) {
    case "name":
      return <TextField label={t("The right name")} name="name" defaultValue={values.name} error={fields.name} maxLength={100} />;
    case "phone":
      return (
        <TextField
          label={t("The right phone number")}
          name="phone"
          type="tel"
          inputMode="tel"
          placeholder="0803 123 4567"
          defaultValue={values.phone}
          error={fields.phone}
          hint={t("Without a leading +, +234 is added.")}
        />
      );
    case "address":
      return <TextField label={t("The right address")} name="address" defaultValue={values.address} error={fields.address && values.kind === "edit" ? fields.address : undefined} maxLength={SUGGESTION_LIMITS.addressMax} />;
    case "category":
      return <SelectField label={t("The right category")} name="category" options={categoryOptions()} placeholder={t("Select a category")} defaultValue={values.category} error={fields.category} />;
    case "hours":
      return (
        <div className="space-y-2">
          <p className="text-sm text-gray-600">{t("The right opening hours, Nigerian time (WAT). A closing time earlier than the opening time means after midnight.")}</p>
          {fields.hours ? (
            <p role="alert" className="text-sm text-red-600">
              {fields.hours}
            </p>
          ) : null}
          <WeeklyHoursFields values={hours} errors={fields} saveLabel={t("Send suggestion")} notice={hoursNotice} listToggle={null} />
        </div>
      );
  }
}
