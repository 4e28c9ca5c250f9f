import type { ImgHTMLAttributes } from "react";
import { enhanceTapImage } from "../enhance/tap-image";
import { t } from "../lib/i18n/i18n";
import { useEnhance } from "./use-enhance";

export type TapImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & {
  src: string | null | undefined;
  /** Inside a link already (a gallery thumbnail): the control is a label, the link around it the way to the image. */
  inLink?: boolean;
};

/**
 * A listing image while data saver is on (ADR 32): nothing is downloaded until the visitor taps 'Show image'.
 * The frame keeps the image's size and shows its alt text. The <img> is there without `src`/`srcset` (kept in
 * data attributes: no request) and hidden; app/enhance/tap-image.ts sets them on tap, for that image only.
 * Without JavaScript, 'Show image' is a link to the image itself.
 */
export function TapImage({ src, srcSet, sizes, alt = "", width, height, className = "", inLink = false }: TapImageProps) {
  // The hydrated app runs the reader pages' behaviour on the same markup (ADR 29).
  const frame = useEnhance<HTMLSpanElement>(enhanceTapImage);
  if (!src) return <span className={`block bg-gray-100 ${className}`} />;
  const control = "rounded-full bg-white px-3 py-1 text-sm font-semibold text-brand-700 shadow-sm ring-1 ring-gray-300";
  return (
    <span ref={frame} className={`relative block overflow-hidden bg-gray-100 ${className}`} data-enhance="tap-image">
      <img data-src={src} data-srcset={srcSet} sizes={sizes} alt={alt} width={width} height={height} className="h-full w-full object-cover" hidden />
      <span className="absolute inset-0 flex flex-col items-center justify-center gap-2 p-3 text-center text-sm text-gray-700" data-tap-placeholder="">
        {alt && <span className="line-clamp-2">{alt}</span>}
        {inLink ? (
          <span className={control} data-tap="">
            {t("Show image")}
          </span>
        ) : (
          <a href={src} className={control} data-tap="" data-no-prefetch="">
            {t("Show image")}
          </a>
        )}
      </span>
    </span>
  );
}
