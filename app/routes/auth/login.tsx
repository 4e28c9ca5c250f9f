import { useRef, useState } from "react";
import { data, Form, Link, redirect, useActionData, useFetcher, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
import {
  ACCOUNT_TEXTS,
  ForgotPasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
  homeForRole,
  safeRedirectPath,
} from "~/features/accounts/account.schemas";
import type { Failure } from "~/lib/app-error";
import { t, translateIfKnown } from "~/lib/i18n/i18n";
import { describeError } from "~/lib/error-responses.server";
import { fieldErrors } from "~/lib/field-errors";
import { focusFirstError, focusFirstField } from "~/lib/focus-first-error";
import { keepTabInside } from "~/lib/focus-trap";
import { PasswordField, TextField } from "~/components/ui/field";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { requestPasswordReset, resetPassword } from "~/features/accounts/password-reset.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { resendVerification, signIn, verifyTwoFactorSignIn } from "~/features/accounts/sign-in.server";
import { requestSignInCode, signInWithPhone } from "~/features/accounts/phone-sign-in.server";
import { PHONE_SIGN_IN_TEXTS } from "~/features/accounts/phone.schemas";
import { PhoneCodeStep, PhoneNumberField, SignInWays } from "~/features/accounts/components/phone-sign-in";

export const meta: Route.MetaFunction = () => [
  { title: t("Sign in – Naija Directory") },
  { name: "description", content: t("Sign in to message businesses and manage your listings.") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const isReset = url.searchParams.get("reset") === "true";
  const user = await getSessionUser(request);
  if (user && !isReset) {
    throw redirect(safeRedirectPath(url.searchParams.get("redirectTo")) ?? homeForRole(user));
  }
  return null;
}

type ActionResult =
  | { intent: "sign-in"; error: string; reason?: string; email: string }
  /** Password accepted; the authenticator code is asked next (two-factor sign-in). */
  | { intent: "two-factor"; error?: string; redirectTo: string }
  | { intent: "reset"; error: string; weakPassword?: string[] }
  | { intent: "resend"; message: string }
  | { intent: "forgot"; error?: string; success?: string }
  /** The phone path (issue 33): the number step, the code step, and a proved number without an account. */
  | {
      intent: "phone-sign-in";
      stage: "number" | "code" | "no-account";
      phone: string;
      message?: string;
      error?: string;
      fieldError?: string;
      codeError?: string;
      redirectTo: string;
    };

/**
 * The answer to a refused step, in the shape that step's form reads: the status and text come from the
 * one error mapping; `fallback` is the spec's text for a fault of ours.
 */
function refused(error: unknown, fallback: string, shape: (failure: Failure) => ActionResult) {
  if (error instanceof Response) throw error;
  const { status, failure } = describeError(error, fallback);
  return data(shape(failure), { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "sign-in");
  const clientAddress = context.clientAddress;

  if (intent === "forgot") {
    const parsed = ForgotPasswordSchema.safeParse({ email: form.get("email") ?? "" });
    if (!parsed.success) return data({ intent: "forgot", error: translateIfKnown(parsed.error.issues[0]!.message) } satisfies ActionResult, { status: 400 });
    try {
      const sent = await requestPasswordReset(parsed.data.email, { clientAddress });
      return { intent: "forgot", success: sent.message } satisfies ActionResult;
    } catch (error) {
      return refused(error, ACCOUNT_TEXTS.unexpected, (f) => ({ intent: "forgot", error: f.text }));
    }
  }

  if (intent === "resend") {
    try {
      const sent = await resendVerification(String(form.get("email") ?? ""), { clientAddress });
      return { intent: "resend", message: sent.message } satisfies ActionResult;
    } catch (error) {
      return refused(error, ACCOUNT_TEXTS.unexpected, (f) => ({ intent: "resend", message: f.text }));
    }
  }

  if (intent === "reset") {
    const parsed = ResetPasswordSchema.safeParse({
      token: form.get("token") ?? "",
      password: form.get("password") ?? "",
      confirmPassword: form.get("confirmPassword") ?? "",
    });
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error);
      return data({ intent: "reset", error: translateIfKnown(Object.values(errors)[0]!) } satisfies ActionResult, { status: 400 });
    }
    try {
      await resetPassword(parsed.data.token, parsed.data.password);
    } catch (error) {
      return refused(error, ACCOUNT_TEXTS.unexpected, (f) => ({ intent: "reset", error: f.text, weakPassword: f.items }));
    }
    throw redirect("/login?passwordReset=true");
  }

  if (intent === "phone-code" || intent === "phone-call") {
    const phone = String(form.get("phone") ?? "");
    const redirectTo = safeRedirectPath(form.get("redirectTo")) ?? "";
    const atCodeStep = form.get("step") === "code";
    try {
      const sent = await requestSignInCode({ phone, voice: intent === "phone-call" }, { clientAddress });
      const message = intent === "phone-call" ? PHONE_SIGN_IN_TEXTS.callPlaced(sent.phone) : PHONE_SIGN_IN_TEXTS.codeSent(sent.phone);
      return { intent: "phone-sign-in", stage: "code", phone: sent.phone, message, redirectTo } satisfies ActionResult;
    } catch (error) {
      return refused(error, ACCOUNT_TEXTS.loginUnexpected, (f) =>
        atCodeStep && !f.fields?.phone
          ? { intent: "phone-sign-in", stage: "code", phone, error: f.text, redirectTo }
          : { intent: "phone-sign-in", stage: "number", phone, fieldError: f.fields?.phone, error: f.fields?.phone ? undefined : f.text, redirectTo },
      );
    }
  }

  if (intent === "phone-sign-in") {
    const phone = String(form.get("phone") ?? "");
    const redirectTo = safeRedirectPath(form.get("redirectTo")) ?? "";
    try {
      const result = await signInWithPhone({ phone, code: String(form.get("code") ?? "") }, { request, clientAddress });
      if (result.status === "no-account") {
        return data({ intent: "phone-sign-in", stage: "no-account", phone: result.phone, redirectTo } satisfies ActionResult, { headers: result.headers });
      }
      throw redirect(redirectTo || homeForRole(result.user), { headers: result.headers });
    } catch (error) {
      return refused(error, ACCOUNT_TEXTS.loginUnexpected, (f) =>
        f.fields?.code
          ? { intent: "phone-sign-in", stage: "code", phone, codeError: f.fields.code, redirectTo }
          : { intent: "phone-sign-in", stage: "number", phone, error: f.text, redirectTo },
      );
    }
  }

  if (intent === "two-factor") {
    const redirectTo = safeRedirectPath(form.get("redirectTo")) ?? "";
    try {
      const signedIn = await verifyTwoFactorSignIn(String(form.get("code") ?? ""), { request, clientAddress });
      throw redirect(redirectTo || homeForRole(signedIn.user), { headers: signedIn.headers });
    } catch (error) {
      return refused(error, ACCOUNT_TEXTS.loginUnexpected, (f) =>
        // Start again from the password when the code step has expired, or the account is suspended.
        f.reason === "expired" || f.reason === "suspended"
          ? { intent: "sign-in", error: f.text, reason: f.reason, email: "" }
          : { intent: "two-factor", error: f.text, redirectTo },
      );
    }
  }

  const email = String(form.get("email") ?? "");
  const parsed = SignInSchema.safeParse({ email, password: form.get("password") ?? "" });
  if (!parsed.success) {
    return data({ intent: "sign-in", error: t(ACCOUNT_TEXTS.fillAllFields), email } satisfies ActionResult, { status: 400 });
  }
  try {
    const result = await signIn(parsed.data, { request, clientAddress });
    if (result.status === "two-factor") {
      const redirectTo = safeRedirectPath(form.get("redirectTo")) ?? "";
      return data({ intent: "two-factor", redirectTo } satisfies ActionResult, { headers: result.headers });
    }
    throw redirect(safeRedirectPath(form.get("redirectTo")) ?? homeForRole(result.user), { headers: result.headers });
  } catch (error) {
    return refused(error, ACCOUNT_TEXTS.loginUnexpected, (f) => ({ intent: "sign-in", error: f.text, reason: f.reason, email }));
  }
}

export default function Login() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const isReset = params.get("reset") === "true";
  const token = params.get("token");
  const twoFactor = actionData && "intent" in actionData && actionData.intent === "two-factor" ? (actionData as Extract<ActionResult, { intent: "two-factor" }>) : null;
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      {isReset ? (
        <ResetPasswordForm token={token} error={params.get("error")} />
      ) : twoFactor ? (
        <TwoFactorForm step={twoFactor} />
      ) : params.get("with") === "phone" || (actionData && "intent" in actionData && actionData.intent === "phone-sign-in") ? (
        <PhoneSignInForm />
      ) : (
        <SignInForm />
      )}
    </div>
  );
}

