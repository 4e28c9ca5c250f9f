import { AppError } from "../../app/lib/app-error";

/**
 * The AppError a use case refused with. Fails the test when the promise resolves, or rejects with anything
 * else (a fault, not a refusal).
 */
export async function refusal(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected the use case to refuse with an AppError, but it succeeded");
}
