// The Delivery log (admins only): every notice's kind, recipient, time and how its delivery went,
// and a way to send one again. Of a notice's content it shows the subject, never more.
import { listDeliveryLog, readNoticeRecipients, readTextNumbers, requeueNotice, type DeliveryLogRow, type Db, type NoticeStatus, type User } from "@halcyon/db";
import { recordAudit } from "../audit/audit";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import type { DeliveredNotice, DeliveryLogInput, DeliveryLogPage } from "./delivery-log.schema";
import type { NoticeKindSpec } from "./notice-content";
import { NOTICE_KINDS, type NoticeKind } from "./notice-kinds";
import { NOTICE_TOPICS } from "./notice-switches";
import { enqueueNotices } from "./outbox";
import { noticeReach } from "./recipient-reach";

type Admin = RequestContext & { user: User };

const PAGE = 50;

const STATUSES_OF: Record<NonNullable<NonNullable<DeliveryLogInput>["status"]>, NoticeStatus[]> = {
  waiting: ["waiting", "sending"],
  sent: ["sent"],
  failed: ["failed"],
  given_up: ["given_up"],
  unsent: ["unsent"],
};

export const NO_VERIFIED_ADDRESS = "Your account has no verified email address to send a test to. Add one on your account page and follow the link sent to it.";
export const NOTICE_BEING_SENT = "This notice is being sent right now. Look again in a moment.";

function toDeliveredNotice(row: DeliveryLogRow): DeliveredNotice {
  return {
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: { userId: row.userId, name: row.recipientName, address: row.toAddress },
    subject: row.subject,
    createdAt: row.createdAt,
    status: row.status,
    attempts: row.attempts,
    result: row.result,
    sentAt: row.sentAt,
    nextAttemptAt: row.status === "failed" || row.status === "waiting" ? row.nextAttemptAt : null,
  };
}

/** A page of the log, newest first. */
export async function deliveryLogPage(ctx: Admin, input: DeliveryLogInput): Promise<DeliveryLogPage> {
  const limit = input?.limit ?? PAGE;
  const rows = await listDeliveryLog(ctx.db, {
    limit,
    ...(input?.status ? { status: STATUSES_OF[input.status] } : {}),
    ...(input?.before ? { before: Number(input.before) } : {}),
  });
  const last = rows.at(-1);
  return { notices: rows.map(toDeliveredNotice), nextBefore: rows.length === limit && last ? String(last.id) : null };
}

/**
 * Where a notice sent again goes: the member's address on its channel as it is now, by the same
 * rules as when it was written (recipient-reach.ts). The address may have changed or lost its
 * verification, the member may be deactivated or have switched the topic off since: an admin's
 * word does not override the member's.
 */
async function addressNow(ctx: Admin, trx: Db, notice: DeliveryLogRow): Promise<string> {
  const who = notice.recipientName ?? "This member";
  const spec = NOTICE_KINDS[notice.kind as NoticeKind] as NoticeKindSpec<unknown> | undefined;
  // An invitation to make an account goes again to the address it was written to: there is no member to ask.
  if (spec?.guests && notice.userId === null) return notice.toAddress;
  const [recipient] = notice.userId === null ? [] : await readNoticeRecipients(trx, [notice.userId]);
  if (!spec || !recipient) throw new AppError("CONFLICT", "This notice's member no longer has an account, so it cannot be sent again.");
  // The verification link is for the one address it was sent to, and only while that is unconfirmed.
  const verifying = notice.kind === "email_verification";
  if (verifying && (recipient.email !== notice.toAddress || recipient.emailVerifiedAt !== null))
    throw new AppError("CONFLICT", `${who} has confirmed or changed their email address since this link was sent, so it is not sent again.`);
  if (notice.channel === "sms" && !ctx.config.textMessages) throw new AppError("CONFLICT", "This clinic no longer sends text messages.");
  const textNumbers = notice.channel === "sms" ? await readTextNumbers(trx, [recipient.id]) : new Map<number, string>();
  const reach = noticeReach(spec, notice.channel, recipient, {
    textNumber: textNumbers.get(recipient.id),
    unverifiedAddress: verifying ? notice.toAddress : undefined,
  });
  if ("address" in reach) return reach.address;
  const refusals: Record<typeof reach.refused, string> = {
    inactive: `${who}'s account is deactivated, so this notice is not sent again.`,
    switched_off: `${who} has turned off ${NOTICE_TOPICS[spec.topic].label} notices by ${notice.channel === "sms" ? "text" : "email"}, so this notice is not sent again.`,
    no_address:
      notice.channel === "sms"
        ? `${who} no longer takes text messages, so this notice is not sent again.`
        : `${who} has no verified email address now, so this notice is not sent again.`,
  };
  throw new AppError("CONFLICT", refusals[reach.refused]);
}

/** "Send again": the notice goes back in the queue with every attempt before it, to the member's address now. */
export async function resendNotice(ctx: Admin, id: number): Promise<DeliveredNotice> {
  const row = await ctx.db.transaction().execute(async (trx) => {
    const [found] = await listDeliveryLog(trx, { id, limit: 1 });
    if (!found) throw new AppError("NOT_FOUND", "There is no such notice.");
    const toAddress = await addressNow(ctx, trx, found);
    if (!(await requeueNotice(trx, id, toAddress, ctx.now().toISOString()))) throw new AppError("CONFLICT", NOTICE_BEING_SENT);
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "notice.resend", targetType: "notice", targetId: String(id), outcome: "success", request: ctx.request },
      trx,
    );
    const [requeued] = await listDeliveryLog(trx, { id, limit: 1 });
    return requeued!;
  });
  ctx.outbox.queued();
  return toDeliveredNotice(row);
}

/** "Send a test email" to the admin's own verified address. */
export async function sendTestEmail(ctx: Admin): Promise<void> {
  const [me] = await readNoticeRecipients(ctx.db, [ctx.user.id]);
  if (!me?.email || me.emailVerifiedAt === null) throw new AppError("CONFLICT", NO_VERIFIED_ADDRESS);
  await ctx.db.transaction().execute(async (trx) => {
    await enqueueNotices(ctx, trx, [{ kind: "clinic_test_email", userId: ctx.user.id, params: { requestedAt: ctx.now().toISOString() } }]);
    await recordAudit(ctx, { actorId: ctx.user.id, action: "notice.test_send", outcome: "success", request: ctx.request }, trx);
  });
}
