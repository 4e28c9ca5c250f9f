import { AppError, type FailureText } from "./app-error";

/**
 * The one way a use case refuses a caller its policy does not allow (the policies are the features'
 * pure *.policy.ts functions): nobody signed in is 'unauthenticated', anyone else 'forbidden', with the
 * screen's text when given. Client-safe.
 */
export function authorize<T>(actor: T | null | undefined, allowed: boolean, refusal?: FailureText): asserts actor is T {
  if (!actor) throw new AppError("unauthenticated", refusal);
  if (!allowed) throw new AppError("forbidden", refusal);
}
