import { AppError } from "../../lib/app-error";
import { ImageBusyError, ImageTooLargeError, InvalidImageError, normalizeImage } from "../../lib/images.server";
import { LIMITS } from "../../lib/reference";
import { KYC_TEXTS } from "./kyc.schemas";

/** Largest side kept for an identity document: larger than a listing photo, so its small print stays legible. */
export const DOCUMENT_MAX_SIDE = 2400;

/**
 * The one check of an uploaded document photo, for an ID (submitKyc) and for a document that ties an owner to a business
 * (a listing claim, issue 34): at most LIMITS.kycImageMaxBytes; a JPEG, PNG or WebP by its bytes (never its name or
 * declared type); at most LIMITS.imageMaxPixels, read from the header before decoding; re-encoded to WebP without
 * metadata (EXIF, GPS) within DOCUMENT_MAX_SIDE. Returns the bytes to store privately. Each refusal is an AppError
 * with the KYC form's words, on the form's `field`.
 */
export async function checkDocumentImage(file: File, field: string): Promise<Buffer> {
  if (file.size > LIMITS.kycImageMaxBytes) throw new AppError("invalid", KYC_TEXTS.tooLarge, { fields: { [field]: KYC_TEXTS.tooLarge.text } });
  try {
    return (await normalizeImage(Buffer.from(await file.arrayBuffer()), { maxSide: DOCUMENT_MAX_SIDE, quality: 85 })).data;
  } catch (error) {
    if (error instanceof ImageTooLargeError) throw new AppError("invalid", KYC_TEXTS.imageTooLarge, { fields: { [field]: KYC_TEXTS.imageTooLarge.text } });
    if (error instanceof InvalidImageError) throw new AppError("invalid", KYC_TEXTS.invalidType, { fields: { [field]: KYC_TEXTS.invalidType.text } });
    if (error instanceof ImageBusyError) throw new AppError("unavailable", KYC_TEXTS.imagesBusy);
    throw error;
  }
}
