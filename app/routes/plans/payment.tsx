import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/payment";
import { SITE_NAME } from "~/components/site";
import { requireUser } from "~/features/accounts/guards.server";
import { resolveCheckout } from "~/features/payments/checkout.server";
import { confirmPayment } from "~/features/payments/confirm-payment.server";
import { PAYMENT_TEXTS, parseCheckout } from "~/features/payments/payment.schemas";
import { defaultPaymentProvider } from "~/features/payments/payment-provider.server";
import { afterPaymentHref, payForPlan } from "~/features/payments/pay-for-plan.server";
import { failureData } from "~/lib/error-responses.server";
import { FailureAlert } from "~/components/ui/alert";
import { Card } from "~/components/ui/card";

export const meta: Route.MetaFunction = () => [{ title: `Payment | ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  const params = new URL(request.url).searchParams;
  const isDemo = defaultPaymentProvider().name === "demo";
  // A hosted gateway page sends the browser back here with the payment's reference.
  const reference = params.get("reference");
  try {
    if (reference) {
      const confirmed = await confirmPayment(user, reference);
      if (confirmed.status === "paid") throw redirect(afterPaymentHref(confirmed));
      return { item: null, failure: PAYMENT_TEXTS.stillProcessing, isDemo };
    }
    return { item: await resolveCheckout(user, parseCheckout(params)), failure: null, isDemo };
  } catch (error) {
    // The page itself says what is wrong (and links back to the plans), at the refusal's status.
    return failureData(error, { fallback: PAYMENT_TEXTS.error, keep: { item: null, isDemo } });
  }
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request, ["visitor", "business", "admin"]);
  try {
    const result = await payForPlan(user, parseCheckout(await request.formData()));
    if (result.status === "redirect") throw redirect(result.url);
    if (result.status === "paid") throw redirect(afterPaymentHref(result));
    return { ok: false as const, failure: PAYMENT_TEXTS.stillProcessing };
  } catch (error) {
    return failureData(error, { fallback: PAYMENT_TEXTS.error });
  }
}

/** What is being bought, its price and the pay button; the demo provider takes 2 seconds, then /dashboard. */
export default function Payment({ loaderData, actionData }: Route.ComponentProps) {
  const { item, isDemo } = loaderData;
  const failure = actionData?.failure ?? loaderData.failure;
  const navigation = useNavigation();
  const paying = navigation.state !== "idle" && navigation.formMethod?.toLowerCase() === "post" && navigation.formAction?.startsWith("/payment");
  const backTo = item?.type === "featured" ? "/featured-plans" : "/pricing";

  return (
    <div className="page max-w-lg space-y-5">
      <h1 className="title">Complete Your Payment</h1>
      {failure ? <FailureAlert failure={failure} /> : null}
      {item ? (
        <Card title="Order Summary" className="space-y-4">
          <dl className="space-y-1 text-sm">
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">Item</dt>
              <dd className="text-right font-medium">{item.title}</dd>
            </div>
            {item.businessName ? (
              <div className="flex justify-between gap-3">
                <dt className="text-gray-600">Listing</dt>
                <dd className="truncate text-right">{item.businessName}</dd>
              </div>
            ) : null}
            <div className="flex justify-between gap-3">
              <dt className="text-gray-600">Period</dt>
              <dd>{item.periodDays} days</dd>
            </div>
            <div className="flex justify-between gap-3 border-t border-gray-100 pt-2 text-base">
              <dt className="font-semibold">Total</dt>
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
              {paying ? "Processing payment…" : `Pay ${item.priceLabel}`}
            </button>
            {paying ? (
              <p role="status" className="text-center text-sm text-gray-600">
                Please wait while we confirm your payment.
              </p>
            ) : null}
          </Form>
          {isDemo ? <p className="text-xs text-gray-500">Demo payment: no money is taken. Your payment is recorded with a reference.</p> : null}
        </Card>
      ) : null}
      <Link to={backTo} className="link text-sm">
        {item ? "Cancel and go back" : "Back to pricing"}
      </Link>
    </div>
  );
}
