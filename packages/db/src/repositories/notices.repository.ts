// The outbox (see the migration 2026-11-30T0000-outbox): notices are written in the transaction of
// the change they tell of, and sent afterwards by the worker.
import type { NoticeChannel, NoticeStatus } from "../schema";
import type { Db } from "./db";

export interface NewNotice {
  kind: string;
  channel: NoticeChannel;
  userId: number | null;
  toAddress: string;
  subject: string;
  params: unknown;
  status: NoticeStatus;
  nextAttemptAt: string;
  createdAt: string;
  dedupeKey: string | null;
}

/** Writes notices; one whose dedupe key is taken already is left out. */
export async function insertNotices(db: Db, notices: NewNotice[]): Promise<void> {
  if (notices.length === 0) return;
  await db
    .insertInto("notices")
    .values(
      notices.map((notice) => ({
        kind: notice.kind,
        channel: notice.channel,
        user_id: notice.userId,
        to_address: notice.toAddress,
        subject: notice.subject,
        params: JSON.stringify(notice.params),
        status: notice.status,
        next_attempt_at: notice.nextAttemptAt,
        created_at: notice.createdAt,
        dedupe_key: notice.dedupeKey,
      })),
    )
    // The keys' index holds only the rows that have one: the conflict names it by its predicate.
    .onConflict((conflict) => conflict.column("dedupe_key").where("dedupe_key", "is not", null).doNothing())
    .execute();
}

/** Whom a notice may reach: what the outbox needs of each member, in one read. */
export interface NoticeRecipientRow {
  id: number;
  firstName: string;
  email: string | null;
  emailVerifiedAt: string | null;
  phoneNumber: string;
  timeZone: string | null;
  active: boolean;
  /** The switches the member turned off, as "topic:channel". */
  switchedOff: Set<string>;
}

/** The members among `userIds`, each with the switches they turned off: one statement (a booking's outbox reads only this). */
export async function readNoticeRecipients(db: Db, userIds: number[]): Promise<NoticeRecipientRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("users")
    .leftJoin("notice_preferences", (join) => join.onRef("notice_preferences.user_id", "=", "users.id").on("notice_preferences.enabled", "=", 0))
    .select([
      "users.id",
      "users.first_name",
      "users.email",
      "users.email_verified_at",
      "users.phone_number",
      "users.time_zone",
      "users.deactivated_at",
      "notice_preferences.topic",
      "notice_preferences.channel",
    ])
    .where("users.id", "in", [...new Set(userIds)])
    .execute();
  const recipients = new Map<number, NoticeRecipientRow>();
  for (const row of rows) {
    let recipient = recipients.get(row.id);
    if (!recipient) {
      recipient = {
        id: row.id,
        firstName: row.first_name,
        email: row.email,
        emailVerifiedAt: row.email_verified_at,
        phoneNumber: row.phone_number,
        timeZone: row.time_zone,
        active: row.deactivated_at === null,
        switchedOff: new Set(),
      };
      recipients.set(row.id, recipient);
    }
    if (row.topic !== null && row.channel !== null) recipient.switchedOff.add(`${row.topic}:${row.channel}`);
  }
  return [...recipients.values()];
}

/** Marks a single-use link used; a unique violation means it was used before. */
export async function insertSpentLink(db: Db, id: string, at: string): Promise<void> {
  await db.insertInto("spent_links").values({ id, spent_at: at }).execute();
}

/** Of `keys`, the dedupe keys already written: reads of the key's unique index. */
export async function writtenDedupeKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const written = new Set<string>();
  // In slices, well under both databases' limits on a statement's parameters.
  for (let index = 0; index < keys.length; index += 500) {
    const rows = await db
      .selectFrom("notices")
      .select("dedupe_key")
      .where("dedupe_key", "in", keys.slice(index, index + 500))
      .execute();
    for (const row of rows) if (row.dedupe_key !== null) written.add(row.dedupe_key);
  }
  return written;
}
