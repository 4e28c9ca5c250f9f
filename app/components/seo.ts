import type { MetaDescriptor } from "react-router";
import { currentLocale } from "~/lib/i18n/i18n";
import { OG_LOCALES } from "~/lib/i18n/locales";
import { SITE_NAME } from "./site";

export type PageSeo = {
  title: string;
  description: string;
  /** Absolute URLs, made on the server from PUBLIC_URL. */
  canonical: string;
  /**
   * A JPEG or PNG (WhatsApp does not show WebP previews), absolute; best with its size and type so
   * previews render at once.
   */
  image: string | ShareImage;
};

export type ShareImage = { url: string; width: number; height: number; type: string; alt: string };

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function seoMeta({ title, description, canonical, image: given }: PageSeo, type = "website"): MetaDescriptor[] {
  const image = typeof given === "string" ? { url: given } : given;
  const imageDetails: MetaDescriptor[] =
    "width" in image
      ? [
          { property: "og:image:type", content: image.type },
          { property: "og:image:width", content: String(image.width) },
          { property: "og:image:height", content: String(image.height) },
          { property: "og:image:alt", content: image.alt },
        ]
      : [];
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:locale", content: OG_LOCALES[currentLocale()] },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image.url },
    ...imageDetails,
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image.url },
    ...("alt" in image ? [{ name: "twitter:image:alt", content: image.alt }] : []),
  ];
}

/** Text shortened to at most max characters at a word boundary, for meta descriptions. */
export function excerpt(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, "")}…`;
}
