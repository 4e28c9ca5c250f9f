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
