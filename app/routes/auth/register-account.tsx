import { useState } from "react";
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from "react-router";
import type { Route } from "./+types/register-account";
import {
  ACCOUNT_TEXTS,
  PhoneRegisterSchema,
  RegisterSchema,
  RegisterStepOneSchema,
  homeForRole,
} from "~/features/accounts/account.schemas";
import { AppError } from "~/lib/app-error";
import { describeError } from "~/lib/error-responses.server";
import { fieldErrors } from "~/lib/field-errors";
import { t, translateIfKnown } from "~/lib/i18n/i18n";
import { focusFirstError, focusFirstField } from "~/lib/focus-first-error";
import { PasswordField, SelectField, TextField } from "~/components/ui/field";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { registerUser } from "~/features/accounts/register-user.server";
import { getSessionUser } from "~/features/accounts/session.server";
import { resendVerification } from "~/features/accounts/sign-in.server";
import { provenPhone, registerWithPhone, requestSignInCode } from "~/features/accounts/phone-sign-in.server";
import { PHONE_SIGN_IN_TEXTS } from "~/features/accounts/phone.schemas";
import { PhoneCodeStep, PhoneNumberField, SignInWays } from "~/features/accounts/components/phone-sign-in";
import { withParts } from "~/components/with-parts";
import { displayPhone } from "~/lib/phone";
import { categoryOptions, COUNTRIES, DEFAULT_COUNTRY, SIGNUP_REGIONS, placeOptions } from "~/lib/reference";

type AccountType = "visitor" | "business";

function accountTypeFrom(params: { type?: string }): AccountType {
  if (params.type === "visitor" || params.type === "business") return params.type;
  throw new Response("Not Found", { status: 404 });
}

export const meta: Route.MetaFunction = ({ params }) => [
  { title: params.type === "business" ? t("Business owner sign-up – Naija Directory") : t("Visitor sign-up – Naija Directory") },
  { name: "description", content: t("Create your Naija Directory account.") },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  accountTypeFrom(params);
  const user = await getSessionUser(request);
  if (user) throw redirect(homeForRole(user));
  // A number proved on /login in the last 30 minutes: the phone path needs no second code for it.
  return { provenPhone: provenPhone(request) };
}

type Values = Record<string, string>;

/** A failed parse's field messages (the schemas' catalog keys), in the reader's language. */
const fieldMessages = (error: Parameters<typeof fieldErrors>[0]) =>
  Object.fromEntries(Object.entries(fieldErrors(error)).map(([name, text]) => [name, translateIfKnown(text)]));
type ActionResult =
  | { done: true; email: string; resent?: string; resendError?: string }
  /** The phone path (issue 33): the details with the number, then the code sent to it. */
  | { done: false; phoneStep: "details" | "code"; errors: Record<string, string>; message?: string; info?: string; values: Values }
  | { done: false; step: 1 | 2; errors: Record<string, string>; weakPassword?: string[]; message?: string; values: Values };

const FIELDS = ["firstName", "lastName", "email", "password", "confirmPassword", "country", "state", "category", "phone"] as const;
const PHONE_FIELDS = ["firstName", "lastName", "phone", "country", "state", "category"] as const;

