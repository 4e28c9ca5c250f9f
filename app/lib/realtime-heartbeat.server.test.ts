import { afterEach, describe, expect, it, vi } from "vitest";
import { getDatabase } from "./db.server";
import { RealtimeHub, type RealtimeSubscriber } from "./realtime.server";

// Heartbeats keep proxies from closing quiet streams (HAProxy: 60 s). They go out in slices (ADR 26): every
// stream gets one every 20 s, but a process's streams never all in the same tick.
describe("realtime heartbeats", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("reach every stream once per 20 s, at most a twentieth of them per tick", async () => {
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const hub = new RealtimeHub(getDatabase());
    await hub.ready();
    const beats = new Map<number, number>();
    let perTick = 0;
    let largestTick = 0;
    const unsubscribe: (() => void)[] = [];
    for (let i = 0; i < 400; i++) {
      const subscriber: RealtimeSubscriber = {
        userId: `heartbeat-${i}`,
        deliver: () => undefined,
        heartbeat: () => {
          beats.set(i, (beats.get(i) ?? 0) + 1);
          perTick++;
        },
        close: () => undefined,
      };
      unsubscribe.push(hub.subscribe(subscriber));
    }
    for (let tick = 0; tick < 40; tick++) {
      perTick = 0;
      vi.advanceTimersByTime(1_000);
      largestTick = Math.max(largestTick, perTick);
    }
    // 40 s: two heartbeats each, whatever slice it fell in; 400 streams at 20 a tick.
    expect(beats.size).toBe(400);
    expect(new Set(beats.values())).toEqual(new Set([2]));
    expect(largestTick).toBe(20);
    // A stream that leaves gets none after.
    unsubscribe[0]!();
    vi.advanceTimersByTime(20_000);
    expect(beats.get(0)).toBe(2);
    expect(beats.get(1)).toBe(3);
    for (const off of unsubscribe.slice(1)) off();
    await hub.stop();
  });
});
