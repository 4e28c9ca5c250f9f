import { Form } from "react-router";
import { Alert, FailureAlert } from "../../../components/ui/alert";
import { TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { t } from "../../../lib/i18n/i18n";
import { REAUTH_TEXTS } from "../phone.schemas";
import { SmsCodeField } from "./phone-sign-in";

/**
 * Where a card that changes how the account is signed in to stands with 'Confirm it is you' (issue 33): confirmed
 * (`proof`, for 15 minutes), or to confirm with the password, or with a code to the account's number (`sent` once it
 * went), or no way at all.
 */
export type IdentityState =
  | { way: "proof"; proof: string }
  | { way: "password" }
  | { way: "code"; phone: string; sent: boolean }
  | { way: "none" };

/** Whether the card's change form can be shown yet (an account confirming by code asks for the code first). */
export const canAskChange = (identity: IdentityState) => identity.way === "proof" || identity.way === "password" || (identity.way === "code" && identity.sent);

/**
 * Above a card's change form: the reason to confirm, and for an account confirming by code the button that texts the
 * code to its number (`card` names the card, so the answer comes back to it).
 */
export function ConfirmItIsYouIntro({ identity, card, busy, failure }: { identity: IdentityState; card: "phone" | "email"; busy: boolean; failure?: Failure | null }) {
  if (identity.way === "proof") return null;
  if (identity.way === "none") return <Alert tone="info">{t(REAUTH_TEXTS.noWay)}</Alert>;
  return (
    <>
      <p className="text-sm text-gray-600">{t(REAUTH_TEXTS.why)}</p>
      {failure ? <FailureAlert failure={failure} /> : null}
      {identity.way === "code" && !identity.sent ? (
        <Form method="post">
          <input type="hidden" name="intent" value="identity-code" />
          <input type="hidden" name="card" value={card} />
          <button type="submit" disabled={busy} className="btn btn-primary">
            {REAUTH_TEXTS.sendCode(identity.phone)}
          </button>
        </Form>
      ) : null}
    </>
  );
}

/** Inside a card's change form: the proof carried on, the password, or the code sent to the account's number. */
export function ConfirmItIsYouFields({ identity, errors }: { identity: IdentityState; errors: Record<string, string> }) {
  if (identity.way === "proof") {
    return (
      <>
        <input type="hidden" name="proof" value={identity.proof} />
        <p className="text-sm text-green-800">{REAUTH_TEXTS.confirmed}</p>
      </>
    );
  }
  if (identity.way === "password") {
    return <TextField label={t(REAUTH_TEXTS.passwordLabel)} name="password" type="password" autoComplete="current-password" maxLength={200} error={errors.password} />;
  }
  if (identity.way === "code" && identity.sent) return <SmsCodeField error={errors.code} hint={REAUTH_TEXTS.codeHint(identity.phone)} />;
  return null;
}
