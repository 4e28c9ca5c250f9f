import { existsSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { getEnv } from "./env.server";
import { getImageVariant, IMAGE_WIDTHS, ImageTooLargeError, InvalidImageError, MAX_STORED_SIDE, normalizeImage } from "./images.server";
import { LIMITS } from "./reference";
import { getStorage } from "./storage.server";
import { runsOnce } from "../../tests/support/database-kind";
import { pixelBombPng } from "../../tests/support/images";

function photo(width: number, height: number, format: "jpeg" | "png" | "webp" | "gif" | "tiff" = "jpeg") {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .withExif({ IFD0: { Copyright: "secret-owner", Artist: "Ada" } })
    .toFormat(format)
    .toBuffer();
}

describe.runIf(runsOnce)("normalizeImage", () => {
  it("re-encodes a JPEG to WebP and drops its metadata", async () => {
    const input = await photo(800, 600);
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const result = await normalizeImage(input);
    const meta = await sharp(result.data).metadata();
    expect(result.format).toBe("jpeg");
    expect(meta.format).toBe("webp");
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(result.data.includes(Buffer.from("secret-owner"))).toBe(false);
    expect([result.width, result.height]).toEqual([800, 600]);
  });

  it(`shrinks to at most ${MAX_STORED_SIDE}px on the longest side, never enlarges`, async () => {
    const big = await normalizeImage(await photo(3200, 1000, "png"));
    expect([big.width, big.height]).toEqual([MAX_STORED_SIDE, 500]);
    const small = await normalizeImage(await photo(100, 50, "webp"));
    expect([small.width, small.height]).toEqual([100, 50]);
  });

  it("decides by content: refuses text and every format but JPEG, PNG and WebP before any decoder sees it", async () => {
    await expect(normalizeImage(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'></svg>"))).rejects.toBeInstanceOf(InvalidImageError);
    await expect(normalizeImage(Buffer.from("just some text"))).rejects.toThrow("not a JPEG, PNG or WebP image");
    await expect(normalizeImage(await photo(10, 10, "gif"))).rejects.toThrow("not a JPEG, PNG or WebP image");
    await expect(normalizeImage(await photo(10, 10, "tiff"))).rejects.toThrow("not a JPEG, PNG or WebP image");
  });

  it(`accepts a 48-megapixel phone photo and refuses anything over ${LIMITS.imageMaxPixels / 1_000_000} megapixels from its header`, async () => {
    const phone = await sharp({ create: { width: 8000, height: 6000, channels: 3, background: "#456" } }).jpeg().toBuffer();
    expect(await normalizeImage(phone)).toMatchObject({ width: MAX_STORED_SIDE, height: 1200 });
    const over = pixelBombPng(8000, Math.floor(LIMITS.imageMaxPixels / 8000) + 1);
    await expect(normalizeImage(over)).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(normalizeImage(pixelBombPng())).rejects.toThrow("exceeds pixel limit");
  });
});

describe.runIf(runsOnce)("getImageVariant", () => {
  it("resizes a stored image to the width asked, keeps it as a derived file of the original, and answers null once the original is gone", async () => {
    const stored = await normalizeImage(await photo(1600, 800));
    await getStorage().put("business-images", "variant-test/main.webp", stored.data, "image/webp");

    const variant = await getImageVariant("variant-test/main.webp", IMAGE_WIDTHS.thumb);
    const meta = await sharp(variant!).metadata();
    expect(meta.format).toBe("webp");
    expect(meta.width).toBe(IMAGE_WIDTHS.thumb);
    const cached = path.join(getEnv().DATA_DIR, "cache", "derived", "business-images", "variant-test/main.webp", `w${IMAGE_WIDTHS.thumb}.webp`);
    expect(existsSync(cached)).toBe(true);
    expect((await getImageVariant("variant-test/main.webp", IMAGE_WIDTHS.thumb))?.equals(variant!)).toBe(true);

    // Never served once the original is gone, even if a cached copy were still on disk.
    await rm(path.join(getEnv().DATA_DIR, "uploads", "business-images", "variant-test/main.webp"));
    expect(existsSync(cached)).toBe(true);
    expect(await getImageVariant("variant-test/main.webp", IMAGE_WIDTHS.thumb)).toBeNull();
    expect(await getImageVariant("variant-test/main.webp", IMAGE_WIDTHS.card)).toBeNull();
    await expect(getImageVariant("../auth-secret", IMAGE_WIDTHS.card)).rejects.toThrow("Unsafe storage key");
  });

  it("answers every one of several first requests for the same variant at once (each writes its own temporary file)", async () => {
    const stored = await normalizeImage(await photo(900, 600));
    await getStorage().put("business-images", "variant-test/busy.webp", stored.data, "image/webp");
    const answers = await Promise.all(Array.from({ length: 6 }, () => getImageVariant("variant-test/busy.webp", IMAGE_WIDTHS.card)));
    expect(answers.every((a) => a !== null && a.length > 0)).toBe(true);
  });
});
