import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { t } from "../../../lib/i18n/i18n";
import { displayPhone } from "../../../lib/phone";
import { PHONE_TEXTS } from "../phone.schemas";
import { canAskChange, ConfirmItIsYouFields, ConfirmItIsYouIntro, type IdentityState } from "./confirm-it-is-you";
import { SmsCodeField } from "./phone-sign-in";

/** Where the card is: nothing asked yet, a code sent to `pending`, or the number just verified. */
export type PhoneCardState = { step: "start" } | { step: "code"; pending: string; sent: boolean } | { step: "verified"; phone: string };

/**
 * The profile's 'Phone number' card (issue 33): the account's verified mobile number, and adding or changing it in two
 * steps — the number (a code goes to it by SMS), then the code — after confirming it is them (the password, or a code
 * to the number they have now). A refusal keeps what was typed, with the reason beside the field; the code field is
 * numeric and offers the SMS's code on phones (autocomplete one-time-code).
 */
export function PhoneCard({
  phone,
  state,
  failure,
  typedPhone,
  busy,
  identity,
  identityFailure,
}: {
  phone: string | null;
  state: PhoneCardState;
  failure?: Failure | null;
  typedPhone?: string;
  busy: boolean;
  identity: IdentityState;
  /** A refused 'send a code to my number' (too many codes). */
  identityFailure?: Failure | null;
}) {
  const errors = failure?.fields ?? {};
  return (
    <section className="card space-y-4 p-5" aria-labelledby="phone-title">
      <div>
        <h2 id="phone-title" className="font-semibold">
          {t("Phone number")}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {phone
            ? t("Verified: {{phone}}. A new number replaces it once its code is confirmed.", { phone: displayPhone(phone) })
            : t("Add your mobile number to be reached by SMS and WhatsApp.")}
        </p>
      </div>
      {state.step === "verified" ? <Alert tone="success">{PHONE_TEXTS.verified(state.phone)}</Alert> : null}
      {failure && !failure.fields ? <FailureAlert failure={failure} /> : null}
      {state.step === "code" ? (
        <Form method="post" className="space-y-3" noValidate>
          {state.sent ? <Alert tone="info">{PHONE_TEXTS.codeSent(state.pending)}</Alert> : null}
          <input type="hidden" name="intent" value="phone-verify" />
          <input type="hidden" name="phone" value={state.pending} />
          {identity.way === "proof" ? <input type="hidden" name="proof" value={identity.proof} /> : null}
          <SmsCodeField error={errors.code} autoFocus />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className="btn btn-primary">
              {busy ? t("Checking…") : t("Confirm number")}
            </button>
          </div>
        </Form>
      ) : null}
      {state.step === "code" ? null : <ConfirmItIsYouIntro identity={identity} card="phone" busy={busy} failure={identityFailure} />}
      {canAskChange(identity) ? (
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="phone-code" />
        <TextField
          label={phone ? t("New mobile number") : t("Mobile number")}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          maxLength={25}
          hint={t("A Nigerian mobile number, such as 0803 555 0141.")}
          defaultValue={typedPhone ?? (state.step === "code" ? displayPhone(state.pending) : "")}
          error={errors.phone}
        />
        <ConfirmItIsYouFields identity={identity} errors={state.step === "code" ? {} : errors} />
        <button type="submit" disabled={busy} className={state.step === "code" ? "btn btn-outline" : "btn btn-primary"}>
          {state.step === "code" ? t("Send a new code") : t("Send code")}
        </button>
      </Form>
      ) : null}
    </section>
  );
}
