/** One step of a listing's opening status, as the server computed it (ADR 21). */
export type TimedStatus = { from: string; open: boolean; text: string; changesAt: string | null };

/** setTimeout's longest wait (about 24.8 days). */
const MAX_WAIT_MS = 2 ** 31 - 1;

/**
 * 'Open now · closes 6:00 pm' kept current without a reload: the server sends the statuses ahead (each with the
 * instant it starts) in `data-timeline`, and one timer at a time moves to the next.
 */
export function enhanceOpenStatus(element: HTMLElement): () => void {
  const timeline = JSON.parse(element.dataset.timeline ?? "[]") as TimedStatus[];
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = (index: number) => {
    const status = timeline[index];
    if (!status) return;
    element.dataset.openStatus = status.open ? "open" : "closed";
    element.classList.toggle("text-green-700", status.open);
    element.classList.toggle("text-red-700", !status.open);
    if (status.changesAt) {
      const time = document.createElement("time");
      time.dateTime = status.changesAt;
      time.textContent = status.text;
      element.replaceChildren(time);
    } else element.textContent = status.text;
    const next = timeline[index + 1];
    if (next) timer = setTimeout(() => show(index + 1), Math.min(MAX_WAIT_MS, Math.max(0, Date.parse(next.from) - Date.now())));
  };
  // The page may be a copy made a little earlier (ADR 28): start from the status in force now.
  let now = 0;
  while (timeline[now + 1] && Date.parse(timeline[now + 1]!.from) <= Date.now()) now++;
  show(now);
  return () => clearTimeout(timer);
}
