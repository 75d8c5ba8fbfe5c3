// Passkeys (WebAuthn, through @simplewebauthn/server): a member registers several, names and
// removes them. A passkey is a second step after the password, the whole sign-in on its own (it
// proves both the device and, by its user verification, the person), and a re-check before a
// sensitive change. Every ceremony uses a challenge the server made for it, once, within minutes.
import { randomBytes } from "node:crypto";
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from "@simplewebauthn/server";
import { decodeClientDataJSON, isoBase64URL } from "@simplewebauthn/server/helpers";
import {
  deletePasskey,
  findPasskeyByCredentialId,
  passkeyHandleOf,
  findPendingSignIn,
  insertPasskey,
  insertWebauthnChallenge,
  listPasskeys,
  factorsOf,
  recordPasskeyUse,
  removeAccountNotice,
  renamePasskey,
  replaceRecoveryCodes,
  takeWebauthnChallenge,
  type Passkey,
  type User,
  type WebauthnChallenge,
} from "@halcyon/db";
import { announceEnded, deleteOtherSessionsOf, ownAccountChange } from "../account/member-sessions";
import { hashSessionToken } from "../auth/sessions";
import { countAttempt, type ThrottleRule } from "../auth/throttle";
import type { RequestContext } from "../context";
import { typedTextForLog } from "../audit/typed-text";
import { tellOfSecurityChange } from "../account/security-notices";
import { recordAudit } from "../audit/audit";
import { AppError } from "../errors";
import { useEnrolmentCodeWhereRequired } from "./enrolment";
import { newRecoveryCode, RECOVERY_CODE_COUNT, storedRecoveryCodes } from "./recovery-codes";
import type { AuthenticationResponse, CeremonyOptions, PasskeyView, RegistrationResponse } from "./passkeys.schema";

type Member = RequestContext & { user: User };

/** How long a ceremony's challenge is good for. */
export const CEREMONY_MS = 5 * 60_000;
export const MAX_PASSKEYS = 10;
export const PASSKEY_NOT_ACCEPTED = "That passkey was not accepted. Please try again.";
export const PASSKEY_NOT_FOUND = "No such passkey.";
/** Challenges handed out to one address: each is a row until used or expired, so they are counted. */
export const PASSKEY_CHALLENGES_PER_ADDRESS: ThrottleRule = { scope: "passkey_challenge_address", limit: 60, windowMs: 15 * 60_000 };

/** The relying party is the clinic's public origin (PUBLIC_ORIGIN; outside production, the address the request came to). */
function relyingParty(ctx: RequestContext): { id: string; origin: string } {
  const hostname = URL.parse(ctx.request.origin ?? "")?.hostname;
  if (!ctx.request.origin || !hostname) throw new AppError("CONFLICT", "Passkeys need the clinic's public address (PUBLIC_ORIGIN).");
  return { id: hostname, origin: ctx.request.origin };
}

const tooManyPasskeys = () => new AppError("CONFLICT", `You have ${MAX_PASSKEYS} passkeys, the most you may have. Remove one first.`);

function toView(passkey: Passkey): PasskeyView {
  return { id: passkey.id, name: passkey.name, createdAt: passkey.createdAt, lastUsedAt: passkey.lastUsedAt };
}

export async function listOwnPasskeys(ctx: Member): Promise<PasskeyView[]> {
  return (await listPasskeys(ctx.db, ctx.user.id)).map(toView);
}

async function issueChallenge(ctx: RequestContext, challenge: string, purpose: WebauthnChallenge["purpose"], userId: number | null): Promise<void> {
  await insertWebauthnChallenge(ctx.db, { challenge, purpose, userId, expiresAt: new Date(ctx.now().getTime() + CEREMONY_MS).toISOString() });
}

/**
 * The challenge a browser signed, when it is one the server made for this ceremony, not yet used
 * and not expired, and made for `userId` when it was made for someone. Used up whatever the outcome.
 */
async function takeChallenge(ctx: RequestContext, clientDataJSON: string, purpose: WebauthnChallenge["purpose"], userId: number): Promise<string | undefined> {
  let challenge: string;
  try {
    challenge = decodeClientDataJSON(clientDataJSON).challenge;
  } catch {
    return undefined;
  }
  const taken = await takeWebauthnChallenge(ctx.db, challenge);
  const fits = taken && taken.purpose === purpose && ctx.now().getTime() < Date.parse(taken.expiresAt) && (taken.userId === null || taken.userId === userId);
  return fits ? challenge : undefined;
}

