// Messaging keys (issue 18): each member's key pair, made and sealed in their browser, and the
// clinic's records key, made in an admin's browser. The server stores public keys and sealed
// private keys; it never holds a key that opens a message. A public key goes only to those who
// may write to its member.
import {
  createRecordsKey,
  deletePasskeySealsOf,
  findMemberKeys,
  findRecordsKey,
  listPasskeys,
  listPasskeySeals,
  ownerOfKey,
  saveMemberKeys,
  savePasskeySeal,
  type User,
} from "@halcyon/db";
import { keyIdOf } from "@halcyon/sealed";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { writablePartner } from "../messages/messaging";
import { sealStoredWords } from "../messages/seal-stored-words";
import type { MemberPublicKey, MyKeys, PasskeySealView, PublicJwk, PublicKeyView } from "./keys.schema";

type Member = RequestContext & { user: User };

export const NO_KEYS_YET = "No messaging keys yet.";
export const NO_RECORDS_KEY = "The clinic has not set up secure messaging yet: an admin creates its records key under System Settings.";

const parseJwk = (stored: string) => JSON.parse(stored) as PublicJwk;

/**
 * The member's own keys: the public key and the private key sealed under their password's seal
 * secret, their recovery code and each passkey that has a seal. A sealed key is an offline target
 * for guessing, so only a session that has just proved who is behind it gets it (a sign-in or a
 * re-check within 5 minutes: rechecked-procedures.ts), and every read is audited.
 */
export async function myKeys(ctx: Member): Promise<MyKeys> {
  const keys = await findMemberKeys(ctx.db, ctx.user.id);
  if (!keys) throw new AppError("NOT_FOUND", NO_KEYS_YET);
  const passkeySeals = await listPasskeySeals(ctx.db, ctx.user.id);
  await recordAudit(ctx, {
    actorId: ctx.user.id,
    action: "keys.read",
    outcome: "success",
    targetType: "user",
    targetId: ctx.user.id,
    details: { kid: keys.kid },
    request: ctx.request,
  });
  return {
    kid: keys.kid,
    publicKey: parseJwk(keys.publicKey),
    sealedPrivateKey: keys.sealedPrivateKey,
    sealedRecoveryKey: keys.sealedRecoveryKey,
    passkeySeals,
  };
}

/**
 * Stores a new set of keys (the first, a fresh pair after a reset, or the same pair sealed anew
 * after a password change). A change of key would let whoever holds the session read what is
 * sent from then on, so it needs a recent re-check (a sign-in is one). A new pair drops every
 * passkey seal: they seal the old private key.
 */
export async function saveMyKeys(ctx: Member, input: { publicKey: PublicJwk; sealedPrivateKey: string; sealedRecoveryKey: string }): Promise<MyKeys> {
  if (ctx.user.role === "admin") throw new AppError("FORBIDDEN", "Messaging keys are for patients and doctors.");
  const kid = await keyIdOf(input.publicKey);
  const owner = await ownerOfKey(ctx.db, kid);
  if (owner !== undefined && owner !== ctx.user.id) throw new AppError("CONFLICT", "This key belongs to another member: make a new one.");
  const previous = await findMemberKeys(ctx.db, ctx.user.id);
  const change = previous === undefined ? "created" : previous.kid === kid ? "resealed" : "replaced";
  const passkeySeals = await ctx.db.transaction().execute(async (trx) => {
    await saveMemberKeys(trx, {
      userId: ctx.user.id,
      kid,
      publicKey: JSON.stringify(input.publicKey),
      sealedPrivateKey: input.sealedPrivateKey,
      sealedRecoveryKey: input.sealedRecoveryKey,
      createdAt: ctx.now().toISOString(),
    });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "keys.save",
        outcome: "success",
        targetType: "user",
        targetId: ctx.user.id,
        details: { kid, change },
        request: ctx.request,
      },
      trx,
    );
    if (change === "replaced") await deletePasskeySealsOf(trx, ctx.user.id);
    return listPasskeySeals(trx, ctx.user.id);
  });
  await sealStoredWords(ctx, ctx.user.id);
  return { kid, publicKey: input.publicKey, sealedPrivateKey: input.sealedPrivateKey, sealedRecoveryKey: input.sealedRecoveryKey, passkeySeals };
}

/**
 * Stores the private key sealed under a key from one of the member's passkeys (its PRF output,
 * which never leaves the browser), so that passkey alone unlocks their messages. Someone else's
 * passkey, or one that does not exist, is not found.
 */
export async function savePasskeySealOf(ctx: Member, input: PasskeySealView): Promise<PasskeySealView> {
  if (ctx.user.role === "admin") throw new AppError("FORBIDDEN", "Messaging keys are for patients and doctors.");
  const passkey = (await listPasskeys(ctx.db, ctx.user.id)).find((own) => own.credentialId === input.credentialId);
  if (!passkey) throw new AppError("NOT_FOUND", "You have no passkey with this credential id.");
  const keys = await findMemberKeys(ctx.db, ctx.user.id);
  if (!keys) throw new AppError("NOT_FOUND", NO_KEYS_YET);
  await ctx.db.transaction().execute(async (trx) => {
    await savePasskeySeal(trx, { passkeyId: passkey.id, userId: ctx.user.id, sealedPrivateKey: input.sealedPrivateKey, createdAt: ctx.now().toISOString() });
    await recordAudit(
      ctx,
      {
        actorId: ctx.user.id,
        action: "keys.passkey_seal",
        outcome: "success",
        targetType: "user",
        targetId: ctx.user.id,
        details: { kid: keys.kid, passkeyId: passkey.id },
        request: ctx.request,
      },
      trx,
    );
  });
  return { credentialId: passkey.credentialId, sealedPrivateKey: input.sealedPrivateKey };
}

/**
 * The public key of someone the caller may write to, or the caller's own (what their browser seals
 * its copy of each message to, without the recent check the sealed private key needs); anyone
 * else's does not exist for them.
 */
export async function keyOf(ctx: Member, userId: number): Promise<MemberPublicKey> {
  const partner = userId === ctx.user.id ? ctx.user : await writablePartner(ctx, userId);
  const keys = await findMemberKeys(ctx.db, partner.id);
  if (!keys) throw new AppError("NOT_FOUND", `${partner.firstName} ${partner.lastName} has not set up secure messaging yet.`);
  return { userId: partner.id, kid: keys.kid, publicKey: parseJwk(keys.publicKey) };
}

/** The clinic's records key, which every message is also sealed to. */
export async function clinicKey(ctx: RequestContext): Promise<PublicKeyView> {
  const key = await findRecordsKey(ctx.db);
  if (!key) throw new AppError("NOT_FOUND", NO_RECORDS_KEY);
  return { kid: key.kid, publicKey: parseJwk(key.publicKey) };
}

/** An admin sets the clinic's records key, once (its private half stays off line with the clinic). */
export async function setRecordsKey(ctx: Member, publicKey: PublicJwk): Promise<PublicKeyView> {
  const kid = await keyIdOf(publicKey);
  const created = await ctx.db.transaction().execute(async (trx) => {
    if (!(await createRecordsKey(trx, { kid, publicKey: JSON.stringify(publicKey), createdBy: ctx.user.id, createdAt: ctx.now().toISOString() }))) return false;
    await recordAudit(ctx, { actorId: ctx.user.id, action: "admin.records_key", outcome: "success", details: { kid }, request: ctx.request }, trx);
    return true;
  });
  if (!created) throw new AppError("CONFLICT", "The clinic's records key is already set: it is made once.");
  await sealStoredWords(ctx);
  return { kid, publicKey };
}
