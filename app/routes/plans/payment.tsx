import { useEffect } from "react";
import { Form, Link, redirect, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/payment";
import { SITE_NAME } from "~/components/site";
import { requireUser } from "~/features/accounts/guards.server";
import { cancelPayment } from "~/features/payments/cancel-payment.server";
import { resolveCheckout } from "~/features/payments/checkout.server";
import { confirmPayment } from "~/features/payments/confirm-payment.server";
import { PAYMENT_TEXTS, paymentHref, parseCheckout, translatedFailure } from "~/features/payments/payment.schemas";
import { paymentWhat } from "~/features/payments/payment-ledger";
import { PENDING_MAX_CHECKS, PENDING_REFRESH_SECONDS } from "~/features/payments/payment-texts";
import { defaultPaymentProvider } from "~/features/payments/payment-provider.server";
import { afterPaymentHref, payForPlan } from "~/features/payments/pay-for-plan.server";
import { AppError } from "~/lib/app-error";
import { failureData } from "~/lib/error-responses.server";
import { FailureAlert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";
import { currentLocale, t } from "~/lib/i18n/i18n";
import { localizePath } from "~/lib/i18n/locales";

export const meta: Route.MetaFunction = () => [{ title: `${t("Payment")} | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

type Pending = { reference: string; nextCheckHref: string | null };

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  const params = new URL(request.url).searchParams;
  const isDemo = defaultPaymentProvider().name === "demo";
  // A hosted gateway page sends the browser back here with the payment's reference: the outcome is asked of
  // the gateway (confirmPayment → verify), never read from the address.
  const reference = params.get("reference");
  try {
    if (reference) {
      const confirmed = await confirmPayment(user, reference);
      if (confirmed.status === "paid") throw redirect(afterPaymentHref(confirmed));
      const check = Math.max(0, Math.min(PENDING_MAX_CHECKS, Number.parseInt(params.get("check") ?? "0", 10) || 0));
      const nextCheckHref = check < PENDING_MAX_CHECKS ? `/payment?${new URLSearchParams({ reference, check: String(check + 1) })}` : null;
      const pending: Pending = { reference, nextCheckHref };
      return { item: null, failure: translatedFailure(PAYMENT_TEXTS.stillProcessing), isDemo, pending, notice: null };
    }
    // Back from cancelling a payment for this (the action's redirect): said above the order summary.
    const notice = params.get("cancelled") === "1" ? translatedFailure(PAYMENT_TEXTS.cancelled) : null;
    return { item: await resolveCheckout(user, parseCheckout(params)), failure: null, isDemo, pending: null, notice };
  } catch (error) {
    // The page itself says what is wrong (and links back to the plans), at the refusal's status.
    return failureData(error, { fallback: PAYMENT_TEXTS.error, keep: { item: null, isDemo, pending: null, notice: null } });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "pay");
  try {
    if (intent === "cancel" || intent === "retry") {
      // An abandoned checkout: cancelled by its owner (granted instead, if it was paid meanwhile), and for a
      // retry started again for the same thing (a new reference and a new checkout page).
      const cancelled = await cancelPayment(user, String(form.get("reference") ?? ""));
      if (cancelled.status === "paid") throw redirect(afterPaymentHref(cancelled));
      if (intent === "cancel") {
        // Back to the order summary of the same thing, saying it was cancelled: paying again is one press.
        if (cancelled.checkout) throw redirect(`${paymentHref(cancelled.checkout)}&cancelled=1`);
        return { ok: true as const, failure: null, notice: translatedFailure(PAYMENT_TEXTS.cancelled), retryHref: null };
      }
      if (!cancelled.checkout) throw new AppError("invalid", PAYMENT_TEXTS.invalidPlan);
      return await pay(user, cancelled.checkout);
    }
    if (intent !== "pay") throw new AppError("invalid", PAYMENT_TEXTS.error);
    return await pay(user, parseCheckout(form));
  } catch (error) {
    return failureData(error, { fallback: PAYMENT_TEXTS.error });
  }
}

async function pay(user: Awaited<ReturnType<typeof requireUser>>, checkout: ReturnType<typeof parseCheckout>) {
  const result = await payForPlan(user, checkout);
  if (result.status === "redirect") throw redirect(result.url);
  if (result.status === "paid") throw redirect(afterPaymentHref(result));
  return { ok: false as const, failure: translatedFailure(PAYMENT_TEXTS.stillProcessing), notice: null, retryHref: null };
}

/**
 * Asks again in a few seconds: a meta refresh without JavaScript (inside <noscript>, so a page that runs
 * scripts never has a timer that outlives what the person does next, such as pressing Cancel), a client
 * navigation with it (stopped while a form is being sent).
 */
function CheckAgain({ href }: { href: string }) {
  const navigate = useNavigate();
  const busy = useNavigation().state !== "idle";
  useEffect(() => {
    if (busy) return;
    const timer = setTimeout(() => void navigate(href, { replace: true, preventScrollReset: true }), PENDING_REFRESH_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [href, navigate, busy]);
  return (
    <noscript>
      {/* A plain address, outside React Router: it carries the language's prefix itself. */}
      <meta httpEquiv="refresh" content={`${PENDING_REFRESH_SECONDS};url=${localizePath(currentLocale(), href)}`} />
    </noscript>
  );
}

/**
 * What is being bought, its price and the pay button; the demo provider takes 2 seconds, then /dashboard.
 * Back from a hosted checkout (?reference=…): 'processing' until the gateway says paid (→ /dashboard) or
 * failed (the failure text and a way to try again), checking again by itself every few seconds (a meta
 * refresh: no JavaScript needed), with Pay again and Cancel while the payment is still open.
 */
export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { item, isDemo } = loaderData;
  const notice = (actionData && "notice" in actionData ? actionData.notice : null) ?? loaderData.notice;
  const failure = notice ? null : (actionData?.failure ?? loaderData.failure);
  const pending = notice ? null : loaderData.pending;
  const retryHref = actionData && "retryHref" in actionData ? actionData.retryHref : null;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" && navigation.formAction?.startsWith(localizePath(currentLocale(), "/payment"));
  const backTo = item?.type === "featured" ? "/featured-plans" : "/pricing";
  const failed = !item && !pending && !notice && failure;

  return (
    <div className="page max-w-lg space-y-5">
      {pending?.nextCheckHref ? <CheckAgain href={pending.nextCheckHref} /> : null}
      <h1 className="title">{t("Complete Your Payment")}</h1>
      {notice ? (
        <div role="status" className="rounded-lg border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-800">
          <strong className="block">{notice.title}</strong>
          {notice.text}
        </div>
      ) : null}
      {failure && !pending ? <FailureAlert failure={failure} /> : null}
      {pending ? (
        <Card title={t(PAYMENT_TEXTS.stillProcessing.title)} className="space-y-4">
          <p role="status" className="text-sm text-gray-700">
            {t(PAYMENT_TEXTS.stillProcessing.text)}
          </p>
          <p className="text-sm text-gray-600">{t(PAYMENT_TEXTS.waiting.text)}</p>
          <p className="text-xs text-gray-500">{t("Reference: {{reference}}", { reference: pending.reference })}</p>
          {pending.nextCheckHref ? null : (
            <Link to={`/payment?${new URLSearchParams({ reference: pending.reference })}`} reloadDocument className="link text-sm">
              {t("Check again")}
            </Link>
          )}
          <div className="flex flex-wrap gap-3">
            <Form method="post" action="/payment">
              <input type="hidden" name="reference" value={pending.reference} />
              <button type="submit" name="intent" value="retry" disabled={paying} className="btn btn-primary">
                {t("Pay again")}
              </button>
            </Form>
            <Form method="post" action="/payment">
              <input type="hidden" name="reference" value={pending.reference} />
              <button type="submit" name="intent" value="cancel" disabled={paying} className="btn btn-outline">
                {t("Cancel payment")}
              </button>
            </Form>
          </div>
        </Card>
      ) : null}
      {item ? (
        <Card title={t("Order Summary")} className="space-y-4">
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">{t("Item")}</dt>
              <dd className="text-right font-medium">{paymentWhat({ purpose: item.type, planId: item.planId })}</dd>
            </div>
            {item.businessName ? (
              <div className="flex justify-between gap-3">
                <dt className="text-gray-600">{t("Listing")}</dt>
                <dd className="truncate text-right">{item.businessName}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">{t("Period")}</dt>
              <dd>{t("{{days}} days", { days: item.periodDays })}</dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-gray-100 pt-2 text-base">
              <dt className="font-semibold">{t("Total")}</dt>
              <dd className="font-bold">{item.priceLabel}</dd>
            </div>
          </dl>
          <ul className="space-y-1 text-sm text-gray-700">
            {item.features.map((feature) => (
              <li key={feature}>✓ {feature}</li>
            ))}
          </ul>
          <Form method="post" className="space-y-3">
            <input type="hidden" name="type" value={item.type} />
            <input type="hidden" name="plan" value={item.planId} />
            {item.businessId ? <input type="hidden" name="businessId" value={item.businessId} /> : null}
            <button type="submit" disabled={paying} className="btn btn-primary w-full disabled:cursor-wait disabled:opacity-70">
              {paying ? t("Processing payment…") : t("Pay {{amount}}", { amount: item.priceLabel })}
            </button>
            {paying ? (
              <p role="status" className="text-center text-sm text-gray-600">
                {t("Please wait while we confirm your payment.")}
              </p>
            ) : null}
          </Form>
          {isDemo ? <p className="text-xs text-gray-500">{t("Demo payment: no money is taken. Your payment is recorded with a reference.")}</p> : null}
        </Card>
      ) : null}
      {failed || (notice && !item) ? (
        <Link to={retryHref ?? "/pricing"} className="btn btn-primary">
          {t("Try again")}
        </Link>
      ) : null}
      <Link to={backTo} className="link block text-sm">
        {item ? t("Cancel and go back") : t("Back to pricing")}
      </Link>
    </div>
  );
}
