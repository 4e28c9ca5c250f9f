import { Link, redirect } from "react-router";
import { routePath } from "~/lib/i18n/locales";
import { t } from "~/lib/i18n/i18n";
import type { Route } from "./+types/payment-receipt";
import { SITE_NAME } from "~/components/site";
import { loginUrlFor } from "~/features/accounts/access";
import { optionalUser } from "~/features/accounts/guards.server";
import { ReceiptActions } from "~/features/payments/components/receipt-actions";
import { ReceiptView } from "~/features/payments/components/receipt-view";
import { getPaymentReceipt } from "~/features/payments/get-payment-receipt.server";
import { LEDGER_TEXTS } from "~/features/payments/payment-ledger";
import { throwRouteError } from "~/lib/error-responses.server";

export const meta: Route.MetaFunction = () => [{ title: `${t(LEDGER_TEXTS.receiptTitle)} – ${SITE_NAME}` }, { name: "robots", content: "noindex" }];

// Any signed-in person may ask; only the payer and admins with two-factor sign-in get the receipt, everyone
// else the not-found page (getPaymentReceipt). Signed out: sign in first, then come back here.
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await optionalUser(request);
  if (!user) {
    const url = new URL(request.url);
    throw redirect(loginUrlFor(routePath(url) + url.search));
  }
  try {
    const receipt = await getPaymentReceipt(user, params.reference);
    const { payerId, ...shown } = receipt;
    return { receipt: shown, backHref: payerId === user.id ? "/dashboard/payments" : "/admin?tab=subscriptions&view=payments" };
  } catch (error) {
    throwRouteError(error);
  }
}

/**
 * A printable receipt: the page prints as the receipt alone (see ReceiptView's print styles). Print and Share
 * buttons appear once JavaScript runs (ReceiptActions); the hint below names the browser's Print command for
 * everyone.
 */
export default function PaymentReceipt({ loaderData }: Route.ComponentProps) {
  const { receipt, backHref } = loaderData;
  return (
    <div className="mx-auto w-full max-w-2xl space-y-4 px-4 py-8">
      <nav aria-label={t("Breadcrumb")} className="text-sm print:hidden">
        <Link to={backHref} className="link">
          {t(LEDGER_TEXTS.title)}
        </Link>
      </nav>
      <ReceiptView receipt={receipt} />
      <ReceiptActions receipt={receipt} />
      <p className="text-sm text-gray-600 print:hidden">{t(LEDGER_TEXTS.print)}</p>
    </div>
  );
}
