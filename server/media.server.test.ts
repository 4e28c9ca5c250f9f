import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CARD_MAX_BYTES, normalizeImage } from "../app/lib/images.server";
import { imageUrl, shareImageUrl } from "../app/lib/image-url";
import { getStorage } from "../app/lib/storage.server";
import { testApp } from "../tests/support/server";

/** A picture as detailed as it gets: noise, which compresses worse than any photo. */
async function detailedPhoto(width = 1600, height = 1200): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  let seed = 7;
  for (let i = 0; i < raw.length; i++) {
    seed = (seed * 1103515245 + 12345) >>> 0;
    raw[i] = (seed >>> 16) & 0xff;
  }
  const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } }).blur(0.6).jpeg({ quality: 92 }).toBuffer();
  return (await normalizeImage(jpeg)).data;
}

async function stored(key: string, image: Buffer) {
  await getStorage().put("business-images", key, image, "image/webp");
  return key;
}

describe("/media/business-images", () => {
  it("serves WebP at each width with a year of caching when versioned; card thumbnails stay within 30 KB", async () => {
    const key = await stored("media-test/photo.webp", await detailedPhoto());
    const app = testApp();
    for (const width of [320, 640, 1200]) {
      const response = await app.request(imageUrl(key, width, new Date("2026-01-01T00:00:00Z")));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await response.arrayBuffer());
      const shown = (await sharp(body).metadata()).width!;
      if (width > 640) expect(shown).toBe(width);
      else {
        // Even pure noise fits the card budget: at a lower quality, else a little narrower.
        expect(body.length).toBeLessThanOrEqual(CARD_MAX_BYTES);
        expect(shown).toBeLessThanOrEqual(width);
        expect(shown).toBeGreaterThan(width / 2);
      }
    }
    const unversioned = await app.request(imageUrl(key, 640));
    expect(unversioned.headers.get("Cache-Control")).toBe("public, max-age=3600");
  });

  it("makes the link-preview JPEG at 1200×630 for WhatsApp and social sites", async () => {
    const key = await stored("media-test/share.webp", await detailedPhoto(900, 1200));
    const response = await testApp().request(shareImageUrl(key, 1));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("changes the address when the image changes (the version), so year-long caching is safe", () => {
    expect(imageUrl("a/b.webp", 640, new Date(1))).not.toBe(imageUrl("a/b.webp", 640, new Date(2)));
    expect(imageUrl(null, 640)).toBe("/placeholder.svg");
  });

  it("refuses other sizes and formats, and answers 404 for unknown or unsafe keys", async () => {
    const key = await stored("media-test/small.webp", await detailedPhoto(400, 300));
    const app = testApp();
    expect((await app.request(`/media/business-images/${key}?w=500`)).status).toBe(400);
    expect((await app.request(`/media/business-images/${key}?w=640&format=png`)).status).toBe(400);
    expect((await app.request(`/media/business-images/${key}?w=640&format=jpg`)).status).toBe(400);
    expect((await app.request("/media/business-images/media-test/missing.webp?w=640")).status).toBe(404);
    expect((await app.request("/media/business-images/..%2Fauth-secret?w=640")).status).toBe(404);
  });
});
