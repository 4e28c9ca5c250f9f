import { useSearchParams } from "react-router";
import { PAYMENT_TEXTS } from "../payment-texts";

const PLAN_NAMES: Record<string, string> = { standard: "Standard", premium: "Premium" };

/** The success message after paying (/dashboard?payment=subscription|featured&plan=…). */
export function PaymentNotice() {
  const [params] = useSearchParams();
  const kind = params.get("payment");
  if (kind !== "subscription" && kind !== "featured") return null;
  const text =
    kind === "subscription"
      ? PAYMENT_TEXTS.subscriptionActive.replace("{plan}", PLAN_NAMES[params.get("plan") ?? ""] ?? "new")
      : PAYMENT_TEXTS.featuredRequested;
  return (
    <div role="status" className="rounded-lg border border-green-200 bg-green-50 px-3 py-2 text-sm text-green-800">
      <strong className="block">{PAYMENT_TEXTS.succeeded.title}</strong>
      {text}
    </div>
  );
}