export async function action({ request, params, context }: Route.ActionArgs) {
  const accountType = accountTypeFrom(params);
  const form = await request.formData();
  const values: Values = {};
  for (const f of FIELDS) values[f] = String(form.get(f) ?? "");
  const intent = String(form.get("intent") ?? "register");
  // Passwords are never echoed back in the page.
  const safeValues = { ...values, password: "", confirmPassword: "" };

  if (intent === "resend") {
    // 'Send it again' on the 'Check Your Email!' screen (issue 32): the login page's resend, the same limits.
    const email = String(form.get("email") ?? "");
    try {
      const sent = await resendVerification(email, { clientAddress: context.clientAddress });
      return { done: true, email, resent: sent.message } satisfies ActionResult;
    } catch (error) {
      if (error instanceof Response) throw error;
      const { status, failure } = describeError(error, ACCOUNT_TEXTS.signupUnexpected);
      return data({ done: true, email, resendError: failure.text } satisfies ActionResult, { status });
    }
  }

  if (intent === "phone-code" || intent === "phone-call" || intent === "phone-register") {
    const phoneValues: Values = Object.fromEntries(PHONE_FIELDS.map((f) => [f, values[f] ?? ""]));
    const atCodeStep = intent === "phone-register" || form.get("step") === "code";
    const parsed = PhoneRegisterSchema.safeParse({ ...phoneValues, accountType, category: phoneValues.category || undefined });
    if (!parsed.success) {
      return data({ done: false, phoneStep: "details", errors: fieldMessages(parsed.error), values: phoneValues } satisfies ActionResult, { status: 400 });
    }
    const signUpContext = { request, clientAddress: context.clientAddress };
    try {
      // The code comes back, or the number was proved on /login: the account is made and signed in.
      if (intent === "phone-register" || (intent === "phone-code" && !atCodeStep && provenPhone(request) === parsed.data.phone)) {
        const made = await registerWithPhone({ ...parsed.data, code: String(form.get("code") ?? "") }, signUpContext).catch((error: unknown) => {
          // The proof is not enough for a number that has an account meanwhile: a code goes to it below.
          if (intent === "phone-code" && error instanceof AppError && error.reason === "needs-code") return null;
          throw error;
        });
        if (made?.status === "signed-in") throw redirect(homeForRole(made.user), { headers: made.headers });
      }
      const sent = await requestSignInCode({ phone: parsed.data.phone, voice: intent === "phone-call" }, { clientAddress: context.clientAddress });
      const info = intent === "phone-call" ? PHONE_SIGN_IN_TEXTS.callPlaced(sent.phone) : PHONE_SIGN_IN_TEXTS.codeSent(sent.phone);
      return { done: false, phoneStep: "code", errors: {}, info, values: { ...phoneValues, phone: sent.phone } } satisfies ActionResult;
    } catch (error) {
      if (error instanceof Response) throw error;
      const { status, failure } = describeError(error, ACCOUNT_TEXTS.signupUnexpected);
      const errors = failure.fields ?? {};
      const phoneStep = errors.phone ? "details" : atCodeStep ? "code" : "details";
      return data({ done: false, phoneStep, errors, message: failure.fields ? undefined : failure.text, values: phoneValues } satisfies ActionResult, { status });
    }
  }

  if (intent === "next") {
    // Only reached without JavaScript: check step 1 on the server, then show step 2.
    const parsed = RegisterStepOneSchema.safeParse(values);
    if (!parsed.success) {
      return data({ done: false, step: 1, errors: fieldMessages(parsed.error), values: safeValues } satisfies ActionResult, { status: 400 });
    }
    return { done: false, step: 2, errors: {}, values } satisfies ActionResult;
  }

  const parsed = RegisterSchema.safeParse({ ...values, accountType, category: values.category || undefined });
  if (!parsed.success) {
    const errors = fieldMessages(parsed.error);
    const stepOneFailed = ["firstName", "lastName", "email", "password", "confirmPassword"].some((k) => errors[k]);
    return data({ done: false, step: stepOneFailed ? 1 : 2, errors, values: safeValues } satisfies ActionResult, { status: 400 });
  }
  try {
    await registerUser(parsed.data, { request, clientAddress: context.clientAddress });
  } catch (error) {
    if (error instanceof Response) throw error;
    const { status, failure } = describeError(error, ACCOUNT_TEXTS.signupUnexpected);
    const weakPassword = failure.reason === "weak-password" ? failure.items : undefined;
    return data(
      {
        done: false,
        step: weakPassword ? 1 : 2,
        errors: weakPassword ? { password: t("Please choose a stronger password:") } : {},
        weakPassword,
        message: weakPassword ? undefined : failure.text,
        values: safeValues,
      } satisfies ActionResult,
      { status },
    );
  }
  return { done: true, email: parsed.data.email } satisfies ActionResult;
}

