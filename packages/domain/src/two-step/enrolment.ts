// Enrolment of a doctor or admin who must sign in in two steps (the clinic's policy) and has no
// second step yet: their password alone must not be enough to tie the account to a thief's phone
// or passkey. The step that turns two-step sign-in on for them (an authenticator's first code, a
// first passkey) also takes an enrolment code, used up with it: one an admin gave them (after the
// admin's own re-check; audited; shown once; valid 24 hours), or, for a clinic whose only admin
// has none yet, one from the console (`pnpm clinic enrolment-code <username>`).
import { createHash, randomInt } from "node:crypto";
import { findUserById, findUserCredentials, saveEnrolmentCode, useEnrolmentCode, type Db, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import { mustSetUpTwoStep } from "../auth/full-access";
import type { ClinicServices, RequestContext, RequestMeta } from "../context";
import { AppError } from "../errors";

type Member = RequestContext & { user: User };

export const ENROLMENT_CODE_MS = 24 * 3_600_000;
export const ENROLMENT_CODE_NEEDED = "Enter the enrolment code an admin gave you: the clinic asks for one before a doctor or admin sets up two-step sign-in.";
export const ENROLMENT_CODE_WRONG = "That enrolment code is not right, or it has expired. Ask an admin for a new one.";

// No 0/O, 1/I/L: the code is read out or copied by hand. Four groups of four: 79 bits.
const ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";

function newEnrolmentCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");
  return [group(), group(), group(), group()].join("-");
}

/** Random enough that a plain SHA-256 keeps it safe at rest. Case, spaces and dashes do not matter. */
function hashEnrolmentCode(code: string): string {
  return createHash("sha256").update(code.toUpperCase().replace(/[\s-]/g, "")).digest("hex");
}

export interface IssuedEnrolmentCode {
  enrolmentCode: string;
  expiresAt: string;
}

/** An admin's enrolment code for a doctor or admin who has no second step yet (it replaces one given before). */
export async function issueEnrolmentCode(ctx: Member, userId: number): Promise<IssuedEnrolmentCode> {
  const target = await findUserById(ctx.db, userId);
  if (!target) throw new AppError("NOT_FOUND", "No such user.");
  return issue(ctx, target, { actorId: ctx.user.id, request: ctx.request });
}

/** The console's enrolment code, for a clinic whose only admin must set up two-step sign-in. */
export async function issueEnrolmentCodeFromConsole(services: ClinicServices, username: string): Promise<IssuedEnrolmentCode> {
  const found = await findUserCredentials(services.db, username);
  if (!found) throw new AppError("NOT_FOUND", `No user is called "${username}".`);
  return issue(services, found.user, { actorId: null });
}

async function issue(services: ClinicServices, target: User, by: { actorId: number | null; request?: RequestMeta }): Promise<IssuedEnrolmentCode> {
  if (target.deactivatedAt !== null) throw new AppError("CONFLICT", "This account is deactivated: reactivate it first.");
  if (target.role === "patient") throw new AppError("CONFLICT", "Only doctors and admins need an enrolment code.");
  if (target.twoStepEnabled) throw new AppError("CONFLICT", "This member signs in in two steps already.");
  const enrolmentCode = newEnrolmentCode();
  const expiresAt = new Date(services.now().getTime() + ENROLMENT_CODE_MS).toISOString();
  await services.db.transaction().execute(async (trx) => {
    await saveEnrolmentCode(trx, { userId: target.id, codeHash: hashEnrolmentCode(enrolmentCode), issuedBy: by.actorId, expiresAt });
    await recordAudit(
      services,
      {
        actorId: by.actorId,
        action: "admin.enrolment_code_issue",
        outcome: "success",
        targetType: "user",
        targetId: target.id,
        ...(by.request ? { request: by.request } : {}),
        ...(by.actorId === null ? { details: { console: true } } : {}),
      },
      trx,
    );
  });
  return { enrolmentCode, expiresAt };
}

/**
 * Inside the transaction that turns two-step sign-in on: when the member must enrol under the
 * clinic's policy, their enrolment code is used up with it, or the whole change is refused.
 */
export async function useEnrolmentCodeWhereRequired(ctx: Member, trx: Db, enrolmentCode: string | undefined): Promise<void> {
  if (!mustSetUpTwoStep(ctx.config, ctx.user)) return;
  if (!enrolmentCode) throw new AppError("INVALID_INPUT", ENROLMENT_CODE_NEEDED);
  if (!(await useEnrolmentCode(trx, ctx.user.id, hashEnrolmentCode(enrolmentCode), ctx.now().toISOString())))
    throw new AppError("INVALID_INPUT", ENROLMENT_CODE_WRONG);
}
