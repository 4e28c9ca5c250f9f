import { useEnhance } from "~/components/use-enhance";
import { enhanceOpenStatus } from "~/enhance/open-status";
import type { TimedStatus } from "../../../lib/opening-hours";

/**
 * 'Open now · closes 6:00 pm' as the server computed it, kept current without a reload: the server sends the
 * statuses ahead (each with the instant it starts) and `app/enhance/open-status.ts` moves to the next one when its
 * time comes (ADR 21, ADR 29).
 */
export function OpenStatus({ timeline }: { timeline: TimedStatus[] }) {
  const ref = useEnhance<HTMLParagraphElement>(enhanceOpenStatus);
  const status = timeline[0]!;
  // Only what the behaviour uses: when each step starts, open or not, its text and time.
  const steps = timeline.map(({ from, open, text, changesAt }) => ({ from, open, text, changesAt }));
  return (
    <p
      ref={ref}
      data-enhance="open-status"
      data-timeline={JSON.stringify(steps)}
      data-open-status={status.open ? "open" : "closed"}
      className={`font-semibold ${status.open ? "text-green-700" : "text-red-700"}`}
    >
      {status.changesAt ? <time dateTime={status.changesAt}>{status.text}</time> : status.text}
    </p>
  );
}
