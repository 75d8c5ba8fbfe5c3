// A new message's email: that one waits, never what it says (it is sealed anyway), and from whom
// only if the receiver allows names. A burst of messages makes one email: none while an earlier
// notice of this conversation is unread, unless the quiet interval has passed since it.
import { greatestNoticeKeyed, readNoticeSettings, readPosition, type Db, type MessageView, type User } from "@halcyon/db";
import type { ClinicServices } from "../context";
import { enqueueNotices } from "../notices/outbox";

/** After this long a still-unread conversation may be told of again. */
export const MESSAGE_NOTICE_QUIET_MS = 6 * 60 * 60 * 1000;

/** Inside the send's transaction: the receiver's notice of `message`, unless one is already waiting. */
export async function enqueueMessageNotice(services: Pick<ClinicServices, "config" | "now">, trx: Db, message: MessageView, sender: User): Promise<void> {
  // The key names the message it told of, "new_message:<receiver>:<sender>:<message, 10 digits>":
  // so the greatest key of the conversation is its latest notice.
  const prefix = `new_message:${message.receiverId}:${message.senderId}:`;
  const [latest, readUpTo, settings] = await Promise.all([
    greatestNoticeKeyed(trx, prefix),
    readPosition(trx, message.receiverId, message.senderId),
    readNoticeSettings(trx, message.receiverId),
  ]);
  if (latest) {
    const toldOf = Number(latest.dedupeKey.slice(prefix.length).split(":")[0]);
    const stillUnread = toldOf > readUpTo;
    const quietSince = services.now().getTime() - Date.parse(latest.createdAt) >= MESSAGE_NOTICE_QUIET_MS;
    if (stillUnread && !quietSince) return;
  }
  await enqueueNotices(services, trx, [
    {
      kind: "new_message",
      userId: message.receiverId,
      params: { from: settings.nameSenders ? `${sender.firstName} ${sender.lastName}` : null },
      dedupeKey: `${prefix}${String(message.id).padStart(10, "0")}`,
    },
  ]);
}
