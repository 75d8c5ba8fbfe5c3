// Messaging keys (issue 18): each member's key pair, made and sealed in their browser, and the
// clinic's records key, made in an admin's browser. The server stores public keys and sealed
// private keys; it never holds a key that opens a message. A public key goes only to those who
// may write to its member.
import { createRecordsKey, findMemberKeys, findRecordsKey, ownerOfKey, saveMemberKeys, type User } from "@halcyon/db";
import { keyIdOf } from "@halcyon/sealed";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { writablePartner } from "../messages/messaging";
import { sealStoredWords } from "../messages/seal-stored-words";
import { requireRecentCheck } from "../two-step/recent-check";
import type { MemberPublicKey, MyKeys, PublicJwk, PublicKeyView } from "./keys.schema";

type Member = RequestContext & { user: User };

export const NO_KEYS_YET = "No messaging keys yet.";
export const NO_RECORDS_KEY = "The clinic has not set up secure messaging yet: an admin creates its records key under System Settings.";

const parseJwk = (stored: string) => JSON.parse(stored) as PublicJwk;

/** The member's own keys: the public key and the private key sealed twice, as their browser left them. */
export async function myKeys(ctx: Member): Promise<MyKeys> {
  const keys = await findMemberKeys(ctx.db, ctx.user.id);
  if (!keys) throw new AppError("NOT_FOUND", NO_KEYS_YET);
  return { kid: keys.kid, publicKey: parseJwk(keys.publicKey), sealedPrivateKey: keys.sealedPrivateKey, sealedRecoveryKey: keys.sealedRecoveryKey };
}

/**
 * Stores a new set of keys (the first, a fresh pair after a reset, or the same pair sealed anew
 * after a password change). A change of key would let whoever holds the session read what is
 * sent from then on, so it needs a recent re-check (a sign-in is one).
 */
export async function saveMyKeys(ctx: Member, input: { publicKey: PublicJwk; sealedPrivateKey: string; sealedRecoveryKey: string }): Promise<MyKeys> {
  if (ctx.user.role === "admin") throw new AppError("FORBIDDEN", "Messaging keys are for patients and doctors.");
  await requireRecentCheck(ctx);
  const kid = await keyIdOf(input.publicKey);
  const owner = await ownerOfKey(ctx.db, kid);
  if (owner !== undefined && owner !== ctx.user.id) throw new AppError("CONFLICT", "This key belongs to another member: make a new one.");
  const previous = await findMemberKeys(ctx.db, ctx.user.id);
  await ctx.db.transaction().execute(async (trx) => {
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
        details: { kid, change: previous === undefined ? "created" : previous.kid === kid ? "resealed" : "replaced" },
        request: ctx.request,
      },
      trx,
    );
  });
  await sealStoredWords(ctx, ctx.user.id);
  return { kid, publicKey: input.publicKey, sealedPrivateKey: input.sealedPrivateKey, sealedRecoveryKey: input.sealedRecoveryKey };
}

/** The public key of someone the caller may write to; anyone else's does not exist for them. */
export async function keyOf(ctx: Member, userId: number): Promise<MemberPublicKey> {
  const partner = await writablePartner(ctx, userId);
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
