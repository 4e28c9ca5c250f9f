import { describe, expect, it } from "vitest";
import { IMAGE_WIDTHS, imageUrl, PLACEHOLDER_IMAGE, shareImageUrl } from "./image-url";

describe("imageUrl", () => {
  it("points at the media route with the width asked", () => {
    expect(imageUrl("biz-1/photo.webp", IMAGE_WIDTHS.card)).toBe("/media/business-images/biz-1/photo.webp?w=640");
  });

  it("adds a version that changes with the image (number, string or date)", () => {
    expect(imageUrl("a/b.webp", IMAGE_WIDTHS.thumb, 17)).toBe("/media/business-images/a/b.webp?w=320&v=17");
    expect(imageUrl("a/b.webp", IMAGE_WIDTHS.thumb, "x y")).toBe("/media/business-images/a/b.webp?w=320&v=x%20y");
    expect(imageUrl("a/b.webp", IMAGE_WIDTHS.detail, new Date(1_700_000_000_000))).toBe(
      "/media/business-images/a/b.webp?w=1200&v=1700000000000",
    );
  });

  it("encodes each path segment but keeps the slashes", () => {
    expect(imageUrl("biz 1/ph?oto#1.webp", 320)).toBe("/media/business-images/biz%201/ph%3Foto%231.webp?w=320");
  });

  it("falls back to the placeholder without a key", () => {
    expect(imageUrl(null, 320)).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrl(undefined, 320)).toBe(PLACEHOLDER_IMAGE);
    expect(imageUrl("", 320)).toBe(PLACEHOLDER_IMAGE);
  });

  it("points at a CDN's origin in front of /media when given one (images and link previews; the placeholder stays ours)", () => {
    expect(imageUrl("a/b.webp", 640, 5, "https://cdn.example")).toBe("https://cdn.example/media/business-images/a/b.webp?w=640&v=5");
    expect(shareImageUrl("a/b.webp", 5, "https://cdn.example")).toBe("https://cdn.example/media/business-images/a/b.webp?w=1200&format=jpg&v=5");
    expect(imageUrl(null, 640, 5, "https://cdn.example")).toBe(PLACEHOLDER_IMAGE);
  });
});
