-- Scheduled jobs run once per tick across every process on one database (server/scheduler.ts). Each tick a
-- process claims (job, slot) with INSERT ... ON CONFLICT DO NOTHING RETURNING: the primary key lets exactly
-- one process win a slot; the winner runs the job and records finished_at, outcome and a scrubbed error.
-- slot = date_bin(<the job's interval>, now(), epoch). Rows older than a week are pruned by a job.
CREATE TABLE "job_runs" (
	"job" text NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"ran_by" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"outcome" text,
	"error" text,
	CONSTRAINT "job_runs_job_slot_pk" PRIMARY KEY("job","slot"),
	CONSTRAINT "job_runs_outcome_check" CHECK ("job_runs"."outcome" in ('ok', 'failed'))
);
--> statement-breakpoint
-- The pruning job deletes by slot.
CREATE INDEX "job_runs_slot_idx" ON "job_runs" USING btree ("slot");