/** The second step when two-factor sign-in is on: a code from the authenticator app or a backup code. */
function TwoFactorForm({ step }: { step: Extract<ActionResult, { intent: "two-factor" }> }) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "two-factor";
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-gray-900">{t("Two-factor sign-in")}</h1>
      <p className="mt-1 text-sm text-gray-600">{t("Enter the 6-digit code from your authenticator app, or one of your backup codes.")}</p>
      {step.error ? (
        <div className="mt-4">
          <Alert tone="error">{step.error}</Alert>
        </div>
      ) : null}
      <Form method="post" replace className="mt-4 space-y-4">
        <input type="hidden" name="intent" value="two-factor" />
        <input type="hidden" name="redirectTo" value={step.redirectTo} />
        <TextField
          label={t("Authentication code")}
          name="code"
          autoComplete="one-time-code"
          inputMode="text"
          autoCapitalize="off"
          spellCheck={false}
          maxLength={64}
          required
          autoFocus
        />
        <button type="submit" className={buttonClass({ full: true })} disabled={submitting}>
          {submitting ? t("Checking…") : t("Verify")}
        </button>
      </Form>
      <p className="mt-4 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 hover:underline">
          {t("Back to sign in")}
        </Link>
      </p>
    </div>
  );
}

/**
 * Signing in with a mobile number (issue 33): the number, then the code sent to it by SMS. A number that no account
 * uses is told so once proved, with the way to sign up (no second code needed).
 */
