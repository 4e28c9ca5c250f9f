import { Link, useSearchParams } from "react-router";
import { LEDGER_TEXTS, receiptHref } from "../payment-ledger";
import { PAYMENT_TEXTS } from "../payment-texts";
import { t } from "../../../lib/i18n/i18n";

const PLAN_NAMES: Record<string, string> = { standard: "Standard", premium: "Premium" };

/** The success message after paying (/dashboard?payment=subscription|featured&plan=…&reference=…), with the receipt. */
export function PaymentNotice() {
  const [params] = useSearchParams();
  const kind = params.get("payment");
  if (kind !== "subscription" && kind !== "featured") return null;
  const reference = params.get("reference");
  const plan = PLAN_NAMES[params.get("plan") ?? ""];
  const text =
    kind === "subscription"
      ? plan
        ? t(PAYMENT_TEXTS.subscriptionActive, { plan })
        : t(PAYMENT_TEXTS.subscriptionActiveUnknown)
      : t(PAYMENT_TEXTS.featuredRequested);
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      <strong className="block">{t(PAYMENT_TEXTS.succeeded.title)}</strong>
      {text}
      {kind === "featured" && <span className="mt-1 block">{t(PAYMENT_TEXTS.featuredNext)}</span>}
      {reference && (
        <Link to={receiptHref(reference)} className="link mt-1 inline-block">
          {t(LEDGER_TEXTS.viewReceipt)}
        </Link>
      )}
    </div>
  );
}
