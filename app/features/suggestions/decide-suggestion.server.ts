import { eq, sql } from "drizzle-orm";
import { businesses, listingSuggestions } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { lockRow, updateAudited } from "../../lib/audited-change.server";
import { auditActorOf, recordAudit } from "../../lib/audit.server";
import { getDb, type Tx } from "../../lib/db.server";
import { translateIfKnown, type Translate } from "../../lib/i18n/i18n";
import { lgaCentre } from "../../lib/nigeria-lga-centres";
import { multirangeLiteral } from "../../lib/opening-hours";
import { announceDirectoryChange } from "../../lib/realtime.server";
import type { SuggestionKind, SuggestionOutcome } from "../../lib/reference";
import { requireAdmin } from "../accounts/access";
import type { SessionUser } from "../accounts/session-user";
import { enqueueNotice, type PersonNotice } from "../notifications/person-notices.server";
import { readPublicListing, type SuggestedListing } from "./internal/suggested-listing.server";
import {
  changedFields, DecideSuggestionSchema, recheckChange, recheckMissing, SUGGESTION_TEXTS, type ChangeKind, type DecideSuggestionInput, type EditPayload,
  type MissingPayload, type MovedPayload,
} from "./suggestion.schemas";

export type SuggestionDecision = { status: "approved"; outcome: SuggestionOutcome; businessId: string | null } | { status: "rejected" };

/** Why a listing closed by a suggestion is hidden: the reason stored with it (and in the audit log). */
export const CLOSED_REASON = "Closed: a visitor said so and an admin confirmed it.";

/**
 * An admin decides on a pending suggestion, in one transaction with its audit entry and the notice that tells the
 * suggester the outcome ('Thanks — we added …' / 'We could not use your suggestion: <reason>'):
 *  - reject, with a reason the suggester reads;
 *  - approve a missing business: it becomes a public, unclaimed listing (source 'suggestion', source_id the
 *    suggestion's id) placed at its LGA's centre, which an owner can claim like any unclaimed listing;
 *  - approve a change to a listing nobody owns: applied (only the suggested fields, checked again; 'moved' also
 *    places it at the new LGA's centre; 'closed' hides it, kept with its history: see ADR 38);
 *  - approve a change to an owned listing: nothing is changed by us; the owner is told what was suggested, with a
 *    link to edit it.
 * The suggestion and the listing are locked (FOR UPDATE): two admins cannot both decide, and the listing is judged
 * as it is at that moment (claimed meanwhile: its owner is told instead).
 */
export async function decideSuggestion(actor: SessionUser | null, input: DecideSuggestionInput): Promise<SuggestionDecision> {
  requireAdmin(actor);
  const parsed = DecideSuggestionSchema.safeParse(input);
  if (!parsed.success) {
    const reasonIssue = parsed.error.issues.find((i) => i.path[0] === "reason");
    if (reasonIssue) throw new AppError("invalid", reasonIssue.message, { fields: { reason: reasonIssue.message } });
    throw new AppError("not-found");
  }
  const decision = parsed.data;
  return getDb().transaction(async (tx) => {
    const suggestion = await lockRow(tx, listingSuggestions, { column: listingSuggestions.id, value: decision.suggestionId }, {
      id: listingSuggestions.id,
      userId: listingSuggestions.userId,
      businessId: listingSuggestions.businessId,
      kind: listingSuggestions.kind,
      payload: listingSuggestions.payload,
      status: listingSuggestions.status,
    });
    if (suggestion.status !== "pending") throw new AppError("conflict", SUGGESTION_TEXTS.alreadyDecided);
    const kind = suggestion.kind as SuggestionKind;
    const now = new Date();
    const audit = auditActorOf(actor);

    if (decision.decision === "reject") {
      const about = await nameOf(tx, kind, suggestion);
      await tx
        .update(listingSuggestions)
        .set({ status: "rejected", reason: decision.reason, decidedBy: actor.id, decidedAt: now })
        .where(eq(listingSuggestions.id, suggestion.id));
      await recordAudit(tx, audit, {
        action: "suggestion.reject",
        targetType: "suggestion",
        targetId: suggestion.id,
        before: { status: "pending" },
        after: { status: "rejected", kind, businessId: suggestion.businessId, reason: decision.reason },
      });
      const reason = decision.reason;
      await enqueueNotice(tx, {
        userId: suggestion.userId,
        // In the suggester's language (issue 36); the admin's reason as written.
        texts: (t) => ({
          line: t("We could not use your suggestion about {{about}}: {{reason}}", { about: about(t), reason }),
          detail: t("Thank you for your suggestion about {{about}}. We could not use it. The reason: {{reason}}", { about: about(t), reason }),
          subject: t("Your suggestion about {{about}}", { about: about(t) }),
        }),
        path: "/suggest",
      });
      return { status: "rejected" };
    }

    let outcome: SuggestionOutcome;
    let businessId: string;
    let name: string;
    if (kind === "missing") {
      const payload = recheckMissing(suggestion.payload);
      if (!payload) throw new AppError("conflict", SUGGESTION_TEXTS.payloadInvalid);
      businessId = await addListing(tx, audit, suggestion.id, payload, now);
      outcome = "added";
      name = payload.name;
    } else {
      const change = recheckChange(kind as ChangeKind, suggestion.payload);
      if (!change) throw new AppError("conflict", SUGGESTION_TEXTS.payloadInvalid);
      const listing = suggestion.businessId ? await readPublicListing(tx, suggestion.businessId, { lock: true }) : null;
      if (!listing) throw new AppError("conflict", SUGGESTION_TEXTS.listingGone);
      businessId = listing.id;
      name = listing.current.name;
      if (listing.ownerId) {
        await tellOwner(tx, listing, kind, change.payload);
        outcome = "sent-to-owner";
      } else {
        outcome = await applyChange(tx, audit, listing, change.kind, change.payload, now);
      }
    }

    await tx
      .update(listingSuggestions)
      .set({ status: "approved", outcome, decidedBy: actor.id, decidedAt: now, createdBusinessId: kind === "missing" ? businessId : null })
      .where(eq(listingSuggestions.id, suggestion.id));
    await recordAudit(tx, audit, {
      action: "suggestion.approve",
      targetType: "suggestion",
      targetId: suggestion.id,
      before: { status: "pending" },
      after: { status: "approved", kind, outcome, businessId },
    });
    await enqueueNotice(tx, thanks(suggestion.userId, outcome, name, businessId));
    return { status: "approved", outcome, businessId };
  });
}

