// The one way anything leaves the app: a notice is written to the outbox in the transaction of
// the change it tells of, so it exists exactly when the change does, and the worker
// (apps/api/src/notices/) sends it afterwards, with retries. Who gets it is decided here, by the
// rules of recipient-reach.ts.
import { insertNotices, readNoticeRecipients, readTextNumbers, type Db, type NewNotice, type NoticeRecipientRow } from "@halcyon/db";
import type { ClinicServices } from "../context";
import type { ClinicFacts, NoticeAddressee, NoticeKindSpec } from "./notice-content";
import { NOTICE_KINDS, type NoticeKind, type NoticeParams } from "./notice-kinds";
import { noticeReach } from "./recipient-reach";

export interface NoticeRequest<Kind extends NoticeKind = NoticeKind> {
  kind: Kind;
  userId: number;
  params: NoticeParams<Kind>;
  /** A notice that must exist once (a reminder): a second request with the same key is dropped. */
  dedupeKey?: string;
  /** Only the address verification itself goes to an address not yet verified: the one given here. */
  unverifiedAddress?: string;
}

/** Whom a notice to an address with no account is addressed to: nobody by name, on the clinic's clock. */
export function guestAddressee(services: Pick<ClinicServices, "config">): NoticeAddressee {
  return { userId: null, firstName: "", timeZone: services.config.clinicTimeZone };
}

/**
 * Writes one email to an address with no account, inside the change's transaction: only of a
 * kind made for guests (an invitation to make an account), so no member's notice ever goes to
 * an address that is not theirs.
 */
export async function enqueueGuestNotice<Kind extends NoticeKind>(
  services: Pick<ClinicServices, "config" | "now"> & Partial<Pick<ClinicServices, "outbox">>,
  trx: Db,
  { kind, toAddress, params, dedupeKey }: { kind: Kind; toAddress: string; params: NoticeParams<Kind>; dedupeKey: string },
): Promise<void> {
  const spec = NOTICE_KINDS[kind] as NoticeKindSpec<unknown>;
  if (!spec.guests) throw new Error(`notices of kind ${kind} go to members only`);
  const now = services.now().toISOString();
  await insertNotices(trx, [
    {
      kind,
      channel: "email",
      userId: null,
      toAddress,
      subject: spec.subject(params, guestAddressee(services), clinicFacts(services)),
      params,
      status: "waiting",
      nextAttemptAt: now,
      createdAt: now,
      dedupeKey: `${dedupeKey}:email`,
    },
  ]);
  services.outbox?.queued();
}

export function clinicFacts(services: Pick<ClinicServices, "config">): ClinicFacts {
  return { clinicName: services.config.clinicName, nameClinician: services.config.notices.nameClinician };
}

export function addresseeOf(services: Pick<ClinicServices, "config">, recipient: Pick<NoticeRecipientRow, "id" | "firstName" | "timeZone">): NoticeAddressee {
  return { userId: recipient.id, firstName: recipient.firstName, timeZone: recipient.timeZone ?? services.config.clinicTimeZone };
}

/**
 * Writes the notices of a change, inside its transaction. `outbox` (every ClinicServices has it)
 * wakes the worker; a caller without it leaves the notices to the worker's next poll.
 */
export async function enqueueNotices(
  services: Pick<ClinicServices, "config" | "now"> & Partial<Pick<ClinicServices, "outbox">>,
  trx: Db,
  requests: NoticeRequest[],
): Promise<void> {
  if (requests.length === 0) return;
  const userIds = requests.map((request) => request.userId);
  const texts = services.config.textMessages && requests.some((request) => NOTICE_KINDS[request.kind].channels.some((channel) => channel === "sms"));
  const [recipients, textNumbers] = await Promise.all([readNoticeRecipients(trx, userIds), texts ? readTextNumbers(trx, userIds) : new Map<number, string>()]);
  const byId = new Map(recipients.map((recipient) => [recipient.id, recipient]));
  const now = services.now().toISOString();
  const clinic = clinicFacts(services);
  const notices: NewNotice[] = [];
  for (const request of requests) {
    const recipient = byId.get(request.userId);
    const spec = NOTICE_KINDS[request.kind] as NoticeKindSpec<unknown>;
    if (!recipient) continue;
    for (const channel of spec.channels) {
      const reach = noticeReach(spec, channel, recipient, {
        textNumber: textNumbers.get(recipient.id),
        unverifiedAddress: request.unverifiedAddress,
      });
      if (!("address" in reach)) continue;
      notices.push({
        kind: request.kind,
        channel,
        userId: recipient.id,
        toAddress: reach.address,
        subject: spec.subject(request.params, addresseeOf(services, recipient), clinic),
        params: request.params,
        status: "waiting",
        nextAttemptAt: now,
        createdAt: now,
        dedupeKey: request.dedupeKey === undefined ? null : `${request.dedupeKey}:${channel}`,
      });
    }
  }
  await insertNotices(trx, notices);
  if (notices.length > 0) services.outbox?.queued();
}
