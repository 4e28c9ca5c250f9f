import { and, eq, inArray } from "drizzle-orm";
import { businesses, businessMessages, businessOffers, reviews, user } from "../../../../db/schema";
import { AppError } from "../../../lib/app-error";
import { auditActorOf, recordAudit } from "../../../lib/audit.server";
import { getDb, type Db, type Tx } from "../../../lib/db.server";
import { msg, t } from "../../../lib/i18n/i18n";
import { requireAdmin } from "../../accounts/access";
import type { SessionUser } from "../../accounts/session-user";
import { unpublishListing } from "../../listings/unpublish-listing.server";
import { isCurrentOffer } from "../../offers/public-offers.server";
import { takeDownOffer } from "../../offers/review-offer.server";
import { setReviewVisibility } from "../../reviews/set-review-visibility.server";
import { REPORT_TEXTS, type ReportKind } from "../report.schemas";

/**
 * THE one place that knows what each kind of reported item is (ADR 19). A kind answers four questions:
 *   - may this person report it (`checkReportable`: it exists, and they may see it and are not its author);
 *   - what it is called and where it is seen (`describeItems`, for the report page and the Reports tab);
 *   - who wrote it (the author an admin may suspend);
 *   - how an admin takes it down (`takeDown`: a listing is unpublished, a review hidden, an offer taken down; a message
 *     has no take-down).
 */
export type ReportedItem = {
  kind: ReportKind;
  id: string;
  /** What the item is called: a listing's name; a message's or a review's first words. */
  title: string;
  /** The item's text as the admin needs to read it (a message, a review), else null. */
  text: string | null;
  /** Where the item is seen (a listing's page, a review on it), else null. */
  href: string | null;
  authorId: string | null;
  authorName: string | null;
  /** The take-down the Reports tab offers, or null when the kind has none. */
  takeDownLabel: string | null;
};

const MESSAGE_TITLE_CHARS = 60;

/** The item exists and `actor` may report it; else the refusal they read. Inside the report's transaction. */
export async function checkReportable(db: Db | Tx, actor: SessionUser, kind: ReportKind, id: string): Promise<ReportedItem> {
  const [item] = await describeItems(db, kind, [id]);
  if (!item) throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notFound });
  switch (kind) {
    case "listing": {
      const [row] = await db.select({ status: businesses.approvalStatus, suspended: businesses.ownerSuspended }).from(businesses).where(eq(businesses.id, id)).limit(1);
      // Only what the public sees can be reported; a pending or rejected listing is the admin's already.
      if (!row || row.status !== "approved" || row.suspended) throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notFound });
      if (item.authorId === actor.id) throw new AppError("forbidden", REPORT_TEXTS.ownListing);
      return item;
    }
    case "message": {
      const [row] = await db
        .select({ visitorId: businessMessages.visitorId, ownerId: businesses.userId })
        .from(businessMessages)
        .leftJoin(businesses, eq(businesses.id, businessMessages.businessId))
        .where(eq(businessMessages.id, id))
        .limit(1);
      // Only a participant of the conversation: its visitor, or the owner of its business. Anyone else is
      // told the message does not exist (as if it did not: no probing of message ids).
      if (!row || (row.visitorId !== actor.id && row.ownerId !== actor.id)) {
        throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notParticipant });
      }
      if (item.authorId === actor.id) throw new AppError("forbidden", REPORT_TEXTS.ownMessage);
      return item;
    }
    case "offer": {
      // Only an offer the public sees now (approved, started, not ended) on a listing the public sees.
      const [row] = await db
        .select({ id: businessOffers.id })
        .from(businessOffers)
        .innerJoin(businesses, eq(businesses.id, businessOffers.businessId))
        .where(and(eq(businessOffers.id, id), isCurrentOffer(new Date()), eq(businesses.approvalStatus, "approved"), eq(businesses.ownerSuspended, false)))
        .limit(1);
      if (!row) throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notFound });
      if (item.authorId === actor.id) throw new AppError("forbidden", REPORT_TEXTS.ownOffer);
      return item;
    }
    case "review": {
      const [row] = await db
        .select({ status: reviews.status, listingStatus: businesses.approvalStatus, suspended: businesses.ownerSuspended })
        .from(reviews)
        .innerJoin(businesses, eq(businesses.id, reviews.businessId))
        .where(eq(reviews.id, id))
        .limit(1);
      // Only a review the public reads: a held or hidden one is the admin's already.
      if (!row || row.status !== "published" || row.listingStatus !== "approved" || row.suspended) {
        throw new AppError("not-found", { title: msg("Not found"), text: REPORT_TEXTS.notFound });
      }
      if (item.authorId === actor.id) throw new AppError("forbidden", REPORT_TEXTS.ownReview);
      return item;
    }
  }
}