type EmailActionResult = Exclude<ActionResult, { phoneStep: string }>;
type PhoneActionResult = Extract<ActionResult, { phoneStep: string }>;

export default function RegisterAccount({ params }: Route.ComponentProps) {
  const accountType = params.type === "business" ? "business" : "visitor";
  const [search] = useSearchParams();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const phonePath = search.get("with") === "phone" || (actionData !== undefined && "phoneStep" in actionData);
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10">
      {phonePath ? <PhoneRegisterForm accountType={accountType} /> : <EmailRegisterForm accountType={accountType} />}
    </div>
  );
}

/**
 * Signing up with a mobile number (issue 33): name, number, country, state (and category), then the code sent to the
 * number; no e-mail or password. A number proved on /login in the last 30 minutes needs no code.
 */
function PhoneRegisterForm({ accountType }: { accountType: AccountType }) {
  const [search] = useSearchParams();
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as ActionResult | undefined;
  const step = actionData && "phoneStep" in actionData ? (actionData as PhoneActionResult) : null;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const proven = loaderData?.provenPhone ?? null;
  const values: Values = { country: DEFAULT_COUNTRY, state: "", category: "", phone: proven ? displayPhone(proven) : "", ...(step?.values ?? {}) };
  const errors = step?.errors ?? {};
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
      <h1 className="text-2xl font-bold text-gray-900">{accountType === "business" ? t("Create a business owner account") : t("Create a visitor account")}</h1>
      <div className="mt-4">
        <SignInWays current="phone" path={`/register/${accountType}`} search={search} />
      </div>
      {step?.message ? <Alert tone="error">{step.message}</Alert> : null}
      {step?.phoneStep === "code" ? (
        <PhoneCodeStep
          message={step.info}
          error={errors.code}
          hidden={{ ...Object.fromEntries(Object.entries(step.values).filter(([, v]) => v !== "")), step: "code" }}
          intent="phone-register"
          label={t("Create Account")}
          busyLabel={t("Creating account…")}
          busy={busy}
        />
      ) : (
        <Form method="post" replace noValidate className="space-y-4">
          {proven ? <Alert tone="success">{t("Your number {{phone}} is confirmed: no code needed.", { phone: displayPhone(proven) })}</Alert> : null}
          <div className="grid grid-cols-2 gap-3">
            <TextField label={t("First name")} name="firstName" autoComplete="given-name" defaultValue={values.firstName ?? ""} error={errors.firstName} />
            <TextField label={t("Last name")} name="lastName" autoComplete="family-name" defaultValue={values.lastName ?? ""} error={errors.lastName} />
          </div>
          <PhoneNumberField defaultValue={values.phone} error={errors.phone} />
          <SelectField label={t("Country")} name="country" options={placeOptions(COUNTRIES)} defaultValue={values.country ?? DEFAULT_COUNTRY} error={errors.country} />
          <SelectField label={t("State / Region")} name="state" options={placeOptions(SIGNUP_REGIONS)} placeholder={t("Select your state")} defaultValue={values.state ?? ""} error={errors.state} />
          {accountType === "business" ? (
            <SelectField label={t("Business category")} name="category" options={categoryOptions()} placeholder={t("Select a category")} defaultValue={values.category ?? ""} error={errors.category} />
          ) : null}
          <button type="submit" name="intent" value="phone-code" className={buttonClass({ full: true })} disabled={busy}>
            {busy ? t("Sending…") : proven ? t("Create Account") : t("Send code")}
          </button>
        </Form>
      )}
      <p className="mt-6 text-center text-sm text-gray-600">
        {t("Already have an account?")}{" "}
        <Link to="/login?with=phone" className="font-semibold text-brand-700 hover:underline">
          {t("Sign in")}
        </Link>
      </p>
    </div>
  );
}

