import { getAuth } from "../../lib/auth.server";

/** Ends the session on the server and returns the headers that clear its cookie. */
export async function signOut(request: Request): Promise<{ headers: Headers }> {
  const { headers } = await getAuth().api.signOut({ headers: request.headers, returnHeaders: true });
  return { headers };
}