/** The items of one kind, by id (one indexed query per kind; ids not found are left out). */
export async function describeItems(db: Db | Tx, kind: ReportKind, ids: string[]): Promise<ReportedItem[]> {
  if (ids.length === 0) return [];
  switch (kind) {
    case "listing": {
      const rows = await db
        .select({ id: businesses.id, name: businesses.name, authorId: businesses.userId, authorName: user.name })
        .from(businesses)
        .leftJoin(user, eq(user.id, businesses.userId))
        .where(inArray(businesses.id, ids));
      return rows.map((r) => ({
        kind, id: r.id, title: r.name, text: null, href: `/businesses/${r.id}`, authorId: r.authorId, authorName: r.authorName, takeDownLabel: t("Unpublish listing"),
      }));
    }
    case "message": {
      const rows = await db
        .select({ id: businessMessages.id, message: businessMessages.message, authorId: businessMessages.senderId, authorName: user.name })
        .from(businessMessages)
        .leftJoin(user, eq(user.id, businessMessages.senderId))
        .where(inArray(businessMessages.id, ids));
      return rows.map((r) => ({
        kind,
        id: r.id,
        title: r.message.length > MESSAGE_TITLE_CHARS ? `${r.message.slice(0, MESSAGE_TITLE_CHARS)}…` : r.message,
        text: r.message,
        href: null,
        authorId: r.authorId,
        authorName: r.authorName,
        takeDownLabel: null,
      }));
    }
    case "offer": {
      const rows = await db
        .select({ id: businessOffers.id, title: businessOffers.title, body: businessOffers.body, businessId: businessOffers.businessId, businessName: businesses.name, authorId: businesses.userId, authorName: user.name })
        .from(businessOffers)
        .innerJoin(businesses, eq(businesses.id, businessOffers.businessId))
        .leftJoin(user, eq(user.id, businesses.userId))
        .where(inArray(businessOffers.id, ids));
      return rows.map((r) => ({
        kind,
        id: r.id,
        // Read when shown, in that moment's language (as a review's title).
        get title() {
          return t("An offer of {{business}}: {{title}}", { business: r.businessName, title: r.title });
        },
        text: r.body,
        href: `/businesses/${r.businessId}#offer-${r.id}`,
        authorId: r.authorId,
        authorName: r.authorName,
        takeDownLabel: t("Take down offer"),
      }));
    }
    case "review": {
      const rows = await db
        .select({ id: reviews.id, body: reviews.body, businessId: reviews.businessId, businessName: businesses.name, authorId: reviews.authorId, authorName: user.name })
        .from(reviews)
        .innerJoin(businesses, eq(businesses.id, reviews.businessId))
        .leftJoin(user, eq(user.id, reviews.authorId))
        .where(inArray(reviews.id, ids));
      return rows.map((r) => ({
        kind,
        id: r.id,
        // Read when shown, in that moment's language: a reporter's outcome notice is written in theirs (issue 36).
        get title() {
          return t("A review of {{business}}: {{text}}", {
            business: r.businessName,
            text: r.body.length > MESSAGE_TITLE_CHARS ? `${r.body.slice(0, MESSAGE_TITLE_CHARS)}…` : r.body,
          });
        },
        text: r.body,
        href: `/businesses/${r.businessId}#review-${r.id}`,
        authorId: r.authorId,
        authorName: r.authorName,
        takeDownLabel: t("Hide review"),
      }));
    }
  }
}

/**
 * Takes the item down (its own use case, its own transaction, its own audit row) and names the outcome the
 * reporters are told. Refused for a kind without a take-down.
 */
export async function takeDown(actor: SessionUser | null, kind: ReportKind, id: string, reason: string | null): Promise<"unpublished" | "hidden" | "withdrawn"> {
  switch (kind) {
    case "listing":
      if (!reason) throw new AppError("invalid", REPORT_TEXTS.removeReasonRequired, { fields: { reason: REPORT_TEXTS.removeReasonRequired } });
      await unpublishListing(actor, { businessId: id, reason });
      return "unpublished";
    case "review": {
      // Hidden in one transaction with its audit row; the listing's rating loses it at once (setReviewVisibility).
      requireAdmin(actor);
      await getDb().transaction(async (tx) => {
        const { businessId, before } = await setReviewVisibility(tx, id, "hidden");
        await recordAudit(tx, auditActorOf(actor), { action: "review.hide", targetType: "review", targetId: id, before: { status: before, businessId }, after: { status: "hidden", reason } });
      });
      return "hidden";
    }
    case "offer":
      // Taken down with the reason its owner reads (its own use case, transaction and audit row: 'offer.remove').
      if (!reason) throw new AppError("invalid", REPORT_TEXTS.removeReasonRequired, { fields: { reason: REPORT_TEXTS.removeReasonRequired } });
      await takeDownOffer(actor, { offerId: id, reason });
      return "withdrawn";
    case "message":
      throw new AppError("conflict", REPORT_TEXTS.noRemoveAction);
  }
}
