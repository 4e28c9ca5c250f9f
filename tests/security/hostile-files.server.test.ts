import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect, it } from "vitest";
import { businessImages, businesses, kycSubmissions } from "../../db/schema";
import { createOwner, createUser } from "../../db/seed/factories";
import { KYC_TEXTS } from "../../app/features/kyc/kyc.schemas";
import { submitKyc } from "../../app/features/kyc/submit-kyc.server";
import { createListing } from "../../app/features/listings/create-listing.server";
import { getOwnListing } from "../../app/features/listings/get-own-listing.server";
import { LISTING_TEXTS, ListingSchema, type ListingInput } from "../../app/features/listings/listing.schemas";
import { updateListing } from "../../app/features/listings/update-listing.server";
import { getDb } from "../../app/lib/db.server";
import { getEnv } from "../../app/lib/env.server";
import { IMAGE_JOBS, withImageJob } from "../../app/lib/images.server";
import { LIMITS } from "../../app/lib/reference";
import { getStorage } from "../../app/lib/storage.server";
import { actorFor } from "../support/actors";
import { filesUnder } from "../support/files";
import {
  fileFrom, htmlAsJpeg, jpegRotatedByExif, jpegWithGps, largePng, pixelBombPng, pngHtmlPolyglot, pngImage, svgAsPng, textAsPng, truncatedJpeg,
} from "../support/images";
import { refusal } from "../support/refusals";
import { testApp } from "../support/server";

/**
 * Hostile uploads against the real use cases (listing create and edit, KYC submit), each refused with the text
 * the person reads, or neutralised; a refused upload leaves no row and no file behind.
 */

function listingInput(): ListingInput {
  return ListingSchema.parse({
    name: "Mama Put Express",
    description: "Rice and stew, every day.",
    address: "3 Allen Avenue, Ikeja",
    state: "Lagos",
    country: "Nigeria",
    category: "Eatery",
    phoneNumber: "08031234567",
    products: ["Jollof rice"],
  });
}

async function owner() {
  return actorFor(await createOwner(getDb()));
}

async function ownerWithoutKyc() {
  return actorFor(await createUser(getDb(), { role: "business", kycStatus: "none" }));
}

const dataDir = () => getEnv().DATA_DIR;

/** The rows and files an upload could have left: compared before and after each refused attempt. */
async function traces(userId: string) {
  const listings = await getDb().select({ id: businesses.id }).from(businesses).where(eq(businesses.userId, userId));
  const kyc = await getDb().select({ id: kycSubmissions.id }).from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
  return { listings: listings.length, kyc: kyc.length, files: await filesUnder(dataDir()) };
}

/** What the person is told: the toast's title and text, and the field it is shown under. */
async function told(promise: Promise<unknown>) {
  const error = await refusal(promise);
  return { code: error.code, title: error.title, text: error.message, fields: error.fields };
}

const listingRefusal = (failure: { title: string; text: string }, code = "invalid") => ({
  code, title: failure.title, text: failure.text, fields: { images: failure.text },
});
const kycRefusal = (failure: { title: string; text: string }, code = "invalid") => ({
  code, title: failure.title, text: failure.text, fields: { idImage: failure.text },
});

/** Refused as a listing image and as an ID document, with nothing left behind either time. */
async function refusedEverywhere(
  file: () => Promise<File> | File,
  listing: ReturnType<typeof listingRefusal>,
  kyc: ReturnType<typeof kycRefusal>,
) {
  const seller = await owner();
  const before = await traces(seller.id);
  expect(await told(createListing(seller, listingInput(), [await file()]))).toEqual(listing);
  expect(await traces(seller.id)).toEqual(before);

  const applicant = await ownerWithoutKyc();
  const beforeKyc = await traces(applicant.id);
  expect(await told(submitKyc(applicant, { fullName: "Chidi Okafor", activePhoneNumber: "08031234567", idImage: await file() }))).toEqual(kyc);
  expect(await traces(applicant.id)).toEqual(beforeKyc);
}

