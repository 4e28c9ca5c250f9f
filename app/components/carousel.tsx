import type { ReactNode } from "react";
import { enhanceCarousel } from "~/enhance/carousel";
import { t } from "~/lib/i18n/i18n";
import { carouselStopTexts, type CarriedTexts } from "./enhance-texts";
import { useEnhance } from "./use-enhance";

/**
 * Auto-advancing slides with stop, previous/next and dot controls (WAI-ARIA carousel pattern). The markup is
 * rendered here; the behaviour is `app/enhance/carousel.ts` (ADR 29), on reader pages and in the app alike.
 * Without JavaScript the first slide shows. The stop button carries its names in the page's language
 * (enhance-texts.ts): the behaviour switches between them.
 */
export function Carousel({ label, intervalMs, slides }: { label: string; intervalMs: number; slides: ReactNode[] }) {
  const ref = useEnhance<HTMLElement>(enhanceCarousel);
  const control = (icon: string, name: string, action: string, texts?: CarriedTexts) => (
    <button type="button" data-carousel={action} aria-label={name} {...texts} className="icon-btn bg-white/90 shadow">
      <span className={`i ${icon} h-4 w-4`} />
    </button>
  );
  return (
    <section ref={ref} data-enhance="carousel" data-interval={intervalMs} aria-roledescription="carousel" aria-label={label} className="relative overflow-hidden rounded-2xl">
      <div data-slides="" aria-live="off">
        {slides.map((slide, i) => (
          <div key={i} data-slide="" role="group" aria-roledescription="slide" aria-label={t("{{number}} of {{total}}", { number: i + 1, total: slides.length })} hidden={i !== 0}>
            {slide}
          </div>
        ))}
      </div>
      <div className="absolute bottom-3 right-3 flex gap-2">
        {control("i-pause", t("Stop slide rotation"), "stop", carouselStopTexts())}
        {control("i-prev", t("Previous slide"), "prev")}
        {control("i-next", t("Next slide"), "next")}
      </div>
      <div className="absolute bottom-4 left-3 flex">
        {slides.map((_, i) => (
          <button key={i} type="button" data-carousel-dot={i} aria-label={t("Go to slide {{number}}", { number: i + 1 })} aria-current={i === 0} className="group p-2">
            <span className="block h-2.5 w-2.5 rounded-full bg-white/60 group-aria-[current=true]:w-6 group-aria-[current=true]:bg-white" />
          </button>
        ))}
      </div>
    </section>
  );
}
