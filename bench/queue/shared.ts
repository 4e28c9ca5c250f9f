/**
 * What the queue bench's processes share: the queue's name, the clock, and the handler that records a delivery.
 */

/** The bench's own queue (made at the start, dropped at the end): no real handler works it, nothing is sent. */
export const BENCH_QUEUE = "bench-deliveries";

/** The settings of the app's delivery queues (db/migrations/0031…0033: standard, 8 retries from 10 s, backoff). */
export const BENCH_QUEUE_OPTIONS = { policy: "standard", retryLimit: 8, retryDelay: 10, retryBackoff: true } as const;

/** What a bench job carries: its number, its phase, and when it was enqueued (ms since the epoch). */
export type BenchJob = { seq: number; phase: string; at: number };

/** Wall-clock milliseconds with sub-millisecond resolution, comparable between processes on one machine. */
export const now = (): number => performance.timeOrigin + performance.now();

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * The delivery: notes when it started (before any work), then awaits `workMs` (0: no I/O at all, so what is measured
 * is the queue's own cost; 20: a stand-in for an SMTP or SMS provider's answer).
 */
export function benchHandler(workMs: number, onRun: (seq: number, startedAt: number) => void) {
  return async (job: BenchJob): Promise<void> => {
    onRun(job.seq, now());
    if (workMs > 0) await sleep(workMs);
  };
}
