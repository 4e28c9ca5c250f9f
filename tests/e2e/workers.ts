import { availableParallelism } from "node:os";

/**
 * How many journeys run at once, each against a production server of its own (E2E_WORKERS overrides): one per
 * core, at most four (each adds a server). Measured on CI's two cores with the headless shell (ADR 33): one journey
 * keeps 1.3 cores busy on average (it waits on its server and on page loads), two keep 1.85 busy; the step took
 * 387 s with one worker and about 330 s with two.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.min(4, availableParallelism())));