/** Options for the browser to make a new passkey: a sensitive change, so after a recent re-check. */
export async function beginPasskeyRegistration(ctx: Member): Promise<CeremonyOptions> {
  const rp = relyingParty(ctx);
  const existing = await listPasskeys(ctx.db, ctx.user.id);
  if (existing.length >= MAX_PASSKEYS) throw tooManyPasskeys();
  const options = await generateRegistrationOptions({
    rpName: ctx.config.clinicName,
    rpID: rp.id,
    userName: ctx.user.username,
    userDisplayName: `${ctx.user.firstName} ${ctx.user.lastName}`,
    // The same random handle for all of a member's passkeys, so an authenticator keeps one per account.
    userID: isoBase64URL.toBuffer(await passkeyHandleOf(ctx.db, ctx.user.id, randomBytes(32).toString("base64url"))),
    attestationType: "none",
    excludeCredentials: existing.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    // Discoverable, so it can be the whole sign-in; verified (PIN, face, finger), so it is two factors in one.
    authenticatorSelection: { residentKey: "required", userVerification: "required" },
    timeout: CEREMONY_MS,
  });
  await issueChallenge(ctx, options.challenge, "register", ctx.user.id);
  return { ...options };
}

/**
 * Saves the passkey the browser made. When the member had no recovery codes (this passkey turns
 * two-step sign-in on), it answers ten, shown this once. Audited; the member's other sessions end.
 */
export async function finishPasskeyRegistration(
  ctx: Member,
  name: string,
  response: RegistrationResponse,
  enrolmentCode?: string,
): Promise<{ passkey: PasskeyView; recoveryCodes: string[] }> {
  const rp = relyingParty(ctx);
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, "register", ctx.user.id);
  const verification = challenge
    ? await verifyRegistrationResponse({
        // Shaped by registrationResponseSchema; the library checks the rest.
        response: response as RegistrationResponseJSON,
        expectedChallenge: challenge,
        expectedOrigin: rp.origin,
        expectedRPID: rp.id,
        requireUserVerification: true,
      }).catch(() => undefined)
    : undefined;
  if (!verification?.verified) throw new AppError("INVALID_INPUT", "That passkey could not be added. Please try again.");
  const { credential } = verification.registrationInfo;
  const createdAt = ctx.now().toISOString();
  const fresh = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  // Slow hashes, made before the write transaction when the member has no codes yet (the usual first passkey).
  const prepared = (await factorsOf(ctx.db, ctx.user.id)).recoveryCodes === 0 ? await storedRecoveryCodes(fresh) : [];

  const { id, recoveryCodes, ended } = await ownAccountChange(
    ctx,
    "auth.passkey_add",
    async (trx) => {
      await useEnrolmentCodeWhereRequired(ctx, trx, enrolmentCode);
      if (await findPasskeyByCredentialId(trx, credential.id)) throw new AppError("CONFLICT", "This passkey is registered already.");
      const { id, count } = await insertPasskey(trx, {
        userId: ctx.user.id,
        credentialId: credential.id,
        publicKey: isoBase64URL.fromBuffer(credential.publicKey),
        signCount: credential.counter,
        transports: credential.transports ?? [],
        name,
        createdAt,
      });
      if (count > MAX_PASSKEYS) throw tooManyPasskeys();
      await removeAccountNotice(trx, ctx.user.id, "two_step_reset");
      const needCodes = (await factorsOf(trx, ctx.user.id)).recoveryCodes === 0;
      if (needCodes) await replaceRecoveryCodes(trx, ctx.user.id, prepared.length > 0 ? prepared : await storedRecoveryCodes(fresh));
      await tellOfSecurityChange(ctx, trx, ctx.user.id, "passkey_added");
      return { id, recoveryCodes: needCodes ? fresh : [], ended: await deleteOtherSessionsOf(ctx, trx) };
    },
    () => ({ name: typedTextForLog(name) }),
  );
  announceEnded(ctx, ended);
  return { passkey: { id, name, createdAt, lastUsedAt: null }, recoveryCodes };
}

