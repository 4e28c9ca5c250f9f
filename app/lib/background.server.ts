import { logger } from "./logger.server";
import { singleton } from "./singleton.server";

/**
 * Work a request starts but does not wait for (an e-mail whose sending would otherwise show in the answer's
 * timing). A failure is logged, with the request id of the request that started it. Shutdown and tests
 * wait for what is still running with `settleBackgroundTasks`.
 */
const pending = singleton("background-tasks", () => new Set<Promise<void>>());

export function runInBackground(what: string, task: () => Promise<unknown>): void {
  const promise: Promise<void> = Promise.resolve()
    .then(task)
    .then(
      () => undefined,
      (error: unknown) => logger.error({ err: error }, `${what} failed`),
    )
    .finally(() => pending.delete(promise));
  pending.add(promise);
}

/** Waits until every background task (including any they start) has finished. */
export async function settleBackgroundTasks(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}