/** What the suggestion is about, for the suggester's notice: the missing business's name, or the listing's. */
async function nameOf(tx: Tx, kind: SuggestionKind, suggestion: { businessId: string | null; payload: Record<string, unknown> }): Promise<(t: Translate) => string> {
  // Without a name, 'a business' or 'a listing' in the suggester's language.
  if (kind === "missing") return suggestion.payload.name == null ? (t) => t("a business") : () => String(suggestion.payload.name);
  if (!suggestion.businessId) return (t) => t("a listing");
  const [row] = await tx.select({ name: businesses.name }).from(businesses).where(eq(businesses.id, suggestion.businessId)).limit(1);
  return row ? () => row.name : (t) => t("a listing");
}

/** A missing business becomes a public, unclaimed listing at its LGA's centre (we have no better point). */
async function addListing(tx: Tx, audit: ReturnType<typeof auditActorOf>, suggestionId: string, payload: MissingPayload, now: Date): Promise<string> {
  const centre = lgaCentre(payload.state, payload.lga);
  const values = {
    name: payload.name,
    category: payload.category,
    state: payload.state,
    lga: payload.lga,
    address: payload.address,
    phoneNumber: payload.phone,
    latitude: centre?.[0] ?? null,
    longitude: centre?.[1] ?? null,
    source: "suggestion",
    sourceId: suggestionId,
    approved: true,
    approvalStatus: "approved",
    approvedAt: now,
  };
  const [row] = await tx.insert(businesses).values(values).returning({ id: businesses.id });
  await recordAudit(tx, audit, { action: "business.add-suggested", targetType: "business", targetId: row!.id, before: null, after: { ...values, approvedAt: now.toISOString() } });
  await announceDirectoryChange(tx, [row!.id]);
  return row!.id;
}

/**
 * A change to a listing nobody owns, applied: only the suggested fields. 'Closed' hides it as an admin's take-down
 * does (approval_status 'rejected', with the reason) and marks it gone: every row, review and view is kept, a
 * re-import never shows it again, and an admin can put it back (ADR 38).
 */
async function applyChange(
  tx: Tx,
  audit: ReturnType<typeof auditActorOf>,
  listing: SuggestedListing,
  kind: ChangeKind,
  payload: EditPayload | MovedPayload | Record<string, never>,
  now: Date,
): Promise<SuggestionOutcome> {
  const id = { column: businesses.id, value: listing.id };
  let next: Record<string, unknown>;
  const alsoSet: Record<string, unknown> = { updatedAt: now };
  let outcome: SuggestionOutcome = "applied";
  let before: Record<string, unknown>;
  if (kind === "closed") {
    const [row] = await tx
      .select({ approved: businesses.approved, approvalStatus: businesses.approvalStatus, rejectedAt: businesses.rejectedAt, rejectionReason: businesses.rejectionReason, sourceGoneAt: businesses.sourceGoneAt })
      .from(businesses)
      .where(eq(businesses.id, listing.id));
    before = row!;
    next = { approved: false, approvalStatus: "rejected", rejectedAt: now, rejectionReason: CLOSED_REASON, sourceGoneAt: now };
    outcome = "hidden";
  } else if (kind === "moved") {
    const moved = payload as MovedPayload;
    const [row] = await tx
      .select({ address: businesses.address, state: businesses.state, lga: businesses.lga, landmark: businesses.landmark, plotNumber: businesses.plotNumber, latitude: businesses.latitude, longitude: businesses.longitude })
      .from(businesses)
      .where(eq(businesses.id, listing.id));
    before = row!;
    // Its old point, landmark and plot number are those of the old place: the new LGA's centre until someone knows better.
    const centre = lgaCentre(moved.state, moved.lga);
    next = { address: moved.address, state: moved.state, lga: moved.lga, landmark: null, plotNumber: null, latitude: centre?.[0] ?? null, longitude: centre?.[1] ?? null };
  } else {
    const edit = payload as EditPayload;
    before = {
      name: listing.current.name,
      phoneNumber: listing.current.phone,
      address: listing.current.address,
      category: listing.current.category,
      openingHours: listing.current.hours,
    };
    next = {};
    if (edit.name !== undefined) next.name = edit.name;
    if (edit.phone !== undefined) next.phoneNumber = edit.phone;
    if (edit.address !== undefined) next.address = edit.address;
    if (edit.category !== undefined) next.category = edit.category;
    if (edit.hours !== undefined) {
      next.openingHours = edit.hours;
      // The minutes of the week 'Open now' reads are written with the hours (migration 0016's check).
      alsoSet.openMinutes = sql`${multirangeLiteral(edit.hours)}::int4multirange`;
    }
  }
  await updateAudited(tx, audit, { table: businesses, id, before, next, alsoSet, action: `business.suggested-${kind}`, targetType: "business" });
  await announceDirectoryChange(tx, [listing.id]);
  return outcome;
}