function EmailRegisterForm({ accountType }: { accountType: AccountType }) {
  const [search] = useSearchParams();
  const actionData = useActionData<typeof action>() as EmailActionResult | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle";
  const serverValues = actionData && !actionData.done ? actionData.values : undefined;
  const [values, setValues] = useState<Values>(() => ({ country: DEFAULT_COUNTRY, state: "", category: "", ...(serverValues ?? {}) }));
  const [step, setStep] = useState<1 | 2>(actionData && !actionData.done ? actionData.step : 1);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [lastAction, setLastAction] = useState(actionData);
  // 'Wrong address?': back to the first step with everything typed kept, to correct the e-mail (issue 32).
  const [correcting, setCorrecting] = useState(false);

  // A new server answer moves the form to the step it names and shows its errors.
  if (actionData !== lastAction) {
    setLastAction(actionData);
    if (actionData?.done) setCorrecting(false);
    if (actionData && !actionData.done) {
      setStep(actionData.step);
      setClientErrors({});
      setValues((v) => ({ ...v, ...actionData.values, password: v.password, confirmPassword: v.confirmPassword }));
    }
  }

  if (actionData?.done && !correcting) {
    return (
        <div className="rounded-2xl bg-white p-6 text-center shadow-sm ring-1 ring-gray-200">
          <h1 className="text-2xl font-bold text-gray-900">{t("Check Your Email!")}</h1>
          <p className="mt-3 text-gray-700">
            {withParts(t("We sent a verification link to {{email}}. Open it to activate your account, then sign in."), { email: <strong>{actionData.email}</strong> })}
          </p>
          <Link to="/login" className={`${buttonClass({ full: true })} mt-6`}>
            {t("Go to Sign In")}
          </Link>
          <div className="mt-6 space-y-3 border-t border-gray-200 pt-4 text-sm text-gray-700">
            <p>{t("No e-mail after a few minutes? Look in your spam folder, or:")}</p>
            <Form method="post">
              <input type="hidden" name="intent" value="resend" />
              <input type="hidden" name="email" value={actionData.email} />
              <button type="submit" className={buttonClass({ variant: "outline", full: true })} disabled={submitting}>
                {t("Send the e-mail again")}
              </button>
            </Form>
            {actionData.resent ? <p role="status">{actionData.resent}</p> : null}
            {actionData.resendError ? <p role="alert" className="text-red-700">{actionData.resendError}</p> : null}
            <p>
              {t("Wrong address?")}{" "}
              {values.firstName ? (
                <button type="button" className="link" onClick={() => (setCorrecting(true), setStep(1))}>
                  {t("Correct it")}
                </button>
              ) : (
                <Link to={`/register/${accountType}`} className="link">
                  {t("Sign up with the right one")}
                </Link>
              )}
            </p>
          </div>
        </div>
    );
  }

  const errors = { ...(actionData && !actionData.done ? actionData.errors : {}), ...clientErrors };
  const weakPassword = actionData && !actionData.done ? actionData.weakPassword : undefined;
  const set = (name: string) => (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [name]: event.target.value }));

  return (
      <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-gray-200">
        <SignInWays current="email" path={`/register/${accountType}`} search={search} />
        <p className="text-sm font-medium text-brand-700">{t("Step {{step}} of 2", { step })}</p>
        <h1 className="mt-1 text-2xl font-bold text-gray-900">
          {accountType === "business" ? t("Create a business owner account") : t("Create a visitor account")}
        </h1>
        {actionData && !actionData.done && actionData.message ? (
          <div className="mt-4">
            <Alert tone="error">{actionData.message}</Alert>
          </div>
        ) : null}
        <Form
          method="post"
          noValidate
          className="mt-4 space-y-4"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
            if (step === 1 || submitter?.value === "next") {
              event.preventDefault();
              const parsed = RegisterStepOneSchema.safeParse(values);
              if (!parsed.success) {
                setClientErrors(fieldMessages(parsed.error));
                focusFirstError(event.currentTarget);
                return;
              }
              setClientErrors({});
              setStep(2);
              focusFirstField(event.currentTarget);
              return;
            }
            const parsed = RegisterSchema.safeParse({ ...values, accountType, category: values.category || undefined });
            if (!parsed.success) {
              event.preventDefault();
              setClientErrors(fieldMessages(parsed.error));
              focusFirstError(event.currentTarget);
            }
          }}
        >
          {step === 1 ? (
            <>
              <div className="grid grid-cols-2 gap-3">
                <TextField label={t("First name")} name="firstName" autoComplete="given-name" value={values.firstName ?? ""} onChange={set("firstName")} error={errors.firstName} />
                <TextField label={t("Last name")} name="lastName" autoComplete="family-name" value={values.lastName ?? ""} onChange={set("lastName")} error={errors.lastName} />
              </div>
              <TextField label={t("Email")} name="email" type="email" autoComplete="email" inputMode="email" value={values.email ?? ""} onChange={set("email")} error={errors.email} />
              <PasswordField
                label={t("Password")}
                name="password"
                autoComplete="new-password"
                value={values.password ?? ""}
                onChange={set("password")}
                error={errors.password}
                hint={
                  weakPassword?.length ? (
                    <ul className="list-disc pl-4 text-red-600" role="alert">
                      {weakPassword.map((r) => (
                        <li key={r}>{r}</li>
                      ))}
                    </ul>
                  ) : (
                    t("At least 8 characters. Avoid common passwords.")
                  )
                }
              />
              <PasswordField
                label={t("Confirm password")}
                name="confirmPassword"
                autoComplete="new-password"
                value={values.confirmPassword ?? ""}
                onChange={set("confirmPassword")}
                error={errors.confirmPassword}
              />
              <button type="submit" name="intent" value="next" className={buttonClass({ full: true })}>
                {t("Next")}
              </button>
            </>
          ) : (
            <>
              {(["firstName", "lastName", "email", "password", "confirmPassword"] as const).map((f) => (
                <input key={f} type="hidden" name={f} value={values[f] ?? ""} />
              ))}
              <SelectField label={t("Country")} name="country" options={placeOptions(COUNTRIES)} value={values.country ?? DEFAULT_COUNTRY} onChange={set("country")} error={errors.country} />
              <SelectField
                label={t("State / Region")}
                name="state"
                options={placeOptions(SIGNUP_REGIONS)}
                placeholder={t("Select your state")}
                value={values.state ?? ""}
                onChange={set("state")}
                error={errors.state}
              />
              {accountType === "business" ? (
                <SelectField
                  label={t("Business category")}
                  name="category"
                  options={categoryOptions()}
                  placeholder={t("Select a category")}
                  value={values.category ?? ""}
                  onChange={set("category")}
                  error={errors.category}
                />
              ) : null}
              {Object.keys(errors).length > 0 && !errors.country && !errors.state && !errors.category ? (
                <Alert tone="error">{t(ACCOUNT_TEXTS.fillAllFields)}</Alert>
              ) : null}
              <div className="flex gap-3">
                <button
                  type="button"
                  className={buttonClass({ variant: "outline", full: true })}
                  onClick={(event) => {
                    setStep(1);
                    focusFirstField(event.currentTarget.form);
                  }}
                >
                  {t("Back")}
                </button>
                <button type="submit" name="intent" value="register" className={buttonClass({ full: true })} disabled={submitting}>
                  {submitting ? t("Creating account…") : t("Create Account")}
                </button>
              </div>
            </>
          )}
        </Form>
        <p className="mt-6 text-center text-sm text-gray-600">
          {t("Already have an account?")}{" "}
          <Link to="/login" className="font-semibold text-brand-700 hover:underline">
            {t("Sign in")}
          </Link>
        </p>
        <p className="mt-3 text-center text-xs text-gray-500">
          {t("What we keep about you, why and for how long:")}{" "}
          <Link to="/privacy" className="font-semibold text-brand-700 hover:underline">
            {t("Privacy")}
          </Link>
        </p>
      </div>
  );
}
