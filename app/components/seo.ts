import type { MetaDescriptor } from "react-router";
import { SITE_NAME } from "./site";

export type PageSeo = {
  title: string;
  description: string;
  /** Absolute URLs, made on the server from PUBLIC_URL. */
  canonical: string;
  image: string;
};

/** Title, description, canonical link, Open Graph and Twitter card tags for a page. */
export function seoMeta({ title, description, canonical, image }: PageSeo, type = "website"): MetaDescriptor[] {
  return [
    { title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: type },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
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
