import type { KycStatus } from "../../lib/reference";

/** The client status object of spec 01 §3: the latest submission of the signed-in owner, if any. */
export type KycStatusView = {
  status: KycStatus;
  rejectionReason: string | null;
  fullName: string | null;
  activePhoneNumber: string | null;
  submittedAt: string | null;
  reviewedAt: string | null;
  hasSubmission: boolean;
};