describe("hostile files", () => {
  it("a text file renamed .png is refused by its content", async () => {
    await refusedEverywhere(textAsPng, listingRefusal(LISTING_TEXTS.uploadFailed), kycRefusal(KYC_TEXTS.invalidType));
  });

  it("an SVG with a script, named .png, is refused: only JPEG, PNG and WebP are ever decoded", async () => {
    await refusedEverywhere(svgAsPng, listingRefusal(LISTING_TEXTS.uploadFailed), kycRefusal(KYC_TEXTS.invalidType));
  });

  it("an HTML page with a PNG inside, named .jpg, is refused", async () => {
    await refusedEverywhere(htmlAsJpeg, listingRefusal(LISTING_TEXTS.uploadFailed), kycRefusal(KYC_TEXTS.invalidType));
  });

  it("a PNG that is also an HTML page is stored re-encoded, without the HTML", async () => {
    const polyglot = await pngHtmlPolyglot();
    expect((await sharp(polyglot).metadata()).format).toBe("png");
    expect(polyglot.includes(Buffer.from("<script>"))).toBe(true);
    const seller = await owner();
    const { businessId } = await createListing(seller, listingInput(), [fileFrom(polyglot, "menu.png", "image/png")]);
    const [image] = (await getOwnListing(seller, businessId)).images;
    const stored = await getStorage().read("business-images", image!.key);
    expect((await sharp(stored!).metadata()).format).toBe("webp");
    expect(stored!.includes(Buffer.from("<script>"))).toBe(false);
    expect(stored!.includes(Buffer.from("<html>"))).toBe(false);
  });

  it("a pixel bomb (16000 × 16000 in ~30 KB) is refused from its header, naming the limit (50 megapixels)", async () => {
    const bomb = pixelBombPng();
    expect(bomb.length).toBeLessThan(100_000);
    expect(LISTING_TEXTS.imageTooLarge.text).toContain("50 megapixels");
    expect(KYC_TEXTS.imageTooLarge.text).toContain("50 megapixels");
    expect(LIMITS.imageMaxPixels).toBe(50_000_000);
    await refusedEverywhere(
      () => fileFrom(bomb, "bomb.png", "image/png"),
      listingRefusal(LISTING_TEXTS.imageTooLarge),
      kycRefusal(KYC_TEXTS.imageTooLarge),
    );
  });

  it("a pixel bomb added to an existing listing is refused and the listing keeps its images", async () => {
    const seller = await owner();
    const { businessId } = await createListing(seller, listingInput(), [fileFrom(await pngImage(), "shop.png", "image/png")]);
    const kept = (await getOwnListing(seller, businessId)).images;
    const before = await filesUnder(dataDir());
    const bomb = fileFrom(pixelBombPng(), "bomb.png", "image/png");
    expect(await told(updateListing(seller, businessId, listingInput(), { keep: kept.map((i) => i.id), added: [bomb] }))).toEqual(
      listingRefusal(LISTING_TEXTS.imageTooLarge),
    );
    expect(await getDb().select({ key: businessImages.imageUrl }).from(businessImages).where(eq(businessImages.businessId, businessId))).toEqual(
      kept.map((i) => ({ key: i.key })),
    );
    expect(await filesUnder(dataDir())).toEqual(before);
  });

  it("a truncated image is refused", async () => {
    const truncated = await truncatedJpeg();
    await refusedEverywhere(() => fileFrom(truncated, "shop.jpg", "image/jpeg"), listingRefusal(LISTING_TEXTS.uploadFailed), kycRefusal(KYC_TEXTS.invalidType));
  });

  it("a 6 MB image is refused as an ID document: 'Please upload an image smaller than 5MB.'", async () => {
    const applicant = await ownerWithoutKyc();
    const before = await traces(applicant.id);
    const big = fileFrom(await largePng(6 * 1024 * 1024), "id.png", "image/png");
    expect(await told(submitKyc(applicant, { fullName: "Chidi Okafor", activePhoneNumber: "08031234567", idImage: big }))).toEqual(
      kycRefusal(KYC_TEXTS.tooLarge),
    );
    expect(KYC_TEXTS.tooLarge.text).toBe("Please upload an image smaller than 5MB.");
    expect(await traces(applicant.id)).toEqual(before);
  });

  it("a photo with GPS in its EXIF is stored without any metadata, turned the way the phone held it", async () => {
    for (const input of [await jpegWithGps(), await jpegRotatedByExif()]) {
      const meta = await sharp(input).metadata();
      expect(meta.exif).toBeDefined();
      const upright = (meta.orientation ?? 1) >= 5 ? [meta.height, meta.width] : [meta.width, meta.height];

      const seller = await owner();
      const { businessId } = await createListing(seller, listingInput(), [fileFrom(input, "IMG_0001.jpg", "image/jpeg")]);
      const [image] = (await getOwnListing(seller, businessId)).images;
      const applicant = await ownerWithoutKyc();
      await submitKyc(applicant, { fullName: "Chidi Okafor", activePhoneNumber: "08031234567", idImage: fileFrom(input, "id.jpg", "image/jpeg") });
      const [doc] = await getDb().select({ key: kycSubmissions.idImageUrl }).from(kycSubmissions).where(eq(kycSubmissions.userId, applicant.id));

      for (const stored of [await getStorage().read("business-images", image!.key), await getStorage().read("kyc-documents", doc!.key!)]) {
        const out = await sharp(stored!).metadata();
        expect(out.format).toBe("webp");
        expect(out.exif).toBeUndefined();
        expect(out.xmp).toBeUndefined();
        expect(out.icc).toBeUndefined();
        expect(out.orientation).toBeUndefined();
        expect([out.width, out.height]).toEqual(upright);
        expect(stored!.includes(Buffer.from("GPS"))).toBe(false);
        expect(stored!.includes(Buffer.from("TestPhone"))).toBe(false);
      }
    }
  });

  it("a file named '../../etc/passwd.jpg' is stored under a key the server made, inside DATA_DIR", async () => {
    const name = "../../etc/passwd.jpg";
    const photo = await sharp({ create: { width: 64, height: 64, channels: 3, background: "#123456" } }).jpeg().toBuffer();
    const seller = await owner();
    const before = await filesUnder(dataDir());
    const { businessId } = await createListing(seller, listingInput(), [fileFrom(photo, name, "image/jpeg")]);
    const applicant = await ownerWithoutKyc();
    await submitKyc(applicant, { fullName: "Chidi Okafor", activePhoneNumber: "08031234567", idImage: fileFrom(photo, name, "image/jpeg") });

    const added = (await filesUnder(dataDir())).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    expect(added).toContainEqual(expect.stringMatching(new RegExp(`^uploads/business-images/${businessId}/\\d+-[0-9a-f]+_1\\.webp$`)));
    expect(added).toContainEqual(expect.stringMatching(new RegExp(`^uploads/kyc-documents/${applicant.id}/[0-9a-f-]{36}\\.webp$`)));
    expect(added.join("\n")).not.toContain("passwd");
    expect(await filesUnder(`${dataDir()}/../etc`)).toEqual([]);
  });
});

