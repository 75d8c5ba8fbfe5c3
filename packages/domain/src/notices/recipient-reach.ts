// Whether, and where, a notice may reach its member: an email only an active member's verified
// address, a text only a number that opted in, and neither while the member has switched the
// notice's topic off (essential notices cannot be). The outbox asks when a change writes a notice;
// "Send again" asks once more at the moment an admin sends one again, because the member may have
// changed or lost their address, been deactivated or switched the topic off in between.
import type { NoticeChannel, NoticeRecipientRow } from "@halcyon/db";
import type { NoticeKindSpec } from "./notice-content";

export type NoticeReach = { address: string } | { refused: "inactive" | "switched_off" | "no_address" };

export interface ReachFacts {
  /** The member's number for texts, when they opted in and the clinic has a provider (readTextNumbers). */
  textNumber: string | undefined;
  /** Only the address verification itself goes to an address not yet verified: the one given here. */
  unverifiedAddress: string | undefined;
}

export function noticeReach(
  spec: Pick<NoticeKindSpec<unknown>, "topic" | "essential">,
  channel: NoticeChannel,
  recipient: NoticeRecipientRow,
  facts: ReachFacts,
): NoticeReach {
  if (!recipient.active) return { refused: "inactive" };
  if (!spec.essential && recipient.switchedOff.has(`${spec.topic}:${channel}`)) return { refused: "switched_off" };
  const address = channel === "email" ? (facts.unverifiedAddress ?? (recipient.emailVerifiedAt !== null ? recipient.email : null)) : (facts.textNumber ?? null);
  return address === null ? { refused: "no_address" } : { address };
}
