// A sensitive change (two-step settings, a passkey's removal, an admin's reset of someone's
// two-step sign-in) needs the session to have proved who is behind it within the last minutes:
// the password typed again, or a passkey used again (recheck in two-step.ts).
import { findLoginSessionWithUser, type User } from "@halcyon/db";
import { hashSessionToken } from "../auth/sessions";
import type { RequestContext } from "../context";
import { AppError } from "../errors";

/** A sensitive change needs a re-check within this long. */
export const RECENT_CHECK_MS = 5 * 60_000;
export const RECHECK_NEEDED = "Please confirm it is you first.";

export async function requireRecentCheck(ctx: RequestContext & { user: User }): Promise<void> {
  const verifiedAt = ctx.sessionToken ? (await findLoginSessionWithUser(ctx.db, hashSessionToken(ctx.sessionToken)))?.session.verifiedAt : undefined;
  if (!verifiedAt || ctx.now().getTime() - Date.parse(verifiedAt) > RECENT_CHECK_MS) throw new AppError("REAUTH_REQUIRED", RECHECK_NEEDED);
}
