// How a notice leaves the server: one transport per channel (mail-transport.ts for email; a
// text-message provider's for sms). The worker (worker.ts) hands each a rendered notice.
import type { NoticeChannel } from "@halcyon/db";
import type { NoticeContent } from "@halcyon/domain";

export interface OutgoingNotice {
  id: number;
  kind: string;
  channel: NoticeChannel;
  /** The address on the notice's row: an email address or a phone number. */
  to: string;
  /** The recipient's first name, for the address line ("Alex <alex@example.com>"). */
  toName: string;
  subject: string;
  /** Composed for the recipient; every link absolute, the signed ones with their token. */
  content: NoticeContent;
  /** RFC 8058 one-click unsubscribe, for notices that can be switched off. */
  unsubscribeUrl?: string;
  /** Email only: the clinic's layout (render-email.tsx). */
  html?: string;
  /** The plain-text part of an email, or a text message's words. */
  text: string;
}

export interface NoticeTransport {
  channel: NoticeChannel;
  /** At most this many sends start in a second (the worker spaces them evenly); no limit when absent. */
  perSecond?: number;
  /** Resolves with the server's reply; throwing is a failed attempt, its message the reason. */
  send(message: OutgoingNotice): Promise<{ reply: string }>;
  /** Lets go of connections at shutdown. */
  close?(): Promise<void> | void;
}

/**
 * A failed attempt that says more than "try again": `refused` when the server turned the message
 * down for good (SMTP 5xx), so it is tried fewer times; `unreachable` when no server answered, so
 * the rest of a batch is not tried against it now. Any other error is a failure to try again.
 */
export class TransportError extends Error {
  override name = "TransportError";
  constructor(
    message: string,
    readonly kind: "refused" | "unreachable" | "temporary",
  ) {
    super(message);
  }
}
