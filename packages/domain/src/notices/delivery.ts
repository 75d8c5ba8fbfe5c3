// What the worker (apps/api/src/notices/) asks of the domain for each notice it sends: the
// content, composed afresh for the recipient as they are now, with every link absolute and the
// signed ones signed for them (a usable link exists only in the message, never in the database);
// the one-click unsubscribe address of a notice that can be switched off; and when to try again.
import type { ClaimedNotice, NoticeRecipientRow } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { signLink } from "./signed-links";
import { composeNotice, type NoticeContent, type NoticeKindSpec, type NoticeLink } from "./notice-content";
import { noticeKind } from "./notice-kinds";
import { addresseeOf, clinicFacts, guestAddressee } from "./outbox";

/** How long a one-click unsubscribe address works: mail apps keep the header as long as the email. */
const UNSUBSCRIBE_LINK_DAYS = 365;

export const NOTICE_RETRIES = {
  /** A server that answers "try later" (4xx), or cannot be reached: about two hours of tries. */
  attempts: 8,
  /** A server that refuses the message (5xx): a refusal seldom changes, but a fixed setting or mailbox may. */
  refusedAttempts: 3,
  firstDelayMs: 60_000,
  maxDelayMs: 60 * 60_000,
} as const;

/** What became of an attempt that failed: tried again later, or given up after the last. */
export function afterFailedAttempt(attempts: number, refused: boolean, now: Date): { giveUp: true } | { giveUp: false; nextAttemptAt: string } {
  if (attempts >= (refused ? NOTICE_RETRIES.refusedAttempts : NOTICE_RETRIES.attempts)) return { giveUp: true };
  const delay = Math.min(NOTICE_RETRIES.firstDelayMs * 2 ** (attempts - 1), NOTICE_RETRIES.maxDelayMs);
  return { giveUp: false, nextAttemptAt: new Date(now.getTime() + delay).toISOString() };
}

export interface PreparedNotice {
  spec: NoticeKindSpec<unknown>;
  /** Links absolute, signed ones with their token. */
  content: NoticeContent;
  /** RFC 8058's List-Unsubscribe target, for notices that can be switched off. */
  unsubscribeUrl: string | null;
}

type DeliveryServices = Pick<ClinicServices, "config" | "secrets" | "now">;

/** The notice ready to render, or why it is not sent at all. */
export function prepareNotice(
  services: DeliveryServices,
  notice: ClaimedNotice,
  recipient: NoticeRecipientRow | undefined,
): PreparedNotice | { unsent: string } {
  const spec = noticeKind(notice.kind);
  if (!spec) return { unsent: "This kind of notice is no longer sent." };
  // An address with no account: only a kind made for guests, whose links are plain pages.
  if (notice.userId === null && spec.guests) {
    const composed = composeNotice(spec, notice.params, guestAddressee(services), clinicFacts(services));
    const plain = (noticeLink: NoticeLink): NoticeLink => ({ path: new URL(noticeLink.path, services.config.publicOrigin).toString() });
    return {
      spec,
      content: { ...composed, actions: composed.actions.map((action) => ({ label: action.label, link: plain(action.link) })) },
      unsubscribeUrl: null,
    };
  }
  if (!recipient) return { unsent: "The member's account no longer exists." };
  if (!recipient.active) return { unsent: "The member's account is deactivated." };
  const composed = composeNotice(spec, notice.params, addresseeOf(services, recipient), clinicFacts(services));
  const link = (noticeLink: NoticeLink): NoticeLink => ({ path: absoluteUrl(services, noticeLink, recipient.id) });
  const content: NoticeContent = {
    ...composed,
    actions: composed.actions.map((action) => ({ label: action.label, link: link(action.link) })),
    ...(composed.calendar ? { calendar: { ...composed.calendar, ...(composed.calendar.url ? { url: link(composed.calendar.url) } : {}) } } : {}),
  };
  return { spec, content, unsubscribeUrl: spec.essential ? null : unsubscribeUrl(services, recipient.id, spec) };
}

/** A page of the app as a link in a message: PUBLIC_ORIGIN's, with `?token=` when it is signed. */
function absoluteUrl(services: DeliveryServices, link: NoticeLink, userId: number): string {
  const url = new URL(link.path, services.config.publicOrigin);
  if (link.signed) {
    const { purpose, targetId, expiresAt, singleUse } = link.signed;
    url.searchParams.set("token", signLink(services.secrets, { purpose, userId, ...(targetId !== undefined ? { targetId } : {}), expiresAt, singleUse }));
  }
  return url.toString();
}

/** Where a mail app's "Unsubscribe" posts (RFC 8058): it turns off this notice's topic, and only that. */
function unsubscribeUrl(services: DeliveryServices, userId: number, spec: NoticeKindSpec<unknown>): string {
  const expiresAt = new Date(services.now().getTime() + UNSUBSCRIBE_LINK_DAYS * 86_400_000).toISOString();
  const url = new URL("/api/notices/unsubscribe", services.config.publicOrigin);
  url.searchParams.set("token", signLink(services.secrets, { purpose: "unsubscribe", userId, subject: spec.topic, expiresAt, singleUse: false }));
  return url.toString();
}
