// How the clinic reaches a member (issue 34): their email address, used only once its owner has
// followed the link sent to it (signed, single-use, 24 hours, bound to the address, so a link for
// an address since replaced does nothing), and their time zone, so notices say times on their clock.
import { markEmailVerified, readMemberContact, setUserEmail, setUserTimeZone, type Db, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { countAttempt, type ThrottleRule } from "../auth/throttle";
import type { ClinicServices, RequestContext } from "../context";
import { AppError } from "../errors";
import { VERIFY_EMAIL_LINK_MS } from "../notices/kinds/account-notices";
import { enqueueNotices } from "../notices/outbox";
import { readLink, spendLink } from "../notices/signed-links";
import { tellOfSecurityChange } from "./security-notices";

type Member = RequestContext & { user: User };

/** Verification emails a member may ask for again: enough for a typo or a slow inbox, too few to mail-bomb an address. */
export const VERIFICATION_EMAILS_PER_MEMBER: ThrottleRule = { scope: "verification_email_member", limit: 5, windowMs: 60 * 60_000 };

export const ADDRESS_NO_LONGER_YOURS = "This link is for an email address your account no longer uses. Open the latest email we sent you.";

export interface ContactView {
  email: string | null;
  emailVerifiedAt: string | null;
  timeZone: string | null;
}

async function contactOf(db: Db, userId: number): Promise<ContactView> {
  const contact = await readMemberContact(db, userId);
  if (!contact) throw new Error("the member vanished");
  return { email: contact.email, emailVerifiedAt: contact.emailVerifiedAt, timeZone: contact.timeZone };
}

export function ownContact(ctx: Member): Promise<ContactView> {
  return contactOf(ctx.db, ctx.user.id);
}

/** Inside the transaction that writes a member's address: the link that verifies it, to it (the only notice an unverified address gets). */
export async function askToVerify(services: Pick<ClinicServices, "config" | "now">, trx: Db, userId: number, address: string | null): Promise<void> {
  if (address === null) return;
  const expiresAt = new Date(services.now().getTime() + VERIFY_EMAIL_LINK_MS).toISOString();
  await enqueueNotices(services, trx, [{ kind: "email_verification", userId, params: { address, expiresAt }, unverifiedAddress: address }]);
}

/**
 * A member sets, changes or removes their address: it is unverified until they follow the link
 * sent to the new one, and the old one (when it was verified) hears of the change.
 */
export async function changeOwnEmail(ctx: Member, email: string | null): Promise<ContactView> {
  const before = await contactOf(ctx.db, ctx.user.id);
  if (before.email === email) return before;
  await ctx.db.transaction().execute(async (trx) => {
    // Written while the old address is still the member's: it goes there, if it was verified.
    if (before.email !== null) await tellOfSecurityChange(ctx, trx, ctx.user.id, "email_changed");
    await setUserEmail(trx, ctx.user.id, email);
    await askToVerify(ctx, trx, ctx.user.id, email);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "auth.email_change",
        outcome: "success",
        targetType: "user",
        targetId: ctx.user.id,
        request: ctx.request,
        details: { removed: email === null },
      },
      trx,
    );
  });
  return contactOf(ctx.db, ctx.user.id);
}

/** Sends the verification link again (throttled per member). */
export async function resendVerification(ctx: Member): Promise<ContactView> {
  const contact = await contactOf(ctx.db, ctx.user.id);
  if (contact.email === null) throw new AppError("CONFLICT", "Add an email address first.");
  if (contact.emailVerifiedAt !== null) throw new AppError("CONFLICT", "Your email address is verified already.");
  const counted = await countAttempt(ctx, [{ rule: VERIFICATION_EMAILS_PER_MEMBER, key: String(ctx.user.id) }]);
  if (!counted.admitted) {
    const minutes = Math.ceil(counted.retryAfterSeconds / 60);
    throw new AppError("RATE_LIMITED", `We have sent several links already. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} before asking again.`, {
      retryAfterSeconds: counted.retryAfterSeconds,
    });
  }
  const address = contact.email;
  await ctx.db.transaction().execute((trx) => askToVerify(ctx, trx, ctx.user.id, address));
  return contact;
}

/**
 * Follows a verification link (signed in or not: the link is the proof): the address it names is
 * verified, once, and only while it is still the account's. Audited.
 */
export async function verifyEmail(ctx: RequestContext, token: string): Promise<{ email: string }> {
  const now = ctx.now();
  const claims = readLink(ctx.secrets, token, "verify_email", now);
  const address = claims.subject ?? "";
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await markEmailVerified(trx, claims.userId, address, now.toISOString()))) throw new AppError("INVALID_INPUT", ADDRESS_NO_LONGER_YOURS);
    await spendLink(trx, claims, now);
    await recordAudit(
      ctx,
      { actorId: ctx.user?.id ?? null, action: "auth.email_verify", outcome: "success", targetType: "user", targetId: claims.userId, request: ctx.request },
      trx,
    );
  });
  return { email: address };
}

/** The member's own zone, as their browser reports it (validated by the input's schema). */
export async function setOwnTimeZone(ctx: Member, timeZone: string): Promise<ContactView> {
  await setUserTimeZone(ctx.db, ctx.user.id, timeZone);
  return contactOf(ctx.db, ctx.user.id);
}