/** The owner of a listing is told what a visitor suggested (an admin thinks it may be right), with the way to edit it. */
async function tellOwner(tx: Tx, listing: SuggestedListing, kind: SuggestionKind, payload: EditPayload | MovedPayload | Record<string, never>): Promise<void> {
  const name = listing.current.name;
  const path = `/business/edit/${listing.id}`;
  // In the owner's language (issue 36).
  if (kind === "closed") {
    await enqueueNotice(tx, {
      userId: listing.ownerId!,
      texts: (t) => ({
        line: t("A visitor says {{name}} has closed. If it is open, check its details.", { name }),
        detail: t(
          "A visitor told us your business {{name}} has closed, and an admin thinks it may be right. If it has closed, delete the listing from your dashboard. If it is open, check that its details and opening hours are right, so visitors are not misled.",
          { name },
        ),
        subject: t("Has {{name}} closed?", { name }),
      }),
      path,
    });
    return;
  }
  await enqueueNotice(tx, {
    userId: listing.ownerId!,
    texts: (t) => {
      // The fields' names and values as the owner's language writes them (a label may be a catalog key).
      const changes = changedFields(kind, payload as Record<string, unknown>).map((c) => ({ label: translateIfKnown(c.label), value: translateIfKnown(c.value) }));
      const suggested = t("A visitor suggested a change to your listing {{name}}, and an admin thinks it may be right.", { name });
      const what = t("What they suggest: {{changes}}.", { changes: changes.map((c) => `${c.label}: ${c.value}`).join("; ") });
      return {
        // The text names the fields only (their values may hold characters that make an SMS cost more); the e-mail has them.
        line: t("A visitor suggested a change to {{name}}: {{fields}}. Check your listing.", { name, fields: changes.map((c) => c.label.toLowerCase()).join(", ") }),
        detail: `${suggested} ${kind === "moved" ? `${t("They say it has moved.")} ` : ""}${what} ${t("We have not changed your listing: if the suggestion is right, edit it.")}`,
        subject: t("A suggested change to {{name}}", { name }),
      };
    },
    path,
  });
}

/** What the suggester is told when their suggestion is approved. */
function thanks(userId: string, outcome: SuggestionOutcome, name: string, businessId: string): PersonNotice {
  const listing = `/businesses/${businessId}`;
  // In the suggester's language (issue 36). The text's line keeps to the GSM alphabet (an em dash would make every SMS
  // page cost more); the e-mail says it in full.
  switch (outcome) {
    case "added":
      return {
        userId,
        texts: (t) => ({
          line: t("Thanks! We added {{name}} to Naija Directory.", { name }),
          detail: t("Thanks — we added {{name}} to Naija Directory. Anyone can find it now.", { name }),
          subject: t("We added {{name}}", { name }),
        }),
        path: listing,
      };
    case "applied":
      return {
        userId,
        texts: (t) => ({
          line: t("Thanks! We corrected {{name}} as you suggested.", { name }),
          detail: t("Thanks — we corrected {{name}} as you suggested. The listing shows it now.", { name }),
          subject: t("We corrected {{name}}", { name }),
        }),
        path: listing,
      };
    case "sent-to-owner":
      return {
        userId,
        texts: (t) => ({
          line: t("Thanks! We passed your suggestion about {{name}} on to its owner.", { name }),
          detail: t("Thanks — we passed your suggestion about {{name}} on to its owner. The listing is theirs, so they make the change.", { name }),
          subject: t("Your suggestion about {{about}}", { about: name }),
        }),
        path: listing,
      };
    case "hidden":
      return {
        userId,
        texts: (t) => ({
          line: t("Thanks! We took {{name}} off Naija Directory.", { name }),
          detail: t("Thanks — we took {{name}} off Naija Directory, as it has closed.", { name }),
          subject: t("We took {{name}} off the directory", { name }),
        }),
        path: "/suggest",
      };
  }
}
