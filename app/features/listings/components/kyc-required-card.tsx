import { ButtonLink } from "../../../components/ui/button";
import { msg, t } from "../../../lib/i18n/i18n";
import type { KycStatus } from "../../../lib/reference";

const MESSAGE: Record<KycStatus, string> = {
  none: msg("You need to verify your identity before you can create a business listing."),
  pending: msg("Your verification is under review. You can create listings once it is approved (usually takes 1-2 business days)."),
  rejected: msg("Your verification was rejected. Please resubmit your documents to create listings."),
  approved: "",
};

/** Shown on /business/create until KYC is approved (spec 01 §2, Create listing). */
export function KycRequiredCard({ status, hasSubmission }: { status: KycStatus; hasSubmission: boolean }) {
  return (
    <section className="rounded-2xl border border-amber-200 bg-amber-50 p-6" aria-labelledby="kyc-required-title">
      <h2 id="kyc-required-title" className="text-lg font-semibold text-gray-900">
        {t("KYC Verification Required")}
      </h2>
      <p className="mt-1 text-gray-700">{MESSAGE[status] ? t(MESSAGE[status]) : ""}</p>
      <ButtonLink to="/kyc-verification" className="mt-4">
        {hasSubmission ? t("View KYC Status") : t("Complete KYC Verification")}
      </ButtonLink>
    </section>
  );
}
