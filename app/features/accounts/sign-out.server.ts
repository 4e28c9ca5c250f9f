import { getAuth } from "../../lib/auth.server";
import { logger } from "../../lib/logger.server";

/** Ends the session on the server and returns the headers that clear its cookie. */
export async function signOut(request: Request): Promise<{ ok: true; headers: Headers } | { ok: false }> {
  try {
    const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
    return { ok: true, headers };
  } catch (error) {
    logger.error({ err: error }, "sign-out failed");
    return { ok: false };
  }
}
