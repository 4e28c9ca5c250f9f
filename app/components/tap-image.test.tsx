import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DataSaverContext } from "./data-saver";
import { SafeImage } from "./safe-image";

const SRC = "/media/business-images/a/b.webp?w=640&v=1";
const SRCSET = "/media/business-images/a/b.webp?w=320&v=1 320w, /media/business-images/a/b.webp?w=640&v=1 640w";

function render(dataSaver: boolean, props: { inLink?: boolean; src?: string | null; alt?: string } = {}) {
  return renderToString(
    <DataSaverContext value={dataSaver}>
      <SafeImage src={SRC} srcSet={SRCSET} sizes="100vw" alt="Mama Put Kitchen" width={640} height={480} loading="lazy" className="aspect-video" {...props} />
    </DataSaverContext>,
  );
}

describe("a listing image with data saver on (ADR 32)", () => {
  it("is loaded as usual when data saver is off", () => {
    const html = render(false);
    expect(html).toMatch(/<img [^>]*srcSet="[^"]*320w/);
    expect(html).toContain(`src="${SRC.replaceAll("&", "&amp;")}"`);
    expect(html).not.toContain("Show image");
  });

  it("carries no src or srcset, only a same-size frame with the alt text and a link to the image (never prefetched)", () => {
    const html = render(true);
    expect(html).not.toMatch(/\ssrc(set)?=/i);
    expect(html).toContain(`data-src="${SRC.replaceAll("&", "&amp;")}"`);
    expect(html).toMatch(/data-srcset="[^"]*640w"/);
    expect(html).toMatch(/<span class="relative block overflow-hidden bg-gray-100 aspect-video" data-enhance="tap-image">/);
    expect(html).toMatch(/<img [^>]*hidden=""/);
    expect(html).toContain('<span class="line-clamp-2">Mama Put Kitchen</span>');
    expect(html).toMatch(new RegExp(`<a href="${SRC.replaceAll("?", "\\?").replaceAll("&", "&amp;")}"[^>]*data-tap="" data-no-prefetch="">Show image</a>`));
  });

  it("inside a link already, the control is a label (no link in a link)", () => {
    const html = render(true, { inLink: true });
    expect(html).not.toContain("<a ");
    expect(html).toMatch(/<span [^>]*data-tap="">Show image<\/span>/);
  });

  it("without an image, keeps the frame's size and offers nothing to show", () => {
    const html = render(true, { src: null });
    expect(html).toBe('<span class="block bg-gray-100 aspect-video"></span>');
  });
});
