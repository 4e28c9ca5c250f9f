import type { ImgHTMLAttributes } from "react";

// The frame behind every listing image is the placeholder (.img-frame in app.css): an image that
// is missing or fails to load is hidden and the placeholder shows through (spec 01 §8).
function hide(img: HTMLImageElement | null) {
  if (img) img.style.visibility = "hidden";
}

/** A listing image inside a placeholder frame; give the frame's size and shape through className. */
export function SafeImage({ src, className, ...props }: Omit<ImgHTMLAttributes<HTMLImageElement>, "src"> & { src: string | null | undefined }) {
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