function PhoneSignInForm() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const step = actionData?.intent === "phone-sign-in" ? actionData : null;
  const redirectTo = step ? step.redirectTo : (safeRedirectPath(params.get("redirectTo")) ?? "");
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <SignInHeading way="phone" />
      {step?.stage === "no-account" ? (
        <div className="space-y-4">
          <Alert tone="info">{PHONE_SIGN_IN_TEXTS.noAccount(step.phone)}</Alert>
          <Link to="/register/visitor?with=phone" className={buttonClass({ full: true })}>
            {t("Sign up as a visitor")}
          </Link>
          <Link to="/register/business?with=phone" className={buttonClass({ variant: "outline", full: true })}>
            {t("Sign up as a business owner")}
          </Link>
        </div>
      ) : step?.stage === "code" ? (
        <>
          {step.error ? <Alert tone="error">{step.error}</Alert> : null}
          <PhoneCodeStep
            message={step.message}
            error={step.codeError}
            hidden={{ phone: step.phone, redirectTo, step: "code" }}
            intent="phone-sign-in"
            label={t("Sign In")}
            busyLabel={t("Signing in…")}
            busy={busy}
          />
          <p className="mt-4 text-center text-sm">
            {/* Where they were going stays the goal with another number too. */}
            <Link to={`/login?with=phone${redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : ""}`} className="font-semibold text-brand-700 hover:underline">
              {t("Use another number")}
            </Link>
          </p>
        </>
      ) : (
        <Form method="post" replace noValidate className="space-y-4">
          {redirectTo ? <Alert tone="info">{t("Please sign in to continue.")}</Alert> : null}
          {step?.stage === "number" && step.error ? <Alert tone="error">{step.error}</Alert> : null}
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <PhoneNumberField defaultValue={step?.stage === "number" ? step.phone : ""} error={step?.stage === "number" ? step.fieldError : undefined} />
          <button type="submit" name="intent" value="phone-code" className={buttonClass({ full: true })} disabled={busy}>
            {busy ? t("Sending…") : t("Send code")}
          </button>
        </Form>
      )}
      <SignUpPrompt />
    </div>
  );
}

