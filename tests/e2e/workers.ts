import { availableParallelism } from "node:os";

/**
 * How many journeys run at once, each against a production server of its own (E2E_WORKERS overrides). One per
 * two cores: a journey keeps chromium busy on more than one core (a new page and its load cost 0.5–0.8 s of CPU
 * on CI's machine), so on two cores a second worker only shares the CPU (measured: 526 s with one, 520 s with two).
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? Math.floor(availableParallelism() / 2)));
