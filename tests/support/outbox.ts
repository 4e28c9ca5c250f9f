/**
 * The development outbox as a person would find it a moment later: the due jobs run first (what every server
 * process's workers do within a second, ADR 34), then the outbox is read, newest first.
 */
import { listOutbox } from "../../app/lib/email.server";
import { runDueJobs } from "../../app/lib/jobs.server";
import { JOB_HANDLERS } from "../../server/jobs";

export async function deliveredMail(limit?: number): ReturnType<typeof listOutbox> {
  await runDueJobs(JOB_HANDLERS);
  return listOutbox(limit);
}
