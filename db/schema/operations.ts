import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/**
 * Scheduled jobs run once per tick across every process (server/scheduler.ts): each tick a process claims
 * (job, slot) with an insert that only one process can win; the winner runs the job and records how it went.
 * The slot is the start of the job's interval (date_bin). Rows older than a week are pruned by the scheduler.
 */
export const jobRuns = pgTable(
  "job_runs",
  {
    job: text("job").notNull(),
    slot: ts("slot").notNull(),
    /** Who ran it: '<pid>@<host>'. */
    ranBy: text("ran_by").notNull(),
    startedAt: ts("started_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
    /** null while running (or when the process died mid-run). */
    outcome: text("outcome"),
    /** A failure's message, scrubbed of values and cut short. */
    error: text("error"),
  },
  (t) => [
    primaryKey({ columns: [t.job, t.slot] }),
    check("job_runs_outcome_check", sql`${t.outcome} in ('ok', 'failed')`),
    index("job_runs_slot_idx").on(t.slot),
  ],
);
