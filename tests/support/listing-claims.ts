/**
 * Claims of listings (issue 34): an imported listing nobody claimed, a document photo to send, a claim waiting for
 * review made through the real use case, and the notices queued for a person (read from the job queue).
 */
import { randomInt, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { businesses } from "../../db/schema";
import { createOwner, uniqueSuffix, type CreatedUser } from "../../db/seed/factories";
import { NOTICE_QUEUE } from "../../app/features/notifications/person-notices.server";
import { claimByDocument } from "../../app/features/listings/claim-by-document.server";
import { getDb, queryRows } from "../../app/lib/db.server";
import { actorFor } from "./actors";
import { fileFrom, pngImage } from "./images";

/** A public, unclaimed listing imported from OpenStreetMap, with a mobile number of its own unless `phone` is null. */
export async function importedListing(input: { phone?: string | null; name?: string } = {}) {
  const phone = input.phone === undefined ? `+234809${String(randomInt(0, 10_000_000)).padStart(7, "0")}` : input.phone;
  const [row] = await getDb()
    .insert(businesses)
    .values({
      name: input.name ?? `Imported Chemist ${uniqueSuffix()}`, category: "Pharmacy store", state: "Lagos", lga: "Ikeja", phoneNumber: phone,
      approved: true, approvalStatus: "approved", approvedAt: new Date(), source: "osm", sourceId: `node/${randomInt(0, 2 ** 47)}`,
    })
    .returning();
  return row!;
}

/** A photo of a document as a browser uploads it. */
export async function documentPhoto(name = "cac-certificate.png"): Promise<File> {
  return fileFrom(await pngImage(600, 400), name, "image/png");
}

/** An owner whose identity is verified sends a claim of `businessId` through the use case; returns the owner and the claim. */
export async function pendingClaim(businessId: string, owner?: CreatedUser, note = `It is my shop ${randomUUID()}`) {
  const claimant = owner ?? (await createOwner(getDb()));
  const sent = await claimByDocument(await actorFor(claimant), { businessId, documentKind: "utility-bill", note, document: await documentPhoto() });
  return { claimant, ...sent };
}

/** The notices (enqueueNotice) waiting to be sent to a person: their lines and paths. */
export async function noticesFor(userId: string): Promise<{ line: string; path: string; subject: string }[]> {
  return queryRows<{ line: string; path: string; subject: string }>(
    getDb(),
    sql`select data->>'line' as line, data->>'path' as path, data->>'subject' as subject from pgboss.job
        where name = ${NOTICE_QUEUE} and data->>'userId' = ${userId} order by created_on`,
  );
}