export async function renameOwnPasskey(ctx: Member, id: number, name: string): Promise<PasskeyView> {
  const renamed = await ctx.db.transaction().execute(async (trx) => {
    const passkey = await renamePasskey(trx, ctx.user.id, id, name);
    if (!passkey) throw new AppError("NOT_FOUND", PASSKEY_NOT_FOUND);
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "auth.passkey_rename",
        outcome: "success",
        targetType: "passkey",
        targetId: id,
        details: { name: typedTextForLog(name) },
        request: ctx.request,
      },
      trx,
    );
    return passkey;
  });
  return toView(renamed);
}

/** Removes a passkey: a sensitive change (after a recent re-check), audited; the member's other sessions end. */
export async function removeOwnPasskey(ctx: Member, id: number): Promise<void> {
  const ended = await ownAccountChange(
    ctx,
    "auth.passkey_remove",
    async (trx) => {
      if (!(await deletePasskey(trx, ctx.user.id, id))) throw new AppError("NOT_FOUND", PASSKEY_NOT_FOUND);
      await tellOfSecurityChange(ctx, trx, ctx.user.id, "passkey_removed");
      return deleteOtherSessionsOf(ctx, trx);
    },
    () => ({ passkeyId: id }),
  );
  announceEnded(ctx, ended);
}

/**
 * Options for the browser to use a passkey, for whoever the server already knows: the signed-in
 * member (a re-check), the member of a pending sign-in (the second step), or nobody (a sign-in
 * with a passkey alone, the browser offering the passkeys it holds for the clinic).
 */
export async function beginPasskeyAssertion(ctx: RequestContext): Promise<CeremonyOptions> {
  const rp = relyingParty(ctx);
  const counted = await countAttempt(ctx, [{ rule: PASSKEY_CHALLENGES_PER_ADDRESS, key: ctx.request.ip ?? "unknown" }]);
  if (!counted.admitted) {
    const minutes = Math.ceil(counted.retryAfterSeconds / 60);
    throw new AppError("RATE_LIMITED", `Too many passkey requests. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`, {
      retryAfterSeconds: counted.retryAfterSeconds,
    });
  }
  const userId = ctx.user?.id ?? (await pendingMember(ctx))?.id ?? null;
  const allowed = userId === null ? [] : await listPasskeys(ctx.db, userId);
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: allowed.map((passkey) => ({ id: passkey.credentialId, transports: passkey.transports })),
    userVerification: "required",
    timeout: CEREMONY_MS,
  });
  await issueChallenge(ctx, options.challenge, "assert", userId);
  return { ...options };
}

async function pendingMember(ctx: RequestContext): Promise<User | undefined> {
  const token = ctx.pendingSignIn.token;
  const found = token ? await findPendingSignIn(ctx.db, hashSessionToken(token)) : undefined;
  return found && found.user.deactivatedAt === null && ctx.now().getTime() < Date.parse(found.pending.expiresAt) ? found.user : undefined;
}

/**
 * Verifies a passkey's signature over a challenge of ours, and answers whose passkey it is; the
 * counter it reports is stored. Undefined when anything is wrong (which the caller refuses).
 */
export async function verifyPasskeyAssertion(ctx: RequestContext, response: AuthenticationResponse): Promise<User | undefined> {
  const rp = relyingParty(ctx);
  const found = await findPasskeyByCredentialId(ctx.db, response.id);
  if (!found) return undefined;
  const { passkey, user } = found;
  const challenge = await takeChallenge(ctx, response.response.clientDataJSON, "assert", user.id);
  if (!challenge) return undefined;
  // The library throws for every way an answer can be wrong (a counter gone back included).
  const verification = await verifyAuthenticationResponse({
    // Shaped by authenticationResponseSchema; the library checks the rest.
    response: response as AuthenticationResponseJSON,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: { id: passkey.credentialId, publicKey: isoBase64URL.toBuffer(passkey.publicKey), counter: passkey.signCount },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) return undefined;
  // A counter that went back means a copy of the passkey: refused.
  if (!(await recordPasskeyUse(ctx.db, passkey.id, verification.authenticationInfo.newCounter, ctx.now().toISOString()))) return undefined;
  return user;
}
