/** Thrown by Semaphore.run when every slot is busy and the queue is full: the caller should say 'try again'. */
export class QueueFullError extends Error {
  constructor() {
    super("queue full");
    this.name = "QueueFullError";
  }
}

/**
 * Runs at most `limit` tasks at once; up to `maxWaiting` more wait their turn in order, and any beyond
 * that are refused at once (QueueFullError) rather than piling up memory and latency.
 */
export class Semaphore {
  #active = 0;
  readonly #waiting: Array<() => void> = [];

  constructor(
    readonly limit: number,
    readonly maxWaiting: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error(`Semaphore limit must be a positive integer, got ${limit}`);
    if (!Number.isInteger(maxWaiting) || maxWaiting < 0) throw new Error(`Semaphore queue must be 0 or more, got ${maxWaiting}`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.#active;
  }

  /** Tasks waiting for a slot. */
  get waiting(): number {
    return this.#waiting.length;
  }

  async run<T>(task: () => Promise<T> | T): Promise<T> {
    if (this.#active < this.limit) {
      this.#active++;
    } else if (this.#waiting.length < this.maxWaiting) {
      // The slot is handed over by release(): #active stays counted for us.
      await new Promise<void>((resolve) => this.#waiting.push(resolve));
    } else {
      throw new QueueFullError();
    }
    try {
      return await task();
    } finally {
      this.#release();
    }
  }

  #release(): void {
    const next = this.#waiting.shift();
    if (next) next();
    else this.#active--;
  }
}
