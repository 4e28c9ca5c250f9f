import { approveKyc, rejectKyc } from "../kyc/review-kyc.server";
import { isAppError } from "../../lib/app-error";
import { describeError } from "../../lib/error-responses.server";
import { msg, t, translateIfKnown } from "../../lib/i18n/i18n";
import type { SessionUser } from "../accounts/session-user";
import { ADMIN_EXTRA_TEXTS, ADMIN_TEXTS, DELIVERY_TEXTS, type AdminActionResult } from "./admin.schemas";
import { changeUserRole } from "./change-user-role.server";
import { cleanupOrphanedBusinesses } from "../listings/cleanup-orphaned-businesses.server";
import { deleteFeedback } from "../feedback/delete-feedback.server";
import { deleteKycSubmission } from "../kyc/delete-kyc-submission.server";
import { reviewFeaturedRequest } from "../featured/review-featured-request.server";
import { markPaymentRefunded, refundPayment, REFUND_TEXTS } from "../payments/refund-payment.server";
import { sendBroadcast } from "./send-broadcast.server";
import { setBusinessFeatured } from "../featured/set-business-featured.server";
import { suspendUser } from "./suspend-user.server";
import { unsuspendUser } from "./unsuspend-user.server";
import { updateFeedbackStatus } from "../feedback/update-feedback-status.server";
import { reviewListing } from "../listings/review-listing.server";
import { CLAIM_REVIEW_TEXTS } from "../listings/claim.schemas";
import { reviewClaim } from "../listings/review-claim.server";
import { unlinkCoveredPlace } from "../listings/unlink-covered-place.server";
import { reviewListingChange } from "../listings/review-listing-change.server";
import { unpublishListing } from "../listings/unpublish-listing.server";
import { LEDGER_TEXTS } from "../payments/payment-ledger";
import { recheckPayment } from "../payments/recheck-payment.server";
import { resolveReports } from "../reports/resolve-reports.server";
import { retryDelivery } from "./retry-delivery.server";
import { REPORT_TEXTS } from "../reports/report.schemas";
import { decideHeldReview } from "../reviews/decide-held-review.server";
import { REVIEW_TEXTS } from "../reviews/review.schemas";
import { decideSuggestion } from "../suggestions/decide-suggestion.server";
import { SUGGESTION_OUTCOME_TITLES, SUGGESTION_TEXTS } from "../suggestions/suggestion.schemas";
import { formText } from "../../lib/form-fields";
import { revokeVerification } from "../verification/revoke-verification.server";
import { VERIFICATION_TEXTS } from "../verification/verification.schemas";

/** The Reports tab's intents and the action each asks of `resolveReports`. */
const REPORT_INTENTS = { "report-dismiss": "dismiss", "report-remove": "remove", "report-suspend": "suspend" } as const;
const REPORT_DONE = { dismiss: REPORT_TEXTS.dismissed, remove: REPORT_TEXTS.removed, suspend: REPORT_TEXTS.suspended } as const;

type Outcome = { status: number; result: AdminActionResult };

function refundTitle(status: string): string {
  return status === "refunded" ? ADMIN_EXTRA_TEXTS.refunded : status === "due" ? REFUND_TEXTS.labels.due : REFUND_TEXTS.labels.pending;
}

/** The refund that follows rejecting a paid request: what the toast adds (the rejection stands either way). */
async function refundAfterRejection(actor: SessionUser | null, reference: string): Promise<string> {
  try {
    const outcome = await refundPayment(actor, reference);
    if (outcome.status === "refunded") return ADMIN_EXTRA_TEXTS.refundedAfterReject;
    if (outcome.status === "due") return REFUND_TEXTS.byHand;
    return REFUND_TEXTS.labels[outcome.status];
  } catch (error) {
    return isAppError(error) && error.hasText ? error.message : REFUND_TEXTS.providerFailed;
  }
}

/** The sentence a refusal carries for people (not just its code), if any. */
function detailOf(error: unknown): string | undefined {
  return isAppError(error) && error.hasText ? error.message : undefined;
}

/**
 * Runs one admin action from the panel's forms and turns its outcome into the spec's toast: the
 * success text, or the error text of that action (with the reason when we know it). The use case
 * authorizes itself; nothing here decides who may do what. The toast's texts are in the request's language
 * (issue 36): each that is a catalog key is translated; one already written in the language stays as it is.
 */
export async function runAdminAction(actor: SessionUser | null, form: FormData): Promise<Outcome> {
  const { status, result } = await runAction(actor, form);
  const shown: AdminActionResult = { ...result, title: translateIfKnown(result.title) };
  if (result.text !== undefined) shown.text = translateIfKnown(result.text);
  if (result.fieldError !== undefined) shown.fieldError = translateIfKnown(result.fieldError);
  return { status, result: shown };
}

