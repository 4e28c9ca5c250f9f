import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../../app/features/listings/create-listing.server";
import { deleteListing } from "../../app/features/listings/delete-listing.server";
import { getOwnListing } from "../../app/features/listings/get-own-listing.server";
import { ListingSchema } from "../../app/features/listings/listing.schemas";
import { getKycDocumentLink } from "../../app/features/kyc/kyc-document-link.server";
import { submitKyc } from "../../app/features/kyc/submit-kyc.server";
import { getDb } from "../../app/lib/db.server";
import { getEnv, parseEnv, setEnv, type Env } from "../../app/lib/env.server";
import { IMAGE_WIDTHS, imageUrl, shareImageUrl } from "../../app/lib/image-url";
import { captureLogs } from "../../app/lib/logger.server";
import { setSingleton } from "../../app/lib/singleton.server";
import { S3Storage } from "../../app/lib/storage-s3.server";
import { getStorage } from "../../app/lib/storage.server";
import { createOwner, createUser } from "../../db/seed/factories";
import { actorFor } from "../support/actors";
import { runsOnce } from "../support/database-kind";
import { filesUnder } from "../support/files";
import { fileFrom, pngImage } from "../support/images";
import { bucketKeys, startS3Server, type S3Server } from "../support/s3-server";
import { sessionCookie } from "../support/screen-harness";
import { listen, testApp } from "../support/server";

const listing = () =>
  ListingSchema.parse({
    name: "Mama Nkechi Provisions",
    description: "Provisions, drinks and household goods.",
    address: "3 Ogui Road, Enugu",
    plotNumber: "Plot 9",
    state: "Enugu",
    country: "Nigeria",
    category: "Bookshop",
    phoneNumber: "0803 555 0101",
    products: ["Rice", "Palm oil"],
  });

