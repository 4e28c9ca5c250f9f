import { useEffect, useState } from "react";
import type { PublicOpeningHours } from "../types";

/** setTimeout's longest wait (about 24.8 days); a later change is looked at again then. */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * 'Open now · closes 6:00 pm' as the server computed it, kept current without a reload: at the next change
 * the status is computed again in the browser (WAT, from the weekly hours and closures), with the hours module
 * loaded only then (it is not part of the page's first download).
 */
export function OpenStatus({ hours }: { hours: PublicOpeningHours }) {
  // The page keys this by business, so another business starts from its own server status.
  const [status, setStatus] = useState(hours.status);
  useEffect(() => {
    if (!status.changesAt) return;
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, Date.parse(status.changesAt) - Date.now()) + 1000);
    const timer = setTimeout(() => {
      void import("../../../lib/opening-hours").then(({ openingStatus }) => setStatus(openingStatus(hours.weekly, hours.closures, new Date())));
    }, wait);
    return () => clearTimeout(timer);
  }, [status, hours.weekly, hours.closures]);
  return (
    <p className={`font-semibold ${status.open ? "text-green-700" : "text-red-700"}`} data-open-status={status.open ? "open" : "closed"}>
      {status.changesAt ? <time dateTime={status.changesAt}>{status.text}</time> : status.text}
    </p>
  );
}
