// A sensitive change (rechecked-procedures.ts names them) needs the session to have proved who is
// behind it within the last minutes: a sign-in, the password typed again, or a passkey used again
// (recheck in two-step.ts).
import { findLoginSessionWithUser } from "@halcyon/db";
import { hashSessionToken } from "../auth/sessions";
import type { RequestContext } from "../context";
import { AppError } from "../errors";

/** A sensitive change needs a re-check within this long. */
export const RECENT_CHECK_MS = 5 * 60_000;
export const RECHECK_NEEDED = "Please confirm it is you first.";

export async function requireRecentCheck(ctx: RequestContext): Promise<void> {
  const verifiedAt = ctx.sessionToken ? (await findLoginSessionWithUser(ctx.db, hashSessionToken(ctx.sessionToken)))?.session.verifiedAt : undefined;
  if (!verifiedAt || ctx.now().getTime() - Date.parse(verifiedAt) > RECENT_CHECK_MS) throw new AppError("REAUTH_REQUIRED", RECHECK_NEEDED);
}
