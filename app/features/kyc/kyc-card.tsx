import { ButtonLink } from "../../components/ui/button";
import { msg, t } from "../../lib/i18n/i18n";
import type { KycStatusView } from "./kyc.schemas";

const CARD: Record<KycStatusView["status"], { title: string; text: string; action: string | null; tone: string }> = {
  none: {
    title: msg("KYC Verification Required"),
    text: msg("Verify your identity to start listing your business."),
    action: msg("Start Verification"),
    tone: "border-amber-200 bg-amber-50",
  },
  pending: {
    title: msg("Verification Under Review"),
    text: msg("We are reviewing your documents. This usually takes 1-2 business days."),
    action: msg("Check Status"),
    tone: "border-blue-200 bg-blue-50",
  },
  rejected: {
    title: msg("Verification Rejected"),
    text: "",
    action: msg("Resubmit Documents"),
    tone: "border-red-200 bg-red-50",
  },
  approved: {
    title: msg("Verification Complete"),
    text: msg("Your identity is verified. You can create and manage your listings."),
    action: null,
    tone: "border-green-200 bg-green-50",
  },
};

/** The dashboard's KYC status card (spec 01 §4, Dashboard card by KYC). */
export function KycCard({ kyc }: { kyc: Pick<KycStatusView, "status" | "rejectionReason"> }) {
  const card = CARD[kyc.status];
  return (
    <section aria-labelledby="kyc-card-title" className={`rounded-2xl border p-5 ${card.tone}`}>
      <h2 id="kyc-card-title" className="text-lg font-semibold text-gray-900">
        {t(card.title)}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        {kyc.status === "rejected" ? t("Reason: {{reason}}", { reason: kyc.rejectionReason?.trim() || t("Not specified") }) : t(card.text)}
      </p>
      {card.action ? (
        <ButtonLink to="/kyc-verification" className="mt-4">
          {t(card.action)}
        </ButtonLink>
      ) : null}
    </section>
  );
}
