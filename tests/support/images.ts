import { crc32, deflateSync } from "node:zlib";
import sharp from "sharp";

/** A real PNG of the given size (solid colour with a stripe, so it is not trivially compressible). */
export async function pngImage(width = 400, height = 300): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="#0a7"/><rect y="${height / 3}" width="100%" height="${height / 3}" fill="#fc3"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A JPEG carrying GPS coordinates in its EXIF block, as a phone camera writes it. */
export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: "#884422" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "TestPhone", Model: "Camera 1" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 0/1" },
    })
    .toBuffer();
}

/** An image file larger than `bytes`: random noise PNG, which does not compress. */
export async function largePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3)) + 64;
  const raw = Buffer.alloc(side * side * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  const png = await sharp(raw, { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
  if (png.length <= bytes) throw new Error(`made only ${png.length} bytes`);
  return png;
}

/** A text file dressed up as a PNG by its name and type. */
export function textAsPng(): File {
  return new File(["this is not an image, just text\n"], "id-card.png", { type: "image/png" });
}

export function fileFrom(buffer: Buffer, name: string, type: string): File {
  return new File([new Uint8Array(buffer)], name, { type });
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * A decompression bomb: a valid 1-bit PNG of width × height pixels (by default 16000² = 256 megapixels, under
 * sharp's own default limit) that is only ~30 KB on disk, so it passes any byte limit. Built by hand in well
 * under a second.
 */
export function pixelBombPng(width = 16_000, height = width): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth 1, colour type 0 (greyscale), default compression, filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height); // each row: filter byte 0, then zero bits
  return Buffer.concat([PNG_SIGNATURE, pngChunk("IHDR", header), pngChunk("IDAT", deflateSync(rows, { level: 9 })), pngChunk("IEND", Buffer.alloc(0))]);
}

/** The first half of a real JPEG: the header says 1200×900, the pixel data stops half way. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 1200, height: 900, channels: 3, background: "#3a6" } }).jpeg().toBuffer();
  return whole.subarray(0, Math.floor(whole.length / 2));
}

/** A PNG that is also an HTML page: a script in a text chunk and another after the image's end. */
export async function pngHtmlPolyglot(): Promise<Buffer> {
  const png = await pngImage(200, 150);
  const html = Buffer.from("<html><body><script>alert(document.cookie)</script></body></html>");
  const iend = png.length - 12; // the IEND chunk is always the last 12 bytes
  const text = pngChunk("tEXt", Buffer.concat([Buffer.from("Comment\0", "latin1"), html]));
  return Buffer.concat([png.subarray(0, iend), text, png.subarray(iend), html]);
}

/** An SVG with a script, named and typed as a PNG. */
export function svgAsPng(): File {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script><rect width="200" height="200" fill="red"/></svg>`;
  return new File([svg], "logo.png", { type: "image/png" });
}

/** An HTML page whose tail is a real PNG, named and typed as a JPEG. */
export async function htmlAsJpeg(): Promise<File> {
  const html = Buffer.from("<!DOCTYPE html><html><script>alert(1)</script></html>\n");
  return fileFrom(Buffer.concat([html, await pngImage(100, 100)]), "photo.jpg", "image/jpeg");
}

/** A 300×200 JPEG whose EXIF says 'rotate 90° clockwise' (orientation 6), as phones write portrait photos. */
export async function jpegRotatedByExif(): Promise<Buffer> {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: "#2266aa" } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "6/1 27/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "3/1 23/1 0/1" } })
    .toBuffer();
}
