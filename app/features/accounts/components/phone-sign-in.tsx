import { Form } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { buttonClass } from "../../../components/ui/button";
import { TextField } from "../../../components/ui/field";
import { TabNav } from "../../../components/ui/tabs";
import { t } from "../../../lib/i18n/i18n";

/** 'E-mail' or 'Phone number': the two ways to sign in or up on /login and /register/* (issue 33), as links. */
export function SignInWays({ current, path, search }: { current: "email" | "phone"; path: string; search: URLSearchParams }) {
  const href = (way: "email" | "phone") => {
    const params = new URLSearchParams(search);
    params.delete("with");
    if (way === "phone") params.set("with", "phone");
    const query = params.toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <TabNav
      label={t("How to sign in")}
      current={current}
      tabs={[
        { id: "email", label: t("E-mail"), href: href("email") },
        { id: "phone", label: t("Phone number"), href: href("phone") },
      ]}
    />
  );
}

/** The field for a code sent by SMS: numeric, and phones offer the SMS's code (autocomplete one-time-code). */
export function SmsCodeField({ error, hint, autoFocus }: { error?: string; hint?: string; autoFocus?: boolean }) {
  return (
    <TextField
      label={t("Code from the SMS")}
      name="code"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      maxLength={8}
      error={error}
      hint={hint}
      autoFocus={autoFocus}
    />
  );
}

/** The mobile number field of the phone path: any Nigerian form, offered by the phone's keypad and autofill. */
export function PhoneNumberField({ defaultValue, error }: { defaultValue?: string; error?: string }) {
  return (
    <TextField
      label={t("Mobile number")}
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="0803 555 0141"
      defaultValue={defaultValue}
      error={error}
      hint={t("We send a 6-digit code to this number by SMS.")}
    />
  );
}

/**
 * The code step of the phone path: what was sent where, the code field (numeric; phones offer the SMS's code), the
 * main button, and 'Send a new code' / 'Call me with the code instead' (a voice call reads out a fresh code) for a
 * text that does not come. `hidden` carries what was typed before, so nothing is lost.
 */
export function PhoneCodeStep({
  message,
  error,
  hidden,
  intent,
  label,
  busyLabel,
  busy,
}: {
  message?: string;
  error?: string;
  hidden: Record<string, string>;
  intent: string;
  label: string;
  busyLabel: string;
  busy: boolean;
}) {
  return (
    <Form method="post" replace noValidate className="mt-4 space-y-4">
      {message ? <Alert tone="info">{message}</Alert> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <SmsCodeField error={error} autoFocus />
      <button type="submit" name="intent" value={intent} className={buttonClass({ full: true })} disabled={busy}>
        {busy ? busyLabel : label}
      </button>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button type="submit" name="intent" value="phone-code" className="link min-h-6">
          {t("Send a new code")}
        </button>
        <button type="submit" name="intent" value="phone-call" className="link min-h-6">
          {t("Call me with the code instead")}
        </button>
      </div>
    </Form>
  );
}
