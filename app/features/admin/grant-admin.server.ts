import { admins } from "../../../db/schema";
import { getDb } from "../../lib/db.server";

/** Adds e-mails to the admins table (ADMIN_EMAILS at start-up, `cli admin:grant`). Idempotent. */
export async function grantAdmins(emails: string[]): Promise<number> {
  const values = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter(Boolean))].map((email) => ({ email }));
  if (values.length === 0) return 0;
  const inserted = await getDb().insert(admins).values(values).onConflictDoNothing().returning({ id: admins.id });
  return inserted.length;
}
