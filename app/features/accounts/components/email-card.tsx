import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { t } from "../../../lib/i18n/i18n";
import { canAskChange, ConfirmItIsYouFields, ConfirmItIsYouIntro, type IdentityState } from "./confirm-it-is-you";

/**
 * The profile's 'E-mail address' card (issue 33): the account's address (none for an account made with a phone
 * number), and adding or changing it after confirming it is them (the password, or a code to their number): a link
 * goes to the new address, which becomes the account's once opened. A refusal keeps what was typed, with the reason
 * beside the field.
 */
export function EmailCard({
  email,
  sentTo,
  failure,
  typedEmail,
  busy,
  identity,
  identityFailure,
}: {
  email: string | null;
  sentTo?: string | null;
  failure?: Failure | null;
  typedEmail?: string;
  busy: boolean;
  identity: IdentityState;
  /** A refused 'send a code to my number' (too many codes). */
  identityFailure?: Failure | null;
}) {
  return (
    <section className="card space-y-4 p-5" aria-labelledby="email-title">
      <div>
        <h2 id="email-title" className="font-semibold">
          {t("E-mail address")}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {email ? t("{{email}}. A new address replaces it once you open the link we send to it.", { email }) : t("None yet. Add one for receipts, and to sign in with a password.")}
        </p>
      </div>
      {sentTo ? <Alert tone="success">{t("We sent a link to {{email}}. Open it within 24 hours to confirm the address.", { email: sentTo })}</Alert> : null}
      {failure && !failure.fields ? <FailureAlert failure={failure} /> : null}
      <ConfirmItIsYouIntro identity={identity} card="email" busy={busy} failure={identityFailure} />
      {canAskChange(identity) ? (
      <Form method="post" className="space-y-3" noValidate>
        <input type="hidden" name="intent" value="email-change" />
        <TextField
          label={email ? t("New e-mail address") : t("E-mail address")}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          defaultValue={typedEmail ?? ""}
          error={failure?.fields?.email}
        />
        <ConfirmItIsYouFields identity={identity} errors={failure?.fields ?? {}} />
        <button type="submit" disabled={busy} className="btn btn-outline">
          {busy ? t("Sending…") : t("Send link")}
        </button>
      </Form>
      ) : null}
    </section>
  );
}
