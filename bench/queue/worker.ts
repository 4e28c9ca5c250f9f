/**
 * One more worker process for `bench/queue/run.ts --workers P` (PostgreSQL only): what another server process does
 * with the queue (`startJobQueue` on its own pool, the app's default of 10 connections), reporting each delivery to
 * the bench over IPC. Started by run.ts; not meant to be run by hand.
 *
 *   BENCH_QUEUE_URL, BENCH_QUEUE_WORK_MS, BENCH_QUEUE_POLLING_SECONDS
 *   messages in: "start" (start the workers), "cpu" (answer with process.cpuUsage()), "stop"
 *   messages out: { type: "ready" }, { type: "ran", seq, startedAt }, { type: "cpu", usage }, { type: "stopped" }
 */
import { openDatabase, useDatabase } from "../../app/lib/db.server";
import { startJobQueue, stopJobQueue } from "../../app/lib/jobs.server";
import { BENCH_QUEUE, benchHandler, type BenchJob } from "./shared";

type Message = "start" | "cpu" | "stop";

async function main() {
  const send = (message: object) => process.send!(message);
  const database = await openDatabase({ kind: "postgres", url: process.env.BENCH_QUEUE_URL! });
  useDatabase(database);
  const workMs = Number(process.env.BENCH_QUEUE_WORK_MS ?? 0);
  const pollingIntervalSeconds = Number(process.env.BENCH_QUEUE_POLLING_SECONDS ?? 1);
  const handler = benchHandler(workMs, (seq, startedAt) => send({ type: "ran", seq, startedAt }));
  process.on("message", (message: Message) => {
    void (async () => {
      if (message === "start") {
        await startJobQueue(database, { [BENCH_QUEUE]: (job: BenchJob) => handler(job) }, { pollingIntervalSeconds });
      } else if (message === "cpu") {
        send({ type: "cpu", usage: process.cpuUsage() });
      } else if (message === "stop") {
        await stopJobQueue();
        await database.close();
        send({ type: "stopped" });
        process.disconnect();
      }
    })();
  });
  send({ type: "ready" });
}

void main();
