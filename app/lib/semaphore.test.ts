import { describe, expect, it } from "vitest";
import { QueueFullError, Semaphore } from "./semaphore";

/** A task that runs until the test lets it finish (or fail). */
function controlled<T>(value: T) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  let started = false;
  const task = () => {
    started = true;
    return new Promise<T>((resolve, reject) => {
      finish = () => resolve(value);
      fail = reject;
    });
  };
  return { task, finish: () => finish(), fail: (error: Error) => fail(error), started: () => started };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 1));

describe("Semaphore", () => {
  it("runs at most `limit` tasks at once and starts the waiting ones in order as slots free up", async () => {
    const semaphore = new Semaphore(2, 10);
    const tasks = [controlled("a"), controlled("b"), controlled("c"), controlled("d")];
    const results = tasks.map((t) => semaphore.run(t.task));
    await settle();
    expect(tasks.map((t) => t.started())).toEqual([true, true, false, false]);
    expect([semaphore.active, semaphore.waiting]).toEqual([2, 2]);

    tasks[1]!.finish();
    await settle();
    expect(tasks.map((t) => t.started())).toEqual([true, true, true, false]);
    expect([semaphore.active, semaphore.waiting]).toEqual([2, 1]);

    tasks[0]!.finish();
    tasks[2]!.finish();
    await settle();
    tasks[3]!.finish();
    expect(await Promise.all(results)).toEqual(["a", "b", "c", "d"]);
    expect([semaphore.active, semaphore.waiting]).toEqual([0, 0]);
  });

  it("refuses at once with QueueFullError when every slot and queue place is taken, without running the task", async () => {
    const semaphore = new Semaphore(1, 1);
    const running = controlled(1);
    const queued = controlled(2);
    const first = semaphore.run(running.task);
    const second = semaphore.run(queued.task);
    let ran = false;
    await expect(
      semaphore.run(async () => {
        ran = true;
      }),
    ).rejects.toBeInstanceOf(QueueFullError);
    expect(ran).toBe(false);
    running.finish();
    await settle();
    queued.finish();
    expect([await first, await second]).toEqual([1, 2]);
    // Room again.
    await expect(semaphore.run(async () => "later")).resolves.toBe("later");
  });

  it("frees the slot when a task fails or throws before its first await", async () => {
    const semaphore = new Semaphore(1, 0);
    const failing = controlled(0);
    const result = semaphore.run(failing.task);
    failing.fail(new Error("decode failed"));
    await expect(result).rejects.toThrow("decode failed");
    await expect(
      semaphore.run(() => {
        throw new Error("sync throw");
      }),
    ).rejects.toThrow("sync throw");
    expect(semaphore.active).toBe(0);
    await expect(semaphore.run(async () => "next")).resolves.toBe("next");
  });

  it("needs a positive limit and a queue size of zero or more", () => {
    expect(() => new Semaphore(0, 1)).toThrow();
    expect(() => new Semaphore(1, -1)).toThrow();
  });
});
