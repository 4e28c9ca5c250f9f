import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createAdmin, createKycSubmission, createOwner } from "../../../db/seed/factories";
import { pngImage } from "../../../tests/support/images";
import { renderRoute, sessionCookie } from "../../../tests/support/screen-harness";
import { purgeExpiredKycDocuments } from "../../features/privacy/purge-expired-kyc-documents.server";
import { getDb } from "../../lib/db.server";
import { formatDate } from "../../lib/format";
import { getStorage } from "../../lib/storage.server";
import * as adminRoute from "./admin";

describe("/admin?tab=kyc after the retention period", () => {
  it("says when a document was deleted instead of offering it, and still offers recent ones", async () => {
    const db = getDb();
    const admin = await createAdmin(db);
    const now = new Date();
    const old = await createOwner(db, { kycStatus: "none" });
    const oldKey = `${old.id}/${randomUUID()}.webp`;
    await getStorage().put("kyc-documents", oldKey, await pngImage(20, 20), "image/webp");
    // Submitted in the future so these two lead the list (newest first), whatever else the file made.
    await createKycSubmission(db, {
      userId: old.id, fullName: "Old Decision", idImageUrl: oldKey, status: "approved", reviewedBy: admin.id,
      submittedAt: new Date(now.getTime() + 60_000), reviewedAt: new Date(now.getTime() - 100 * 86_400_000),
    });
    const recent = await createOwner(db, { kycStatus: "none" });
    const recentKey = `${recent.id}/${randomUUID()}.webp`;
    await getStorage().put("kyc-documents", recentKey, await pngImage(20, 20), "image/webp");
    await createKycSubmission(db, {
      userId: recent.id, fullName: "Recent Decision", idImageUrl: recentKey, status: "rejected", reviewedBy: admin.id,
      submittedAt: new Date(now.getTime() + 30_000), reviewedAt: new Date(now.getTime() - 86_400_000),
    });
    await purgeExpiredKycDocuments(now);

    const shown = await renderRoute(adminRoute, "/admin?tab=kyc", { cookie: await sessionCookie(admin.email) });
    if (shown.kind !== "page") throw new Error("expected the admin page");
    const oldCard = shown.text.slice(shown.text.indexOf("Old Decision"), shown.text.indexOf("Recent Decision"));
    expect(oldCard).toContain(`Document deleted on ${formatDate(now)} (kept 90 days after the decision)`);
    expect(oldCard).not.toContain("View ID document");
    const recentCard = shown.text.slice(shown.text.indexOf("Recent Decision"));
    expect(recentCard.slice(0, 600)).toContain("View ID document");
  });
});
