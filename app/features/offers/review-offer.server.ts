import { eq } from "drizzle-orm";
import { businessOffers, businesses } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf } from "../../lib/audit.server";
import { getDb, type Tx } from "../../lib/db.server";
import { isUuid } from "../../lib/ids";
import { announceDirectoryChange } from "../../lib/realtime.server";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { enqueueNotice } from "../notifications/person-notices.server";
import { OFFER_LIMITS, OFFER_TEXTS, offerVersion } from "./offer.schemas";

/** `version`: the offer as the admin saw it (offerVersion, sent with the form). */
export type OfferDecision = { offerId: string; decision: "approve" | "reject"; reason?: string | null; version: string };

function reasonOf(reason: string | null | undefined): string {
  const text = (reason ?? "").trim();
  if (!text || text.length > OFFER_LIMITS.reasonMax) throw new AppError("invalid", OFFER_TEXTS.reasonRequired, { fields: { reason: OFFER_TEXTS.reasonRequired } });
  return text;
}

async function lockOffer(tx: Tx, offerId: string) {
  if (!isUuid(offerId)) throw new AppError("not-found", OFFER_TEXTS.notFound);
  return lockRow(
    tx,
    businessOffers,
    { column: businessOffers.id, value: offerId },
    { status: businessOffers.status, reason: businessOffers.reason, businessId: businessOffers.businessId, title: businessOffers.title, updatedAt: businessOffers.updatedAt },
    OFFER_TEXTS.notFound,
  );
}

/** The owner saved the offer after the admin opened it: what would be decided is not what was seen. */
function requireSeen(current: { updatedAt: Date }, version: string | undefined) {
  if (version !== offerVersion(current.updatedAt)) throw new AppError("conflict", OFFER_TEXTS.changedSinceOpened);
}

/**
 * An admin approves or rejects an offer waiting for review (issue 37), like a listing: a rejection needs a reason the
 * owner reads. The decision names the version the admin saw: an offer the owner changed since is refused
 * (OFFER_TEXTS.changedSinceOpened), to be looked at again, never approved unseen. Audited ('offer.approve' / 'offer.reject'); the owner is told either way, in their language, in the same
 * transaction; approving empties the page caches (the table's trigger) and tells open directory pages.
 */
export async function reviewOffer(actor: SessionUser | null, input: OfferDecision): Promise<{ status: "approved" | "rejected" }> {
  requireAdmin(actor);
  const approve = input.decision === "approve";
  const reason = approve ? null : reasonOf(input.reason);
  await getDb().transaction(async (tx) => {
    const current = await lockOffer(tx, input.offerId);
    if (current.status !== "pending") throw new AppError("conflict", OFFER_TEXTS.onlyPending);
    requireSeen(current, input.version);
    const now = new Date();
    await updateAudited(tx, auditActorOf(actor), {
      table: businessOffers,
      id: { column: businessOffers.id, value: input.offerId },
      before: { status: current.status, reason: current.reason },
      next: { status: approve ? "approved" : "rejected", reason },
      alsoSet: { decidedAt: now, decidedBy: actor.id },
      action: approve ? "offer.approve" : "offer.reject",
      targetType: "offer",
    });
    if (approve) await announceDirectoryChange(tx, [current.businessId]);
    await tellOwner(tx, current.businessId, current.title, approve ? { approved: true } : { approved: false, reason: reason!, removed: false });
  });
  return { status: approve ? "approved" : "rejected" };
}

/**
 * An admin takes an approved offer down (from the offers list, or a report's take-down): it leaves the public pages at
 * once, the owner reads the reason. Audited as 'offer.remove'. From the offers list the admin names the version they saw
 * (refused if the owner changed it since); a report's take-down, which shows no version, names none.
 */
export async function takeDownOffer(actor: SessionUser | null, input: { offerId: string; reason: string | null; version?: string }): Promise<void> {
  requireAdmin(actor);
  const reason = reasonOf(input.reason);
  await getDb().transaction(async (tx) => {
    const current = await lockOffer(tx, input.offerId);
    if (current.status !== "approved") throw new AppError("conflict", OFFER_TEXTS.onlyApproved);
    if (input.version !== undefined) requireSeen(current, input.version);
    await updateAudited(tx, auditActorOf(actor), {
      table: businessOffers,
      id: { column: businessOffers.id, value: input.offerId },
      before: { status: current.status, reason: current.reason },
      next: { status: "removed", reason },
      alsoSet: { decidedAt: new Date(), decidedBy: actor.id },
      action: "offer.remove",
      targetType: "offer",
    });
    await announceDirectoryChange(tx, [current.businessId]);
    await tellOwner(tx, current.businessId, current.title, { approved: false, reason, removed: true });
  });
}

async function tellOwner(tx: Tx, businessId: string, offer: string, outcome: { approved: true } | { approved: false; reason: string; removed: boolean }) {
  const [listing] = await tx.select({ ownerId: businesses.userId, name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
  if (!listing?.ownerId) return;
  const name = listing.name;
  await enqueueNotice(tx, {
    userId: listing.ownerId,
    // In the owner's language (issue 36); the admin's reason as written.
    texts: (t) => {
      if (outcome.approved) {
        return {
          line: t("Your offer '{{offer}}' on {{name}} is approved.", { offer, name }),
          detail: t("Your offer '{{offer}}' on {{name}} is approved: customers see it from its first day.", { offer, name }),
          subject: t("Your offer on {{name}} is approved", { name }),
        };
      }
      const { reason, removed } = outcome;
      return removed
        ? {
            line: t("Your offer '{{offer}}' on {{name}} was taken down: {{reason}}", { offer, name, reason }),
            detail: t("Your offer '{{offer}}' on {{name}} was taken down. The reason: {{reason}}", { offer, name, reason }),
            subject: t("Your offer on {{name}} was taken down", { name }),
          }
        : {
            line: t("Your offer '{{offer}}' on {{name}} was not approved: {{reason}}", { offer, name, reason }),
            detail: t("Your offer '{{offer}}' on {{name}} was not approved. The reason: {{reason}} Change it and it will be reviewed again.", { offer, name, reason }),
            subject: t("Your offer on {{name}} was not approved", { name }),
          };
    },
    path: `/business/offers/${businessId}`,
  });
}
