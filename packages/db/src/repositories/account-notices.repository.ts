import type { AccountNoticeKind } from "../schema";
import type { Db } from "./db";

export interface AccountNotice {
  kind: AccountNoticeKind;
  createdAt: string;
}

/** Leaves a notice for the member's next visit; a notice of that kind already waiting stays as it is. */
export async function addAccountNotice(db: Db, userId: number, kind: AccountNoticeKind, createdAt: string): Promise<void> {
  await db
    .insertInto("account_notices")
    .values({ user_id: userId, kind, created_at: createdAt })
    .onConflict((conflict) => conflict.columns(["user_id", "kind"]).doNothing())
    .execute();
}

export async function listAccountNotices(db: Db, userId: number): Promise<AccountNotice[]> {
  const rows = await db.selectFrom("account_notices").select(["kind", "created_at"]).where("user_id", "=", userId).orderBy("created_at").execute();
  return rows.map((row) => ({ kind: row.kind, createdAt: row.created_at }));
}

/** Removes a notice once it is dismissed or acted on; true when there was one. */
export async function removeAccountNotice(db: Db, userId: number, kind: AccountNoticeKind): Promise<boolean> {
  const result = await db.deleteFrom("account_notices").where("user_id", "=", userId).where("kind", "=", kind).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