async function runAction(actor: SessionUser | null, form: FormData): Promise<Outcome> {
  const intent = formText(form, "intent");
  const targetId = formText(form, "targetId");
  const at = Date.now();
  const ok = (title: string, extra: Partial<AdminActionResult> = {}): Outcome => ({
    status: 200,
    result: { intent, ok: true, title, targetId, at, ...extra },
  });
  /**
   * The toast of a failed action: the action's own title (the spec's text), with the refusal's sentence, or
   * 'Access Denied' for someone who is not an admin. Status and logging come from the one error mapping.
   */
  const fail = (error: unknown, title: string, extra: Partial<AdminActionResult> = {}, unexpectedTitle?: string): Outcome => {
    const { status, failure, expected } = describeError(error);
    if (!expected) return { status, result: { intent, ok: false, title: unexpectedTitle ?? title, targetId, at, ...extra, errorId: failure.errorId } };
    if (status === 401 || status === 403) return { status, result: { intent, ok: false, title: failure.title, text: failure.text, targetId, at } };
    return { status, result: { intent, ok: false, title, text: failure.text, targetId, at, ...extra } };
  };

  switch (intent) {
    case "role": {
      try {
        await changeUserRole(actor, { userId: targetId, role: formText(form, "role") });
        return ok(ADMIN_TEXTS.roleUpdated);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.error, { text: detailOf(error) ?? ADMIN_TEXTS.roleFailed }, ADMIN_TEXTS.roleError);
      }
    }
    case "suspend": {
      const reason = formText(form, "reason");
      try {
        await suspendUser(actor, { userId: targetId, reason });
        return ok(ADMIN_EXTRA_TEXTS.suspended);
      } catch (error) {
        return fail(error, ADMIN_EXTRA_TEXTS.suspendFailed, { values: { reason }, fieldError: detailOf(error) });
      }
    }
    case "unsuspend": {
      try {
        await unsuspendUser(actor, { userId: targetId });
        return ok(ADMIN_EXTRA_TEXTS.unsuspended);
      } catch (error) {
        return fail(error, ADMIN_EXTRA_TEXTS.suspendFailed);
      }
    }
    case "approve-business": {
      try {
        await reviewListing(actor, { decision: "approve", businessId: targetId });
        return ok(ADMIN_TEXTS.businessUpdated("approved"));
      } catch (error) {
        return fail(error, ADMIN_TEXTS.businessUpdateFailed);
      }
    }
    case "reject-business": {
      const reason = formText(form, "reason");
      try {
        await reviewListing(actor, { decision: "reject", businessId: targetId, reason });
        return ok(ADMIN_TEXTS.businessUpdated("rejected"));
      } catch (error) {
        const missing = !reason.trim();
        return fail(error, missing ? ADMIN_TEXTS.rejectionReasonRequired : ADMIN_TEXTS.businessUpdateFailed, {
          values: { reason },
          fieldError: missing ? ADMIN_TEXTS.rejectionReasonRequired : detailOf(error),
        });
      }
    }
    case "unpublish-business": {
      const reason = formText(form, "reason");
      try {
        await unpublishListing(actor, { businessId: targetId, reason });
        return ok(ADMIN_TEXTS.businessUpdated("unpublished"));
      } catch (error) {
        const missing = !reason.trim();
        return fail(error, missing ? ADMIN_TEXTS.rejectionReasonRequired : ADMIN_TEXTS.businessUpdateFailed, {
          values: { reason },
          fieldError: missing ? ADMIN_TEXTS.rejectionReasonRequired : detailOf(error),
        });
      }
    }
    case "approve-change": {
      try {
        await reviewListingChange(actor, { decision: "approve", businessId: targetId, version: formText(form, "version") });
        return ok(ADMIN_EXTRA_TEXTS.changesApproved);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.businessUpdateFailed);
      }
    }
    case "reject-change": {
      const reason = formText(form, "reason");
      try {
        await reviewListingChange(actor, { decision: "reject", businessId: targetId, reason, version: formText(form, "version") || undefined });
        return ok(ADMIN_EXTRA_TEXTS.changesRejected);
      } catch (error) {
        const missing = !reason.trim();
        return fail(error, missing ? ADMIN_TEXTS.rejectionReasonRequired : ADMIN_TEXTS.businessUpdateFailed, {
          values: { reason },
          fieldError: missing ? ADMIN_TEXTS.rejectionReasonRequired : detailOf(error),
        });
      }
    }
    case "approve-kyc": {
      try {
        await approveKyc(actor, targetId);
        return ok(ADMIN_TEXTS.kycApproved);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.kycUpdateFailed, {}, ADMIN_TEXTS.requestError);
      }
    }
    case "reject-kyc": {
      const reason = formText(form, "reason");
      try {
        await rejectKyc(actor, targetId, reason);
        return ok(ADMIN_TEXTS.kycRejected);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.kycUpdateFailed, { values: { reason } }, ADMIN_TEXTS.requestError);
      }
    }
    case "delete-kyc": {
      try {
        await deleteKycSubmission(actor, targetId);
        return ok(ADMIN_TEXTS.kycDeleted);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.kycDeleteFailed, {}, ADMIN_TEXTS.requestError);
      }
    }
    case "review-request":
    case "review-subscription": {
      const status = formText(form, "status");
      const reason = formText(form, "reason");
      const isSubscription = intent === "review-subscription";
      try {
        const result = await reviewFeaturedRequest(actor, { requestId: targetId, status, reason });
        const title = isSubscription ? ADMIN_TEXTS.subscriptionUpdated(result.status) : ADMIN_TEXTS.requestUpdated(result.status);
        // A paid request rejected: its money goes back through the provider now when it can (ADR 16); else
        // the payment stays 'refund due' in the Subscriptions tab for a refund by hand.
        if (result.refundDue) return ok(title, { text: await refundAfterRejection(actor, result.refundDue.reference) });
        return ok(title);
      } catch (error) {
        if (isAppError(error) && error.message === ADMIN_TEXTS.invalidStatus) return fail(error, ADMIN_TEXTS.invalidStatus, { text: undefined });
        if (isAppError(error) && error.message === ADMIN_TEXTS.rejectionReasonRequired) {
          return fail(error, isSubscription ? ADMIN_TEXTS.subscriptionUpdateFailed : ADMIN_TEXTS.requestUpdateFailed(ADMIN_TEXTS.rejectionReasonRequired), {
            values: { reason },
            fieldError: ADMIN_TEXTS.rejectionReasonRequired,
          });
        }
        if (isSubscription) return fail(error, ADMIN_TEXTS.subscriptionUpdateFailed);
        const why = detailOf(error) ?? (isAppError(error) && error.code === "not-found" ? msg("It no longer exists") : msg("Please try again"));
        return fail(error, ADMIN_TEXTS.requestUpdateFailed(why), { text: undefined }, ADMIN_TEXTS.requestError);
      }
    }
    case "refund-payment": {
      try {
        const outcome = await refundPayment(actor, formText(form, "reference"));
        return ok(refundTitle(outcome.status), outcome.status === "due" ? { text: REFUND_TEXTS.byHand } : {});
      } catch (error) {
        return fail(error, ADMIN_EXTRA_TEXTS.refundFailed);
      }
    }
    case "mark-refunded": {
      try {
        await markPaymentRefunded(actor, formText(form, "reference"));
        return ok(ADMIN_EXTRA_TEXTS.markedRefunded);
      } catch (error) {
        return fail(error, ADMIN_EXTRA_TEXTS.refundFailed);
      }
    }
    case "toggle-featured": {
      const featured = formText(form, "featured") === "true";
      try {
        await setBusinessFeatured(actor, { businessId: targetId, featured });
        return ok(featured ? ADMIN_EXTRA_TEXTS.featuredOn : ADMIN_EXTRA_TEXTS.featuredOff);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.featuredUpdateFailed);
      }
    }
    case "cleanup": {
      try {
        const { removed } = await cleanupOrphanedBusinesses(actor);
        return ok(ADMIN_EXTRA_TEXTS.cleanedUp(removed));
      } catch (error) {
        return fail(error, ADMIN_TEXTS.cleanupFailed);
      }
    }
    case "notify": {
      const values = {
        title: formText(form, "title"),
        message: formText(form, "message"),
        targetAudience: formText(form, "targetAudience"),
        priority: formText(form, "priority"),
      };
      if (!values.title.trim() || !values.message.trim()) {
        // Checked before the use case only to keep the typed values; the use case checks again.
        return { status: 400, result: { intent, ok: false, title: ADMIN_TEXTS.fillRequired, values, fieldError: ADMIN_TEXTS.fillRequired, at } };
      }
      try {
        const { recipients } = await sendBroadcast(actor, values as Parameters<typeof sendBroadcast>[1]);
        return ok(ADMIN_EXTRA_TEXTS.notificationSentTitle, { text: ADMIN_EXTRA_TEXTS.notificationSent(recipients) });
      } catch (error) {
        return fail(error, ADMIN_TEXTS.notificationFailed, { values, fieldError: detailOf(error) });
      }
    }
    case "feedback-status": {
      try {
        await updateFeedbackStatus(actor, { feedbackId: targetId, status: formText(form, "status") });
        return ok(ADMIN_TEXTS.feedbackUpdated);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.feedbackUpdateFailed);
      }
    }
    case "delete-feedback": {
      try {
        await deleteFeedback(actor, targetId);
        return ok(ADMIN_TEXTS.feedbackDeleted);
      } catch (error) {
        return fail(error, ADMIN_TEXTS.feedbackDeleteFailed);
      }
    }
    case "recheck-payment": {
      try {
        const { summary } = await recheckPayment(actor, targetId);
        return ok(LEDGER_TEXTS.recheckTitle, { text: summary });
      } catch (error) {
        return fail(error, LEDGER_TEXTS.recheckFailed);
      }
    }
    case "report-dismiss":
    case "report-remove":
    case "report-suspend": {
      const action = REPORT_INTENTS[intent];
      const reason = formText(form, "reason");
      try {
        // Suspension is this feature's (reports cannot import admin): handed in as the power to use.
        const { outcome } = await resolveReports(actor, { kind: formText(form, "kind"), id: targetId, action, reason }, { suspendAuthor: suspendUser });
        return ok(outcome === "hidden" ? REPORT_TEXTS.hidden : outcome === "withdrawn" ? REPORT_TEXTS.withdrawn : REPORT_DONE[action]);
      } catch (error) {
        return fail(error, REPORT_TEXTS.actionFailed, { values: { reason }, fieldError: detailOf(error) });
      }
    }
    case "held-review-publish":
    case "held-review-hide": {
      try {
        const { status } = await decideHeldReview(actor, { reviewId: targetId, decision: intent === "held-review-publish" ? "publish" : "hide" });
        return ok(status === "published" ? REVIEW_TEXTS.heldPublished : REVIEW_TEXTS.heldHidden);
      } catch (error) {
        return fail(error, REPORT_TEXTS.actionFailed);
      }
    }
    case "approve-claim": {
      try {
        await reviewClaim(actor, { claimId: targetId, decision: "approve" });
        return ok(CLAIM_REVIEW_TEXTS.approved);
      } catch (error) {
        return fail(error, CLAIM_REVIEW_TEXTS.failed);
      }
    }
    case "reject-claim": {
      const reason = formText(form, "reason");
      try {
        await reviewClaim(actor, { claimId: targetId, decision: "reject", reason });
        return ok(CLAIM_REVIEW_TEXTS.rejected);
      } catch (error) {
        const missing = !reason.trim();
        return fail(error, missing ? CLAIM_REVIEW_TEXTS.reasonRequired : CLAIM_REVIEW_TEXTS.failed, {
          values: { reason },
          fieldError: isAppError(error) ? error.fields?.reason : undefined,
        });
      }
    }
    case "unlink-covered-place": {
      try {
        await unlinkCoveredPlace(actor, { businessId: targetId });
        return ok(CLAIM_REVIEW_TEXTS.unlinked);
      } catch (error) {
        return fail(error, CLAIM_REVIEW_TEXTS.unlinkFailed);
      }
    }
    case "suggestion-approve": {
      try {
        const decided = await decideSuggestion(actor, { decision: "approve", suggestionId: targetId });
        return ok(decided.status === "approved" ? SUGGESTION_OUTCOME_TITLES[decided.outcome] : SUGGESTION_TEXTS.rejected);
      } catch (error) {
        return fail(error, SUGGESTION_TEXTS.actionFailed);
      }
    }
    case "suggestion-reject": {
      const reason = formText(form, "reason");
      try {
        await decideSuggestion(actor, { decision: "reject", suggestionId: targetId, reason });
        return ok(SUGGESTION_TEXTS.rejected);
      } catch (error) {
        return fail(error, SUGGESTION_TEXTS.actionFailed, {
          values: { reason },
          fieldError: isAppError(error) ? error.fields?.reason : undefined,
        });
      }
    }
    case "verification-revoke": {
      const reason = formText(form, "reason");
      try {
        await revokeVerification(actor, { verificationId: targetId, reason });
        return ok(VERIFICATION_TEXTS.revoked);
      } catch (error) {
        return fail(error, VERIFICATION_TEXTS.revokeFailed, {
          values: { reason },
          fieldError: isAppError(error) ? error.fields?.reason : undefined,
        });
      }
    }
    case "retry-delivery": {
      try {
        await retryDelivery(actor, { id: targetId, queue: formText(form, "queue") });
        return ok(DELIVERY_TEXTS.retried, { text: DELIVERY_TEXTS.retriedText });
      } catch (error) {
        return fail(error, DELIVERY_TEXTS.retryFailed);
      }
    }
    default:
      return { status: 400, result: { intent, ok: false, title: ADMIN_TEXTS.anError, text: t("Unknown action."), targetId, at } };
  }
}
