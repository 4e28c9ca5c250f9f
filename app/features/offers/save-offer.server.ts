import { and, eq } from "drizzle-orm";
import { businessOffers } from "../../../db/schema";
import { AppError } from "../../lib/app-error";
import { getDb, type Db, type Tx } from "../../lib/db.server";
import { t } from "../../lib/i18n/i18n";
import { isUuid } from "../../lib/ids";
import { watDate } from "../../lib/opening-hours";
import type { SessionUser } from "../accounts/session-user";
import { currentPlanFor } from "../plans/current-plan.server";
import { offerAllowanceOf } from "../plans/plan-benefits";
import { removeOfferPhotos, storeOfferPhoto } from "./internal/offer-photos.server";
import { currentOfferCount, managedListing } from "./internal/offer-rows.server";
import { hasOfferRoom } from "./offer.policy";
import { checkOfferForm, OFFER_TEXTS, offerDays, offerInstants, type OfferFormValues } from "./offer.schemas";

export type SaveOfferInput = {
  businessId: string;
  /** The offer edited, or null for a new one. */
  offerId: string | null;
  values: OfferFormValues;
  /** A new photo (replacing any), or null. */
  photo: File | null;
  /** Remove the offer's photo (ignored when a new one comes). */
  removePhoto?: boolean;
};

const pricingLink = () => ({ href: "/pricing", label: t("View plans") });

/**
 * Posts a new offer on a listing, or changes one (issue 37). Only the listing's owner or an admin. The form's checks
 * (offer.schemas.ts), then the plan's (plan-benefits.ts' OFFER_ALLOWANCES): at most its number of current offers on
 * the listing (waiting, scheduled or running), each at most its number of days long. A new offer waits for an admin;
 * so does a change of an offer's words, code or photo (it leaves the public pages until approved again); a change of
 * an approved offer's dates alone applies at once. An ended offer is not changed (a new one is posted). The listing's
 * row is locked while the offers are counted, so two posts at once cannot both take the last place.
 */
export async function saveOffer(actor: SessionUser | null, input: SaveOfferInput, now = new Date()): Promise<{ offerId: string; status: "pending" | "approved" }> {
  const db = getDb();
  const listing = await managedListing(db, actor, input.businessId);
  if (input.offerId !== null && !isUuid(input.offerId)) throw new AppError("not-found", OFFER_TEXTS.notFound);
  // A first look, to refuse before any photo is stored; the transaction reads the row again, locked, and decides on that.
  const firstLook = input.offerId ? await offerOf(db, listing.id, input.offerId) : null;
  const offer = checkedForm(input.values, firstLook, now);
  const { plan } = await currentPlanFor(listing.userId ?? "");
  const allowance = offerAllowanceOf(plan);
  if (offerDays(offer.startsOn, offer.endsOn) > allowance.maxDays) {
    const text = t("Under the {{plan}} plan an offer runs for at most {{days}} days.", { plan: plan.name, days: allowance.maxDays });
    throw new AppError("invalid", { title: t(OFFER_TEXTS.correctFields), text, link: pricingLink() }, { fields: { endsOn: text } });
  }
  // The photo is checked and stored before the transaction (image work is slow); removed again if the save fails.
  const photoKey = input.photo ? await storeOfferPhoto(listing.id, input.photo) : null;
  const { startsAt, endsAt } = offerInstants(offer.startsOn, offer.endsOn);
  let saved: { offerId: string; status: "pending" | "approved" };
  // The photo this save replaced or removed, as the transaction read the offer.
  let replacedPhoto: string | null = null;
  try {
    saved = await db.transaction(async (tx) => {
      await managedListing(tx, actor, listing.id, { lock: true });
      // The offer as it is now, locked: an admin's take-down (or another save) in the meantime is seen, not
      // overwritten with a status that no longer fits (the reason CHECK).
      const existing = firstLook ? await offerOf(tx, listing.id, firstLook.id, { lock: true }) : null;
      if (existing) checkedForm(input.values, existing, now);
      const counted = await currentOfferCount(tx, listing.id, now, existing?.id ?? null);
      // A change of an offer that already counts never needs a new place; a new one, or one taken down or
      // rejected coming back, does.
      const takesPlace = !existing || existing.status === "rejected" || existing.status === "removed";
      if (takesPlace && !hasOfferRoom(counted, allowance.current)) {
        throw new AppError("conflict", {
          title: t("No room for another offer"),
          text: t("The {{plan}} plan allows {{count}} current offers on a listing at a time. Withdraw one or wait until it ends, or choose a bigger plan.", { plan: plan.name, count: allowance.current }),
          link: pricingLink(),
        });
      }
      const values = { title: offer.title, body: offer.text, code: offer.code, startsOn: offer.startsOn, endsOn: offer.endsOn, startsAt, endsAt, updatedAt: now };
      const imageKey = photoKey ?? (input.removePhoto ? null : (existing?.imageKey ?? null));
      replacedPhoto = existing?.imageKey && existing.imageKey !== imageKey ? existing.imageKey : null;
      if (!existing) {
        const [row] = await tx.insert(businessOffers).values({ ...values, imageKey, businessId: listing.id, status: "pending" }).returning({ id: businessOffers.id });
        return { offerId: row!.id, status: "pending" as const };
      }
      // The words, the code or the photo changed: an admin sees it again before the public does.
      const reviewed = existing.title !== offer.title || existing.body !== offer.text || existing.code !== offer.code || existing.imageKey !== imageKey;
      const status = existing.status === "approved" && !reviewed ? ("approved" as const) : ("pending" as const);
      await tx
        .update(businessOffers)
        .set({ ...values, imageKey, status, ...(status === "pending" ? { reason: null, decidedAt: null, decidedBy: null } : {}) })
        .where(eq(businessOffers.id, existing.id));
      return { offerId: existing.id, status };
    });
  } catch (error) {
    await removeOfferPhotos([photoKey]);
    throw error;
  }
  // The photo replaced or removed is no longer anyone's.
  if (replacedPhoto) await removeOfferPhotos([replacedPhoto]);
  return saved;
}

/** The form's checks against the offer changed (its start may stay in the past once started; an ended one is refused). */
function checkedForm(values: OfferFormValues, existing: OfferRow | null, now: Date) {
  if (existing && existing.endsAt.getTime() <= now.getTime()) throw new AppError("conflict", OFFER_TEXTS.ended);
  const checked = checkOfferForm(values, watDate(now), { keepStart: existing && existing.startsAt.getTime() <= now.getTime() ? existing.startsOn : undefined });
  if (!checked.ok) throw new AppError("invalid", OFFER_TEXTS.correctFields, { fields: checked.fields });
  return checked.offer;
}

type OfferRow = Awaited<ReturnType<typeof offerOf>>;

async function offerOf(db: Db | Tx, businessId: string, offerId: string, { lock = false } = {}) {
  const query = db
    .select({
      id: businessOffers.id,
      title: businessOffers.title,
      body: businessOffers.body,
      code: businessOffers.code,
      imageKey: businessOffers.imageKey,
      status: businessOffers.status,
      startsOn: businessOffers.startsOn,
      startsAt: businessOffers.startsAt,
      endsAt: businessOffers.endsAt,
    })
    .from(businessOffers)
    .where(and(eq(businessOffers.id, offerId), eq(businessOffers.businessId, businessId)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new AppError("not-found", OFFER_TEXTS.notFound);
  return row;
}
