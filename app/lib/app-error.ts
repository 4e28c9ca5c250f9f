/** What a use case can refuse with; one mapper turns each code into an HTTP status. Client-safe. */
export type AppErrorCode = "unauthenticated" | "forbidden" | "not-found" | "conflict" | "invalid" | "rate-limited" | "unavailable";

const STATUS: Record<AppErrorCode, number> = {
  unauthenticated: 401,
  forbidden: 403,
  "not-found": 404,
  conflict: 409,
  invalid: 400,
  "rate-limited": 429,
  unavailable: 503,
};

export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    message?: string,
  ) {
    super(message ?? code);
    this.name = "AppError";
  }

  get status(): number {
    return STATUS[this.code];
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}
