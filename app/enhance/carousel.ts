/**
 * Auto-advancing slides with stop, previous, next and dot controls (WAI-ARIA carousel pattern), on the markup
 * `Carousel` renders: slides `[data-slide]` (all but the first `hidden`), buttons `[data-carousel=stop|prev|next]`,
 * dots `[data-carousel-dot]`. Rotation pauses while the pointer or keyboard focus is inside, stops for good on the
 * stop button, and never starts for people who ask for reduced motion. The stop button's names in the page's language
 * are in its data-text-stop/data-text-start (rendered by the component; English when missing).
 */
export function enhanceCarousel(root: HTMLElement): () => void {
  const slides = [...root.querySelectorAll<HTMLElement>("[data-slide]")];
  const dots = [...root.querySelectorAll<HTMLElement>("[data-carousel-dot]")];
  const live = root.querySelector<HTMLElement>("[data-slides]");
  const stop = root.querySelector<HTMLButtonElement>("[data-carousel=stop]");
  const interval = Number(root.dataset.interval) || 5000;
  const still = matchMedia("(prefers-reduced-motion: reduce)").matches;
  let index = 0;
  let held = false;
  let stopped = false;
  let timer: ReturnType<typeof setInterval> | undefined;

  const show = (to: number) => {
    index = (to + slides.length) % slides.length;
    slides.forEach((slide, i) => (slide.hidden = i !== index));
    dots.forEach((dot, i) => dot.setAttribute("aria-current", String(i === index)));
  };
  const schedule = () => {
    clearInterval(timer);
    const rotating = !held && !stopped;
    live?.setAttribute("aria-live", rotating ? "off" : "polite");
    if (rotating && !still && slides.length > 1) timer = setInterval(() => show(index + 1), interval);
  };
  const hold = (value: boolean) => () => {
    held = value;
    schedule();
  };
  const onClick = (event: Event) => {
    const button = (event.target as Element).closest<HTMLElement>("[data-carousel], [data-carousel-dot]");
    if (!button) return;
    const action = button.dataset.carousel;
    if (action === "prev") show(index - 1);
    else if (action === "next") show(index + 1);
    else if (action === "stop" && stop) {
      stopped = !stopped;
      stop.setAttribute("aria-label", stopped ? (stop.dataset.textStart ?? "Start slide rotation") : (stop.dataset.textStop ?? "Stop slide rotation"));
      stop.firstElementChild?.classList.replace(stopped ? "i-pause" : "i-play", stopped ? "i-play" : "i-pause");
      schedule();
    } else if (button.dataset.carouselDot) show(Number(button.dataset.carouselDot));
  };
  const listeners: [string, EventListener][] = [
    ["click", onClick],
    ["mouseenter", hold(true)],
    ["mouseleave", hold(false)],
    ["focusin", hold(true)],
    ["focusout", hold(false)],
  ];
  for (const [type, listener] of listeners) root.addEventListener(type, listener);
  schedule();
  return () => {
    clearInterval(timer);
    for (const [type, listener] of listeners) root.removeEventListener(type, listener);
  };
}
