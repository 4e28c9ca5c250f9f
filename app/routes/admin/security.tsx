import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/security";
import { PasswordField, TextField } from "~/components/ui/field";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { ADMIN_TWO_FACTOR_REQUIRED } from "~/features/accounts/access";
import { requireUser } from "~/features/accounts/guards.server";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS } from "~/features/admin/admin.schemas";
import { confirmTwoFactor } from "~/features/admin/confirm-two-factor.server";
import { disableTwoFactor } from "~/features/admin/disable-two-factor.server";
import { secretOf, startTwoFactorSetup } from "~/features/admin/start-two-factor-setup.server";
import { getTwoFactorStatus } from "~/features/admin/two-factor-status.server";
import { failureData, refusalData } from "~/lib/error-responses.server";
import { t } from "~/lib/i18n/i18n";

export const meta: Route.MetaFunction = () => [{ title: t("Two-factor sign-in – Admin – Naija Directory") }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["admin", "business"]);
  if (!user.isAdmin) return data({ denied: true as const }, { status: 403 });
  return { denied: false as const, email: user.email, ...(await getTwoFactorStatus(user)) };
}

type Setup = { totpURI: string; secret: string; backupCodes: string[] };
type Intent = "start" | "confirm" | "disable";

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["admin", "business"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "start") {
    try {
      const setup = await startTwoFactorSetup(user, { password: String(form.get("password") ?? ""), request });
      return { ok: true as const, intent: "confirm" as Intent, setup };
    } catch (error) {
      return failureData(error, { fallback: ADMIN_EXTRA_TEXTS.twoFactorFailed, keep: { intent: "start" as Intent } });
    }
  }
  if (intent === "confirm") {
    // The set-up shown so far comes back with the form, so a wrong code does not lose it.
    const totpURI = String(form.get("totpURI") ?? "");
    const setup: Setup | undefined = totpURI.startsWith("otpauth://")
      ? { totpURI, secret: secretOf(totpURI), backupCodes: form.getAll("backupCodes").map(String).slice(0, 20) }
      : undefined;
    try {
      const { headers } = await confirmTwoFactor(user, { code: String(form.get("code") ?? ""), request });
      throw redirect("/admin/security?done=enabled", { headers });
    } catch (error) {
      return failureData(error, { fallback: ADMIN_EXTRA_TEXTS.twoFactorFailed, keep: { intent: "confirm" as Intent, setup } });
    }
  }
  if (intent === "disable") {
    try {
      const { headers } = await disableTwoFactor(user, { password: String(form.get("password") ?? ""), request });
      throw redirect("/admin/security?done=disabled", { headers });
    } catch (error) {
      return failureData(error, { fallback: ADMIN_EXTRA_TEXTS.twoFactorFailed, keep: { intent: "disable" as Intent } });
    }
  }
  return refusalData("invalid", ADMIN_TEXTS.anError, { keep: { intent: "start" as Intent } });
}

