import { Form, Link } from "react-router";
import { FailureAlert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/button";
import { PasswordField, TextField } from "../../../components/ui/field";
import type { Failure } from "../../../lib/app-error";
import { currentLocale, t } from "../../../lib/i18n/i18n";
import { localizePath } from "../../../lib/i18n/locales";
import { DELETED_USER_NAME, PRIVACY_TEXTS } from "../privacy.schemas";
import { PHONE_TEXTS } from "../../accounts/phone.schemas";
import { SmsCodeField } from "../../accounts/components/phone-sign-in";
import { displayPhone } from "../../../lib/phone";

/**
 * The profile's 'Your data' card (NDPA 2023): download everything we hold as JSON, and delete the account
 * after typing the password and the confirmation word. A refused deletion opens the form again with the
 * word as typed (never the password) and the reason beside the field.
 */
export function YourDataCard({
  failure,
  typedConfirmation,
  deleting,
  confirmBy = "password",
}: {
  failure?: Failure | null;
  typedConfirmation?: string;
  deleting: boolean;
  /** The password, or for an account without one (made with a phone number) a code sent to its number. */
  confirmBy?: "password" | { phone: string | null; codeSentTo: string | null };
}) {
  const errors = failure?.fields ?? {};
  const byCode = confirmBy === "password" ? null : confirmBy;
  return (
    <section className="card space-y-4 p-5" aria-labelledby="your-data-title">
      <div>
        <h2 id="your-data-title" className="font-semibold">
          {t(PRIVACY_TEXTS.exportTitle)}
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          {t(PRIVACY_TEXTS.exportText)}{" "}
          <Link to="/privacy" className="link">
            {t("What we keep and why")}
          </Link>
          .
        </p>
        {/* A plain link: the browser downloads the file (no JavaScript needed, nothing cached); in the page's language. */}
        <a href={localizePath(currentLocale(), "/profile/export")} download className={`${buttonClass({ variant: "outline" })} mt-3`}>
          {t(PRIVACY_TEXTS.exportButton)}
        </a>
      </div>
      <details className="border-t border-gray-100 pt-4" open={Boolean(failure) || Boolean(byCode?.codeSentTo)}>
        <summary className="cursor-pointer font-semibold text-red-700">{t(PRIVACY_TEXTS.deleteTitle)}</summary>
        <div className="mt-3 space-y-3 text-sm text-gray-700">
          <p>
            {t(
              "Your sessions end, your listings and their photos are removed and your ID documents are deleted. People you wrote to still see your messages, from ‘{{name}}’. Payment records and the record of actions are kept, as the law requires. This cannot be undone.",
              { name: DELETED_USER_NAME },
            )}
          </p>
          {byCode ? (
            // Its own form: Enter in the fields below deletes, never sends another code.
            <Form method="post">
              <input type="hidden" name="intent" value="delete-code" />
              <button type="submit" className={buttonClass({ variant: "outline" })}>
                {byCode.codeSentTo ? t("Send a new code") : t("Send me a code")}
              </button>
            </Form>
          ) : null}
          <Form method="post" className="space-y-3" noValidate>
            <input type="hidden" name="intent" value="delete-account" />
            {failure ? <FailureAlert failure={failure} /> : null}
            {byCode ? (
              <>
                {byCode.codeSentTo ? <p role="status">{PHONE_TEXTS.codeSent(byCode.codeSentTo)}</p> : null}
                <SmsCodeField
                  error={errors.code}
                  hint={byCode.phone ? t("Your account has no password: we send a code to {{phone}} to confirm it is you.", { phone: displayPhone(byCode.phone) }) : undefined}
                />
              </>
            ) : (
              <PasswordField label={t("Your password")} name="deletePassword" autoComplete="current-password" required error={errors.password} />
            )}
            <TextField
              label={t("Type {{word}} to confirm", { word: PRIVACY_TEXTS.confirmationWord })}
              name="confirmation"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              required
              defaultValue={typedConfirmation ?? ""}
              error={errors.confirmation}
            />
            <button type="submit" disabled={deleting} className={buttonClass({ variant: "danger" })}>
              {deleting ? t("Deleting…") : t(PRIVACY_TEXTS.deleteButton)}
            </button>
          </Form>
        </div>
      </details>
    </section>
  );
}
