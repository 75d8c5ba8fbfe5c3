// A member's address and clock (issue 34): the email the clinic writes to once its owner has
// followed a link sent to it, and the time zone their browser reports, for the times a notice says.
import type { Db } from "./db";

/** What a member's account page shows of how the clinic reaches them. */
export interface MemberContact {
  email: string | null;
  emailVerifiedAt: string | null;
  timeZone: string | null;
  /** What a password-reset link is bound to: the stored verifier (never leaves the server). */
  passwordHash: string;
}

export async function readMemberContact(db: Db, userId: number): Promise<MemberContact | undefined> {
  const row = await db.selectFrom("users").select(["email", "email_verified_at", "time_zone", "password_hash"]).where("id", "=", userId).executeTakeFirst();
  return row && { email: row.email, emailVerifiedAt: row.email_verified_at, timeZone: row.time_zone, passwordHash: row.password_hash };
}

/** Sets (or removes) a member's address; whatever it is, it is not verified yet. */
export async function setUserEmail(db: Db, userId: number, email: string | null): Promise<void> {
  await db.updateTable("users").set({ email, email_verified_at: null }).where("id", "=", userId).execute();
}

/** Marks the address verified, only while it is still `email` (a link for an old address does nothing); answers whether it did. */
export async function markEmailVerified(db: Db, userId: number, email: string, at: string): Promise<boolean> {
  const result = await db.updateTable("users").set({ email_verified_at: at }).where("id", "=", userId).where("email", "=", email).executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setUserTimeZone(db: Db, userId: number, timeZone: string): Promise<void> {
  await db.updateTable("users").set({ time_zone: timeZone }).where("id", "=", userId).execute();
}

/** The active members whose verified address is `email` (compared without case): whom a reset asked by address reaches. */
export async function findActiveUserIdsByVerifiedEmail(db: Db, email: string): Promise<number[]> {
  const rows = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .where("email_verified_at", "is not", null)
    .where("deactivated_at", "is", null)
    .orderBy("id")
    .execute();
  return rows.map((row) => row.id);
}

/** Whether any account, in any state, has `email` as its address (verified or not, deactivated or not). */
export async function anyAccountHasEmail(db: Db, email: string): Promise<boolean> {
  const row = await db
    .selectFrom("users")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.trim().toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** The active admins: whom a member's "this was not me" is told to. */
export async function findActiveAdminIds(db: Db): Promise<number[]> {
  const rows = await db.selectFrom("users").select("id").where("role", "=", "admin").where("deactivated_at", "is", null).orderBy("id").execute();
  return rows.map((row) => row.id);
}
