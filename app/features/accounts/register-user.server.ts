import { APIError } from "better-auth/api";
import { AppError } from "../../lib/app-error";
import { getAuth } from "../../lib/auth.server";
import { logger } from "../../lib/logger.server";
import { addressKey, hitRateLimit } from "../../lib/rate-limit.server";
import { ACCOUNT_TEXTS, type RegisterInput } from "./account.schemas";
import { REGISTER_LIMITS } from "./internal/account-limits.server";
import { passwordWeaknesses, weakPassword } from "./internal/password-policy.server";

/**
 * Creates a visitor or business account and sends the verification e-mail. An e-mail that is already
 * registered gets the same answer (the owner of that address is told by e-mail instead).
 */
export async function registerUser(input: RegisterInput, context: { request: Request; clientAddress?: string }): Promise<void> {
  const addressLimit = await hitRateLimit(`register-addr:${addressKey(context.clientAddress)}`, REGISTER_LIMITS.perAddress, REGISTER_LIMITS.addressWindowSeconds);
  const emailLimit = await hitRateLimit(`register-email:${input.email.trim().toLowerCase()}`, REGISTER_LIMITS.perEmail, REGISTER_LIMITS.emailWindowSeconds);
  if (!addressLimit.allowed || !emailLimit.allowed) throw new AppError("rate-limited", ACCOUNT_TEXTS.tooManyRequests);
  const weaknesses = passwordWeaknesses(input.password, input.email);
  if (weaknesses.length > 0) throw weakPassword(weaknesses);
  const metadata: Record<string, string> = {
    first_name: input.firstName,
    last_name: input.lastName,
    role: input.accountType,
    country: input.country,
    state: input.state,
  };
  if (input.accountType === "business" && input.category) metadata.category = input.category;
  try {
    await getAuth().api.signUpEmail({
      body: {
        email: input.email.trim().toLowerCase(),
        password: input.password,
        name: `${input.firstName} ${input.lastName}`.trim(),
        metadata,
        callbackURL: "/login?verified=true",
      },
      headers: context.request.headers,
    });
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    logger.warn({ status: error.status, code: (error.body as { code?: string })?.code }, "sign-up refused");
    throw new AppError("invalid", error.message || ACCOUNT_TEXTS.registrationFailed);
  }
}
