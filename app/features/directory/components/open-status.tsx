import { useEffect, useState } from "react";
import type { TimedStatus } from "../../../lib/opening-hours";

/** setTimeout's longest wait (about 24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * 'Open now · closes 6:00 pm' as the server computed it, kept current without a reload: the server sends the
 * statuses ahead (each with the instant it starts), and one timer at a time moves to the next (ADR 21).
 */
export function OpenStatus({ timeline }: { timeline: TimedStatus[] }) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const next = timeline[index + 1];
    if (!next) return;
    const timer = setTimeout(() => setIndex(index + 1), Math.min(MAX_WAIT_MS, Math.max(0, Date.parse(next.from) - Date.now())));
    return () => clearTimeout(timer);
  }, [index, timeline]);
  const status = timeline[index]!;
  return (
    <p className={`font-semibold ${status.open ? "text-green-700" : "text-red-700"}`} data-open-status={status.open ? "open" : "closed"}>
      {status.changesAt ? <time dateTime={status.changesAt}>{status.text}</time> : status.text}
    </p>
  );
}
