import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { refreshScheduler } from "./refresh-scheduler";

describe("refreshScheduler (the live stream's page refresh)", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("refreshes once after the delay, however many events ask meanwhile", () => {
    const revalidate = vi.fn();
    const { soon } = refreshScheduler(() => false, revalidate);
    soon(500);
    soon(0);
    soon(100);
    vi.advanceTimersByTime(499);
    expect(revalidate).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revalidate).toHaveBeenCalledTimes(1);
    soon(0);
    vi.advanceTimersByTime(0);
    expect(revalidate).toHaveBeenCalledTimes(2);
  });

  it("never interrupts a navigation: it waits until the navigation is done, then refreshes once", () => {
    let navigating = true;
    const revalidate = vi.fn();
    const { soon } = refreshScheduler(() => navigating, revalidate);
    soon(300);
    vi.advanceTimersByTime(5_000);
    expect(revalidate).not.toHaveBeenCalled();
    soon(0);
    navigating = false;
    vi.advanceTimersByTime(300);
    expect(revalidate).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(5_000);
    expect(revalidate).toHaveBeenCalledTimes(1);
  });

  it("does nothing once cancelled (the bell unmounted)", () => {
    const revalidate = vi.fn();
    const { soon, cancel } = refreshScheduler(() => false, revalidate);
    soon(100);
    cancel();
    vi.advanceTimersByTime(1_000);
    expect(revalidate).not.toHaveBeenCalled();
  });
});