export default function SecurityPage() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [params] = useSearchParams();
  if (loaderData.denied) {
    return (
      <div className="page max-w-md py-16 text-center">
        <div className="card p-8" role="alert">
          <h1 className="text-2xl font-bold">{t(ADMIN_TEXTS.accessDenied.title)}</h1>
          <p className="mt-2 text-gray-700">{t(ADMIN_TEXTS.accessDenied.text)}</p>
        </div>
      </div>
    );
  }
  const done = params.get("done");
  const setup = actionData && "setup" in actionData ? actionData.setup : undefined;
  const error = actionData && !actionData.ok ? actionData.failure.text : "";
  return (
    <div className="page max-w-xl">
      {loaderData.enabled ? (
        <Link to="/admin" className="link text-sm">
          {t("← Back to Admin Dashboard")}
        </Link>
      ) : null}
      <h1 className="mt-3 text-2xl font-bold text-gray-900">{t("Two-factor sign-in")}</h1>
      <p className="mt-1 text-sm text-gray-600">
        {t("With it on, signing in to {{email}} also asks for a code from an authenticator app on your phone, so a stolen password is not enough.", {
          email: loaderData.email,
        })}
      </p>
      <div className="mt-4 space-y-3">
        {/* Every admin needs it: without it the panel and every admin action send the admin here. */}
        {!loaderData.enabled && done !== "disabled" ? (
          <Alert tone="warning">
            <strong className="block">{t(ADMIN_TWO_FACTOR_REQUIRED.title)}</strong>
            {t(ADMIN_TWO_FACTOR_REQUIRED.text)}
          </Alert>
        ) : null}
        {done === "enabled" && loaderData.enabled ? <Alert tone="success">{t(ADMIN_EXTRA_TEXTS.twoFactorEnabled)}</Alert> : null}
        {done === "disabled" && !loaderData.enabled ? <Alert tone="success">{t(ADMIN_EXTRA_TEXTS.twoFactorDisabled)}</Alert> : null}
      </div>
      <section className="card mt-4 p-5" aria-labelledby="status-title">
        <h2 id="status-title" className="font-semibold">
          {t("Status:")}{" "}
          {loaderData.enabled ? <span className="text-green-700">{t("On")}</span> : <span className="text-gray-700">{t("Off")}</span>}
        </h2>
        {loaderData.enabled ? (
          <DisableForm error={actionData?.intent === "disable" ? error : ""} />
        ) : setup ? (
          <ConfirmForm setup={setup} error={actionData?.intent === "confirm" ? error : ""} />
        ) : (
          <StartForm error={actionData?.intent === "start" || actionData?.intent === "confirm" ? error : ""} />
        )}
      </section>
    </div>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function StartForm({ error }: { error: string }) {
  const busy = useBusy("start");
  return (
    <Form method="post" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="start" />
      <p className="text-sm text-gray-700">{t("You need an authenticator app such as Google Authenticator, Microsoft Authenticator or Authy.")}</p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <PasswordField label={t("Your password")} name="password" autoComplete="current-password" required />
      <button type="submit" className={buttonClass({ full: true })} disabled={busy}>
        {busy ? t("Checking…") : t("Set up two-factor sign-in")}
      </button>
    </Form>
  );
}

function ConfirmForm({ setup, error }: { setup: Setup; error: string }) {
  const busy = useBusy("confirm");
  const grouped = setup.secret.match(/.{1,4}/g)?.join(" ") ?? setup.secret;
  return (
    <div className="mt-3 space-y-4">
      <ol className="list-decimal space-y-3 pl-5 text-sm text-gray-800">
        <li>
          {t("In your authenticator app, add an account and choose to enter a setup key. Use this key (time-based):")}
          <p className="mt-1 break-all rounded-lg bg-gray-100 px-3 py-2 font-mono text-base tracking-wider" aria-label={t("Setup key")}>
            {grouped}
          </p>
          <a href={setup.totpURI} className="link mt-1 inline-block">
            {t("Or open it in the authenticator app on this phone")}
          </a>
        </li>
        <li>
          {t("Keep these backup codes somewhere safe. Each one signs you in once if you lose your phone. They are shown only now.")}
          <ul className="mt-1 grid grid-cols-2 gap-1 rounded-lg bg-gray-100 px-3 py-2 font-mono text-sm" aria-label={t("Backup codes")}>
            {setup.backupCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ul>
        </li>
        <li>{t("Enter the 6-digit code the app shows now.")}</li>
      </ol>
      <Form method="post" className="space-y-3">
        <input type="hidden" name="intent" value="confirm" />
        <input type="hidden" name="totpURI" value={setup.totpURI} />
        {setup.backupCodes.map((c) => (
          <input key={c} type="hidden" name="backupCodes" value={c} />
        ))}
        {error ? <Alert tone="error">{error}</Alert> : null}
        <TextField label={t("6-digit code")} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={7} required />
        <button type="submit" className={buttonClass({ full: true })} disabled={busy}>
          {busy ? t("Checking…") : t("Turn on two-factor sign-in")}
        </button>
      </Form>
      <Link to="/admin/security" className={buttonClass({ variant: "outline", full: true })}>
        {t("Cancel")}
      </Link>
    </div>
  );
}

function DisableForm({ error }: { error: string }) {
  const busy = useBusy("disable");
  return (
    <Form method="post" className="mt-3 space-y-3">
      <input type="hidden" name="intent" value="disable" />
      <p className="text-sm text-gray-700">
        {t(
          "Each sign-in asks for a code from your authenticator app. To turn it off, confirm your password. The admin panel closes until you turn it on again (to move to a new phone, turn it off and set it up again).",
        )}
      </p>
      {error ? <Alert tone="error">{error}</Alert> : null}
      <PasswordField label={t("Your password")} name="password" autoComplete="current-password" required />
      <button type="submit" className={buttonClass({ variant: "outline", full: true })} disabled={busy}>
        {busy ? t("Saving…") : t("Turn off two-factor sign-in")}
      </button>
    </Form>
  );
}
