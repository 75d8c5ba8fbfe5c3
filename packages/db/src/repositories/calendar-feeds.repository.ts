import type { Db } from "./db";

export async function replaceCalendarFeed(db: Db, userId: number, tokenHash: string, createdAt: string): Promise<void> {
  await db
    .insertInto("calendar_feeds")
    .values({ user_id: userId, token_hash: tokenHash, created_at: createdAt })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ token_hash: tokenHash, created_at: createdAt }))
    .execute();
}

export async function deleteCalendarFeed(db: Db, userId: number): Promise<void> {
  await db.deleteFrom("calendar_feeds").where("user_id", "=", userId).execute();
}

export async function findCalendarFeed(db: Db, userId: number): Promise<{ createdAt: string } | undefined> {
  const row = await db.selectFrom("calendar_feeds").select("created_at").where("user_id", "=", userId).executeTakeFirst();
  return row && { createdAt: row.created_at };
}

export async function findCalendarFeedOwner(db: Db, tokenHash: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("calendar_feeds as f")
    .innerJoin("users as u", "u.id", "f.user_id")
    .select("u.id")
    .where("f.token_hash", "=", tokenHash)
    .where("u.deactivated_at", "is", null)
    .executeTakeFirst();
  return row?.id;
}
