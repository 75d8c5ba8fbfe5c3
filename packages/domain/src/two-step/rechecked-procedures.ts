// The same proof for the same power: every action that grants access or changes who someone is
// needs the session to have proved who is behind it (a sign-in, or a re-check by password or
// passkey) within the last RECENT_CHECK_MS, whichever door the call comes through. They are named
// here and nowhere else: the builders of trpc.ts check each call against this list before the
// procedure runs, docs/product.md lists them for people, and apps/api/test/recheck-required.test.ts
// walks this very list on REST and tRPC.
import type { RequestContext } from "../context";

/** Whether a call needs the re-check, given its input as sent (before its schema parses it). */
type NeedsRecheck = (input: Record<string, unknown>, ctx: RequestContext) => boolean;
const always: NeedsRecheck = () => true;

export const RECHECKED_PROCEDURES: Readonly<Record<string, NeedsRecheck>> = {
  // An admin over other people's access.
  "admin.createUser": always,
  /** Giving a role, bringing an account back, or a new address (it gets the password links); deactivating and editing a doctor's hours take access away or change none. */
  "admin.updateUser": (input) => input.role !== undefined || input.active === true || input.email !== undefined,
  "admin.issueOneTimePassword": always,
  "admin.issueEnrolmentCode": always,
  "account.resetTwoStepOf": always,
  "care.assign": always,
  /** Turning the staff two-step policy off lowers every staff account's guard; the other settings grant nothing. */
  "admin.updateSettings": (input, ctx) => input.requireStaffTwoStep === false && ctx.config.requireStaffTwoStep,
  // A doctor (or admin) opening an account, or a record outside their care.
  "patients.add": always,
  "emergencyAccess.request": always,
  "emergencyAccess.approve": always,
  // A member changing how they themselves sign in, or who can read what is sent to them.
  "account.beginTotp": always,
  "account.turnOffTotp": always,
  "account.beginPasskey": always,
  "account.addPasskey": always,
  "account.removePasskey": always,
  "keys.saveMine": always,
  // The sealed private key is an offline target for guessing the password: only a session that has
  // just proved who is behind it reads it, or seals it anew for a passkey.
  "keys.mine": always,
  "keys.savePasskeySeal": always,
  /** Whoever sets the address gets the password-reset links. */
  "account.changeEmail": always,
};

export function needsRecheck(path: string, rawInput: unknown, ctx: RequestContext): boolean {
  const rule = RECHECKED_PROCEDURES[path];
  const input = typeof rawInput === "object" && rawInput !== null ? (rawInput as Record<string, unknown>) : {};
  return rule !== undefined && rule(input, ctx);
}