// The app's own getStorage() on a local S3 server (S3_* as an operator sets them), through the real use
// cases and routes: files go to the bucket, never to DATA_DIR.
describe.runIf(runsOnce)("object storage end to end (S3_BUCKET set)", () => {
  let s3: S3Server;
  let previous: Env;
  beforeAll(async () => {
    s3 = await startS3Server();
    previous = getEnv();
    setEnv(parseEnv({ DATA_DIR: previous.DATA_DIR, NODE_ENV: "test", AUTH_SECRET: previous.AUTH_SECRET, S3_PREFIX: "site", ...s3.env }));
    setSingleton("storage", undefined);
  });
  afterAll(async () => {
    (getStorage() as S3Storage).close?.();
    setEnv(previous);
    setSingleton("storage", undefined);
    await s3?.stop();
  });

  it("uploads a listing image to the bucket, serves each width through /media, and deletes every variant with the listing", async () => {
    expect(getStorage()).toBeInstanceOf(S3Storage);
    const owner = await actorFor(await createOwner(getDb()));
    const { businessId } = await createListing(owner, listing(), [fileFrom(await pngImage(1000, 800), "shop.png", "image/png")]);
    const [image] = (await getOwnListing(owner, businessId)).images;
    expect(await bucketKeys(s3)).toEqual([`site/business-images/${image!.key}`]);
    expect(await filesUnder(previous.DATA_DIR + "/uploads")).toEqual([]);

    const app = testApp();
    for (const width of Object.values(IMAGE_WIDTHS)) {
      const response = await app.request(imageUrl(image!.key, width, 1));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width).toBeLessThanOrEqual(width);
    }
    const share = await app.request(shareImageUrl(image!.key, 1));
    expect([share.status, share.headers.get("Content-Type")]).toEqual([200, "image/jpeg"]);
    expect(await bucketKeys(s3)).toEqual(
      [
        `site/business-images/${image!.key}`,
        ...["share.jpg", "w1200.webp", "w320.webp", "w640.webp"].map((name) => `site/derived/business-images/${image!.key}/${name}`),
      ].sort(),
    );
    // A second request is served from the stored variant (same bytes, no new object).
    expect((await app.request(imageUrl(image!.key, 640, 1))).status).toBe(200);

    await deleteListing(owner, businessId);
    expect(await bucketKeys(s3)).toEqual([]);
    expect((await app.request(imageUrl(image!.key, 640, 1))).status).toBe(404);
  });

  it("keeps a KYC document under the kyc-documents prefix: never through /media, only through its signed, session-checked link", async () => {
    const user = await createUser(getDb(), { role: "business" });
    const actor = await actorFor(user);
    const { submissionId } = await submitKyc(actor, { fullName: "Chidi Okafor", activePhoneNumber: "08031234567", idImage: fileFrom(await pngImage(), "id.png", "image/png") });
    const kycKeys = (await bucketKeys(s3)).filter((k) => k.startsWith("site/kyc-documents/"));
    expect(kycKeys).toHaveLength(1);
    const key = kycKeys[0]!.slice("site/kyc-documents/".length);
    expect(key.startsWith(`${user.id}/`)).toBe(true);

    const app = testApp();
    expect((await app.request(`/media/business-images/${key}?w=640`)).status).toBe(404);
    // Not a /media route at all (the page router answers it: 404 in the app, an error here without a build).
    expect((await app.request(`/media/kyc-documents/${key}?w=640`)).headers.get("Content-Type")).not.toMatch(/^image\//);
    expect((await app.request(`/media/business-images/..%2Fkyc-documents%2F${key}?w=640`)).status).toBe(404);
    expect((await bucketKeys(s3)).filter((k) => k.includes("derived/"))).toEqual([]);

    const link = await getKycDocumentLink(actor, submissionId);
    const anonymous = await app.request(`http://localhost:3000${link}`);
    expect(anonymous.status).toBe(404);
    const opened = await app.request(`http://localhost:3000${link}`, { headers: { cookie: await sessionCookie(user.email) } });
    expect(opened.status).toBe(200);
    expect(opened.headers.get("Cache-Control")).toContain("no-store");
    expect((await sharp(Buffer.from(await opened.arrayBuffer())).metadata()).format).toBe("webp");
  });

  it("answers 503 (never cached), not 404, when the bucket does not answer, and logs it without the credentials", async () => {
    const owner = await actorFor(await createOwner(getDb()));
    const { businessId } = await createListing(owner, listing(), [fileFrom(await pngImage(400, 300), "shop.png", "image/png")]);
    const [image] = (await getOwnListing(owner, businessId)).images;
    // The same store, credentials refused by the server.
    setEnv(parseEnv({ DATA_DIR: previous.DATA_DIR, NODE_ENV: "test", AUTH_SECRET: previous.AUTH_SECRET, S3_PREFIX: "site", ...s3.env, S3_ACCESS_KEY_ID: "WRONG-KEY-ID", S3_SECRET_ACCESS_KEY: "wrong-secret-value" }));
    setSingleton("storage", undefined);
    const capture = captureLogs();
    const response = await testApp().request(imageUrl(image!.key, 640, 1));
    const lines = capture.stop().join("\n");
    expect(response.status).toBe(503);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await getStorage().ping()).toBe(false);
    expect(lines).toContain("media: storage failed");
    expect(lines).toContain("S3 HeadObject failed");
    expect(lines).toContain("HTTP 403");
    expect(lines).not.toContain("wrong-secret-value");
    expect(lines).not.toContain("WRONG-KEY-ID");
    (getStorage() as S3Storage).close();
    setEnv(parseEnv({ DATA_DIR: previous.DATA_DIR, NODE_ENV: "test", AUTH_SECRET: previous.AUTH_SECRET, S3_PREFIX: "site", ...s3.env }));
    setSingleton("storage", undefined);
    expect((await testApp().request(imageUrl(image!.key, 640, 1))).status).toBe(200);
  });
});

describe.runIf(runsOnce)("MEDIA_CDN_URL in the app's Content-Security-Policy", () => {
  it("lets HTML pages load images from the CDN's origin", async () => {
    // The development mailbox is an HTML page the app serves without a React Router build.
    const server = await listen(testApp({ MEDIA_CDN_URL: "https://cdn.naija.example" }));
    try {
      const response = await fetch(`${server.url}/dev/mailbox`);
      expect(response.headers.get("Content-Type")).toMatch(/^text\/html/);
      expect(response.headers.get("Content-Security-Policy")).toContain("img-src 'self' data: blob: https://cdn.naija.example;");
    } finally {
      await server.close();
    }
  });
});
