import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { kycSubmissions } from "../db/schema";
import { createAdmin, createKycSubmission, createOwner } from "../db/seed/factories";
import { pngImage } from "../tests/support/images";
import { getDb } from "../app/lib/db.server";
import { getStorage } from "../app/lib/storage.server";
import { startScheduler } from "./scheduler";

describe("the scheduler", () => {
  it("deletes KYC documents past their retention on its own", async () => {
    const db = getDb();
    const admin = await createAdmin(db);
    const owner = await createOwner(db, { kycStatus: "none" });
    const key = `${owner.id}/${randomUUID()}.webp`;
    await getStorage().put("kyc-documents", key, await pngImage(20, 20), "image/webp");
    const expired = await createKycSubmission(db, {
      userId: owner.id, idImageUrl: key, status: "approved", reviewedBy: admin.id,
      submittedAt: new Date(Date.now() - 400 * 86_400_000), reviewedAt: new Date(Date.now() - 365 * 86_400_000),
    });
    const scheduler = startScheduler(60_000);
    try {
      const deadline = Date.now() + 20_000;
      while ((await getStorage().read("kyc-documents", key)) !== null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
      // The row is marked once the transaction commits.
      let row;
      do {
        [row] = await db.select({ key: kycSubmissions.idImageUrl, purgedAt: kycSubmissions.documentPurgedAt }).from(kycSubmissions).where(eq(kycSubmissions.id, expired.id));
        if (row?.purgedAt) break;
        await new Promise((r) => setTimeout(r, 100));
      } while (Date.now() < deadline);
      expect(await getStorage().read("kyc-documents", key)).toBeNull();
      expect(row).toMatchObject({ key: null, purgedAt: expect.any(Date) });
    } finally {
      scheduler.stop();
    }
  });
});