/** The sign-in card's heading (the spec's words) and the two ways, e-mail or phone number. */
function SignInHeading({ way }: { way: "email" | "phone" }) {
  const [params] = useSearchParams();
  return (
    <>
      <h1 className="text-2xl font-bold text-gray-900">{t("Welcome back")}</h1>
      <p className="mt-1 text-sm text-gray-600">{t("Sign in to your account")}</p>
      <div className="mt-4">
        <SignInWays current={way} path="/login" search={params} />
      </div>
    </>
  );
}

/** The spec's 'Don't have an account? Sign up' under both ways of signing in. */
function SignUpPrompt() {
  return (
    <p className="mt-6 text-center text-sm text-gray-600">
      {t("Don't have an account?")}{" "}
      <Link to="/register" className="font-semibold text-brand-700 hover:underline">
        {t("Sign up")}
      </Link>
    </p>
  );
}

function SignInForm() {
  const [params] = useSearchParams();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const signInResult =
    actionData && "intent" in actionData && actionData.intent === "sign-in" ? (actionData as Extract<ActionResult, { intent: "sign-in" }>) : null;
  const resendResult = actionData && "intent" in actionData && actionData.intent === "resend" ? actionData : null;
  const submitting = navigation.state !== "idle" && navigation.formData?.get("intent") === "sign-in";
  const redirectTo = safeRedirectPath(params.get("redirectTo")) ?? "";
  const error = clientError ?? signInResult?.error ?? null;

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <SignInHeading way="email" />
      <div className="space-y-3">
        {params.get("verified") === "true" ? (
          <Alert tone="success">{t("Your email address is verified. You can sign in now.")}</Alert>
        ) : null}
        {params.get("passwordReset") === "true" ? (
          <Alert tone="success">{t("Your password has been changed. Please sign in with your new password.")}</Alert>
        ) : null}
        {params.get("error") === "INVALID_TOKEN" || params.get("error") === "invalid_token" ? (
          <Alert tone="error">{t("This link is invalid or has expired.")}</Alert>
        ) : null}
        {redirectTo ? <Alert tone="info">{t("Please sign in to continue.")}</Alert> : null}
        {error ? <Alert tone="error">{error}</Alert> : null}
        {resendResult ? <Alert tone="info">{resendResult.message}</Alert> : null}
      </div>
      <Form
        method="post"
        replace
        className="mt-4 space-y-4"
        noValidate
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          if (!String(form.get("email") ?? "").trim() || !String(form.get("password") ?? "")) {
            event.preventDefault();
            setClientError(t(ACCOUNT_TEXTS.fillAllFields));
          } else {
            setClientError(null);
          }
        }}
      >
        <input type="hidden" name="intent" value="sign-in" />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField label={t("Email")} name="email" type="email" autoComplete="email" inputMode="email" defaultValue={signInResult?.email ?? ""} />
        <PasswordField label={t("Password")} name="password" autoComplete="current-password" />
        <button type="submit" className={buttonClass({ full: true })} disabled={submitting}>
          {submitting ? t("Signing in…") : t("Sign In")}
        </button>
      </Form>
      <div className="mt-3 flex justify-end">
        <ForgotPasswordDialog />
      </div>
      {signInResult?.reason === "unverified" ? (
        <Form method="post" replace className="mt-3">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={signInResult.email} />
          <button type="submit" className={buttonClass({ variant: "outline", full: true })}>
            {t("Resend verification link")}
          </button>
        </Form>
      ) : null}
      <SignUpPrompt />
    </div>
  );
}

function ForgotPasswordDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const fetcher = useFetcher<{ intent: "forgot"; error?: string; success?: string }>();
  const [clientError, setClientError] = useState<string | null>(null);
  const [key, setKey] = useState(0);
  const result = fetcher.data;
  const success = result?.success;
  const error = clientError ?? result?.error ?? null;

  return (
    <>
      <button
        type="button"
        className="min-h-6 text-sm font-medium text-brand-700 hover:underline"
        onClick={() => {
          setClientError(null);
          setKey((k) => k + 1);
          dialogRef.current?.showModal();
          // Focus goes to the e-mail field once the fresh form is drawn (Escape gives it back to this button).
          focusFirstField(dialogRef.current);
        }}
      >
        {t("Forgot password?")}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="forgot-title"
        className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-xl backdrop:bg-black/40"
        onKeyDown={(event) => keepTabInside(event.currentTarget, event)}
      >
        <div className="p-6" key={key}>
          {success && fetcher.state === "idle" ? (
            <div>
              <h2 id="forgot-title" className="text-lg font-semibold">
                {t("Check your email")}
              </h2>
              <p className="mt-2 text-sm text-gray-700">{success}</p>
              <button type="button" className={`${buttonClass({ full: true })} mt-4`} onClick={() => dialogRef.current?.close()}>
                {t("Back to Sign In")}
              </button>
            </div>
          ) : (
            <fetcher.Form
              method="post"
              noValidate
              className="space-y-4"
              onSubmit={(event) => {
                const email = String(new FormData(event.currentTarget).get("email") ?? "").trim();
                const parsed = ForgotPasswordSchema.safeParse({ email });
                if (!parsed.success) {
                  event.preventDefault();
                  setClientError(translateIfKnown(parsed.error.issues[0]!.message));
                  focusFirstError(event.currentTarget);
                } else setClientError(null);
              }}
            >
              <h2 id="forgot-title" className="text-lg font-semibold">
                {t("Reset your password")}
              </h2>
              <p className="text-sm text-gray-600">{t("Enter your email address and we will send you a link to reset your password.")}</p>
              <input type="hidden" name="intent" value="forgot" />
              <TextField label={t("Email address")} name="email" type="email" autoComplete="email" error={error} />
              <div className="flex gap-3">
                <button type="button" className={buttonClass({ variant: "outline", full: true })} onClick={() => dialogRef.current?.close()}>
                  {t("Cancel")}
                </button>
                <button type="submit" className={buttonClass({ full: true })} disabled={fetcher.state !== "idle"}>
                  {fetcher.state !== "idle" ? t("Sending…") : t("Send Reset Link")}
                </button>
              </div>
            </fetcher.Form>
          )}
        </div>
      </dialog>
    </>
  );
}

function ResetPasswordForm({ token, error: linkError }: { token: string | null; error: string | null }) {
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const resetResult =
    actionData && "intent" in actionData && actionData.intent === "reset" ? (actionData as Extract<ActionResult, { intent: "reset" }>) : null;
  const [clientError, setClientError] = useState<string | null>(null);
  if (!token || linkError) {
    return (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <h1 className="text-2xl font-bold">{t("Reset your password")}</h1>
        <div className="mt-4">
          <Alert tone="error">{t(ACCOUNT_TEXTS.resetLinkInvalid)}</Alert>
        </div>
        <Link to="/login" className={`${buttonClass({ full: true })} mt-4`}>
          {t("Back to Sign In")}
        </Link>
      </div>
    );
  }
  const error = clientError ?? resetResult?.error ?? null;
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold">{t("Choose a new password")}</h1>
      <Form
        method="post"
        replace
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          const form = new FormData(event.currentTarget);
          const parsed = ResetPasswordSchema.safeParse(Object.fromEntries(form));
          if (!parsed.success) {
            event.preventDefault();
            setClientError(translateIfKnown(parsed.error.issues[0]!.message));
          } else setClientError(null);
        }}
      >
        <input type="hidden" name="intent" value="reset" />
        <input type="hidden" name="token" value={token} />
        {error ? (
          <Alert tone="error">
            {resetResult?.weakPassword?.length ? (
              <ul className="list-disc pl-4">
                {resetResult.weakPassword.map((r) => (
                  <li key={r}>{r}</li>
                ))}
              </ul>
            ) : (
              error
            )}
          </Alert>
        ) : null}
        <PasswordField label={t("New password")} name="password" autoComplete="new-password" />
        <PasswordField label={t("Confirm new password")} name="confirmPassword" autoComplete="new-password" />
        <button type="submit" className={buttonClass({ full: true })} disabled={navigation.state !== "idle"}>
          {navigation.state !== "idle" ? t("Saving…") : t("Set New Password")}
        </button>
      </Form>
    </div>
  );
}
