import { sql, type SQL } from "drizzle-orm";
import { businesses } from "../../../../db/schema";
import { getDb, queryRows } from "../../../lib/db.server";

/**
 * The planner's estimate of how many listings a condition keeps: planning only, nothing is read (a fraction of a
 * millisecond). The searches use it to choose between gathering the matches and reading an index in order.
 */
export async function plannerRows(where: SQL): Promise<number> {
  const [row] = await queryRows<{ "QUERY PLAN": unknown }>(getDb(), sql`explain (format json) select 1 from ${businesses} where ${where}`);
  const plan = row?.["QUERY PLAN"];
  const parsed = (typeof plan === "string" ? JSON.parse(plan) : plan) as [{ Plan: { "Plan Rows": number } }] | undefined;
  return Number(parsed?.[0]?.Plan?.["Plan Rows"] ?? 0);
}
