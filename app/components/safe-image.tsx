import type { ImgHTMLAttributes } from "react";
import { useDataSaver } from "./data-saver";
import { TapImage } from "./tap-image";

// The frame behind every listing image is the placeholder (.img-frame in app.css): an image that
// is missing or fails to load is hidden and the placeholder shows through (spec 01 §8).
function hide(img: HTMLImageElement | null) {
  if (img) img.style.visibility = "hidden";
}

/**
 * A listing image inside a placeholder frame; give the frame's size and shape through className. With data saver
 * on, the same frame waits for a tap instead (TapImage; `inLink` when a link around it already leads to the image).
 */
export function SafeImage({
  src,
  className,
  inLink,
  ...props
}: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined; inLink?: boolean }) {
  if (useDataSaver()) return <TapImage {...props} src={src} className={className} inLink={inLink} />;
  return (
    <span className={`img-frame block ${className}`}>
      {src && (
        <img
          {...props}
          src={src}
          className="h-full w-full object-cover"
          onError={(event) => hide(event.currentTarget)}
          // An image that failed before the page's JavaScript ran never fires onError for React.
          ref={(img) => {
            if (img?.complete && !img.naturalWidth) hide(img);
          }}
        />
      )}
    </span>
  );
}