describe("image work is bounded", () => {
  const held: Array<() => void> = [];
  /** Lets every held job finish, and each queued job that starts in its place. */
  async function drain() {
    for (let i = 0; i < 1000 && held.length > 0; i++) {
      held.shift()!();
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }
  afterEach(drain);

  /** Occupies every slot and every queue place of the process's image work, as a burst of uploads would. */
  function saturate(): Promise<unknown>[] {
    return Array.from({ length: IMAGE_JOBS.concurrent + IMAGE_JOBS.queued }, () =>
      withImageJob(() => new Promise<void>((resolve) => held.push(resolve))),
    );
  }

  it("runs a few jobs at once and queues a bounded number; past that an upload is told to try again, and nothing is kept", async () => {
    const seller = await owner();
    const applicant = await ownerWithoutKyc();
    const photo = fileFrom(await pngImage(), "shop.png", "image/png");
    const before = { seller: await traces(seller.id), applicant: await traces(applicant.id) };

    const burst = saturate();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held).toHaveLength(IMAGE_JOBS.concurrent); // the rest wait their turn
    const busy = (failure: { title: string; text: string }) => ({ code: "unavailable", title: failure.title, text: failure.text, fields: undefined });
    expect(await told(createListing(seller, listingInput(), [photo]))).toEqual(busy(LISTING_TEXTS.imagesBusy));
    expect(await told(submitKyc(applicant, { fullName: "Chidi Okafor", activePhoneNumber: "08031234567", idImage: photo }))).toEqual(
      busy(KYC_TEXTS.imagesBusy),
    );
    expect({ seller: await traces(seller.id), applicant: await traces(applicant.id) }).toEqual(before);

    // A finished job lets one waiting job start; once all are done, uploads go through again.
    held.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held).toHaveLength(IMAGE_JOBS.concurrent);
    await drain();
    await Promise.all(burst);
    await expect(createListing(seller, listingInput(), [photo])).resolves.toMatchObject({ imagesSaved: true });
  });

  it("a pixel bomb is refused from its header even while image work is saturated: it never waits for a decoder", async () => {
    const seller = await owner();
    const burst = saturate();
    expect(await told(createListing(seller, listingInput(), [fileFrom(pixelBombPng(), "bomb.png", "image/png")]))).toEqual(
      listingRefusal(LISTING_TEXTS.imageTooLarge),
    );
    await drain();
    await Promise.all(burst);
  });

  it("an image the cache does not hold yet answers 503 while the work is saturated; cached ones are still served", async () => {
    const stored = await sharp(await pngImage(800, 600)).webp().toBuffer();
    await getStorage().put("business-images", "busy-test/photo.webp", stored, "image/webp");
    const app = testApp();
    expect((await app.request("/media/business-images/busy-test/photo.webp?w=320")).status).toBe(200);

    const burst = saturate();
    const uncached = await app.request("/media/business-images/busy-test/photo.webp?w=640");
    expect(uncached.status).toBe(503);
    expect(uncached.headers.get("Retry-After")).toBeTruthy();
    expect((await app.request("/media/business-images/busy-test/photo.webp?w=320")).status).toBe(200);
    await drain();
    await Promise.all(burst);
    expect((await app.request("/media/business-images/busy-test/photo.webp?w=640")).status).toBe(200);
  });
});
