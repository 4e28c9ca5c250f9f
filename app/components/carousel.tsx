import { useEffect, useState, type ReactNode } from "react";

/**
 * Auto-advancing slides with previous/next, dot and stop controls (WAI-ARIA carousel pattern).
 * Rotation pauses while the pointer or keyboard focus is inside, stops for good on the stop
 * button, and never starts for people who ask for reduced motion.
 */
export function Carousel({ label, intervalMs, slides }: { label: string; intervalMs: number; slides: ReactNode[] }) {
  const count = slides.length;
  const [index, setIndex] = useState(0);
  const [isHeld, setHeld] = useState(false);
  const [isStopped, setStopped] = useState(false);
  const rotating = !isHeld && !isStopped;

  useEffect(() => {
    if (!rotating || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), intervalMs);
    return () => clearInterval(timer);
  }, [rotating, count, intervalMs]);

  const go = (to: number) => setIndex((to + count) % count);
  const control = (icon: string, name: string, onClick: () => void) => (
    <button type="button" onClick={onClick} aria-label={name} className="icon-btn bg-white/90 shadow">
      <span className={`i ${icon} h-4 w-4`} />
    </button>
  );
  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      className="relative overflow-hidden rounded-2xl"
      onMouseEnter={() => setHeld(true)}
      onMouseLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={() => setHeld(false)}
    >
      <div aria-live={rotating ? "off" : "polite"}>
        {slides.map((slide, i) => (
          <div key={i} role="group" aria-roledescription="slide" aria-label={`${i + 1} of ${count}`} hidden={i !== index}>
            {slide}
          </div>
        ))}
      </div>
      <div className="absolute bottom-3 right-3 flex gap-2">
        {control(isStopped ? "i-play" : "i-pause", isStopped ? "Start slide rotation" : "Stop slide rotation", () => setStopped(!isStopped))}
        {control("i-prev", "Previous slide", () => go(index - 1))}
        {control("i-next", "Next slide", () => go(index + 1))}
      </div>
      <div className="absolute bottom-4 left-3 flex">
        {slides.map((_, i) => (
          <button key={i} type="button" onClick={() => go(i)} aria-label={`Go to slide ${i + 1}`} aria-current={i === index} className="group p-2">
            <span className="block h-2.5 w-2.5 rounded-full bg-white/60 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-white" />
          </button>
        ))}
      </div>
    </section>
  );
}
