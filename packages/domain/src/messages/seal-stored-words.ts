// Messages from before sealing began are still words in the database. Sealing needs only public
// keys, so the server seals them itself as soon as both people and the clinic have keys (when a
// member saves keys, or an admin makes the records key), to the same three keys as any message,
// and overwrites the words (SQLite's secure_delete zeroes what they occupied).
import { findRecordsKey, messagesStillInWords, replaceWordsWithSealed, type User } from "@halcyon/db";
import { sealMessage, type PublicKey } from "@halcyon/sealed";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";

/** Messages sealed per transaction: each costs about a millisecond to seal. */
const BATCH = 100;

const publicKeyOf = (key: { kid: string; publicKey: string }): PublicKey => ({ kid: key.kid, publicKey: JSON.parse(key.publicKey) as PublicKey["publicKey"] });

/**
 * Seals every message still in words that can now be sealed: only `userId`'s when given (their
 * keys just changed), else the clinic's (its records key was just made). Answers how many.
 */
export async function sealStoredWords(ctx: RequestContext & { user: User }, userId?: number): Promise<number> {
  const records = await findRecordsKey(ctx.db);
  if (!records) return 0;
  const clinic = publicKeyOf(records);
  let sealed = 0;
  for (;;) {
    const batch = await messagesStillInWords(ctx.db, { ...(userId !== undefined ? { userId } : {}), limit: BATCH });
    if (batch.length === 0) break;
    const envelopes = await Promise.all(
      batch.map(async (message) => ({
        id: message.id,
        content: await sealMessage({ text: message.content }, [publicKeyOf(message.senderKey), publicKeyOf(message.receiverKey), clinic]),
      })),
    );
    const count = await ctx.db.transaction().execute(async (trx) => {
      let replaced = 0;
      for (const envelope of envelopes) if (await replaceWordsWithSealed(trx, envelope.id, envelope.content)) replaced += 1;
      await recordAudit(ctx, { actorId: ctx.user.id, action: "messages.seal", outcome: "success", details: { count: replaced }, request: ctx.request }, trx);
      return replaced;
    });
    sealed += count;
    if (batch.length < BATCH) break;
  }
  return sealed;
}
