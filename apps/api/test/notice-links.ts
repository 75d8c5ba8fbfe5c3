// The links of a notice as its recipient gets them: what the outbox's worker does at send time
// (compose the kind from the row's params, sign each signed link for the recipient), done here so
// that tests can follow a notice's link without a mail server.
import { addresseeOf, clinicFacts, composeNotice, noticeKind, signLink } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";

export interface NoticeRow {
  id: number;
  kind: string;
  userId: number | null;
  toAddress: string;
  subject: string;
  params: Record<string, unknown>;
}

/** The notices of `kind` written for `userId`, oldest first. */
export async function noticesOf(app: FastifyInstance, userId: number, kind?: string): Promise<NoticeRow[]> {
  let query = app.clinic.db.selectFrom("notices").selectAll().where("user_id", "=", userId);
  if (kind) query = query.where("kind", "=", kind);
  const rows = await query.orderBy("id").execute();
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    toAddress: row.to_address,
    subject: row.subject,
    params: JSON.parse(row.params) as Record<string, unknown>,
  }));
}

/** The token of the first signed link of a notice, signed for its recipient with the server's secrets, as the worker signs it. */
export async function tokenOf(app: FastifyInstance, notice: NoticeRow): Promise<string> {
  const spec = noticeKind(notice.kind);
  if (!spec || notice.userId === null) throw new Error(`no kind ${notice.kind}, or no recipient`);
  const recipient = await app.clinic.db.selectFrom("users").select(["id", "first_name", "time_zone"]).where("id", "=", notice.userId).executeTakeFirstOrThrow();
  const content = composeNotice(
    spec,
    notice.params,
    addresseeOf(app.clinic, { id: recipient.id, firstName: recipient.first_name, timeZone: recipient.time_zone }),
    clinicFacts(app.clinic),
  );
  const signed = content.actions.find((action) => action.link.signed)?.link.signed;
  if (!signed) throw new Error(`a ${notice.kind} notice has no signed link`);
  return signLink(app.clinic.secrets, { ...signed, userId: notice.userId });
}

/** The token of the newest notice of `kind` for `userId`. */
export async function latestToken(app: FastifyInstance, userId: number, kind: string): Promise<string> {
  const notice = (await noticesOf(app, userId, kind)).at(-1);
  if (!notice) throw new Error(`no ${kind} notice for user ${userId}`);
  return tokenOf(app, notice);
}
