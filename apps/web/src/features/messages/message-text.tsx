import { isSealedContent } from "@halcyon/domain/rules";
import type { MessageContent } from "@halcyon/sealed";
import { useEffect, useState } from "react";

import { useCurrentUser } from "../../lib/auth/current-user";
import { sawLockedMessage, useKeyEpoch } from "../../lib/messaging-keys/key-events";
import { AttachmentView, attachmentSummary, type PendingFile } from "./attachment-view";

/** Opened messages, by their sealed content: each is opened once per page. */
const opened = new Map<string, MessageContent>();

/** What this browser just sealed and sent: its words are known without opening it. */
export function rememberSentContent(content: string, message: MessageContent): void {
  if (isSealedContent(content)) opened.set(content, message);
}

const SEALED_WORDS = {
  opening: "Opening…",
  locked: "Sealed. Unlock your messages above to read it.",
  "other-key": "Sealed to an earlier key of yours: it cannot be opened with the key you have now.",
} as const;

/** A message as the member reads it: as stored, or, when sealed, opened in this browser with their key. */
export function useOpenedMessage(content: string): MessageContent {
  const { user } = useCurrentUser();
  const epoch = useKeyEpoch();
  const sealed = isSealedContent(content);
  const [message, setMessage] = useState<MessageContent>(() => (sealed ? (opened.get(content) ?? { text: SEALED_WORDS.opening }) : { text: content }));

  useEffect(() => {
    if (!sealed) return setMessage({ text: content });
    const known = opened.get(content);
    if (known !== undefined) return setMessage(known);
    if (!user) return;
    let current = true;
    void import("../../lib/messaging-keys/sealing")
      .then(({ openContent }) => openContent(user.id, content))
      .then((result) => {
        if ("text" in result) opened.set(content, result);
        else if (result.sealed === "locked") sawLockedMessage();
        if (current) setMessage("text" in result ? result : { text: SEALED_WORDS[result.sealed] });
      })
      .catch(() => current && setMessage({ text: SEALED_WORDS["other-key"] }));
    return () => {
      current = false;
    };
  }, [content, sealed, user, epoch]);

  return message;
}

/** One line of a message (the conversation list's preview): its words, or what it carries. */
export function MessageText({ content }: { content: string }) {
  const { text, attachments } = useOpenedMessage(content);
  return <>{text || (attachments?.length ? attachmentSummary(attachments) : "")}</>;
}

/** A message in full (a bubble): its words and its files (or the file on its way with it). */
export function MessageBody({ content, pendingFile, mine }: { content: string; pendingFile?: PendingFile | undefined; mine: boolean }) {
  const opened = useOpenedMessage(content);
  const text = opened.text;
  const attachments: PendingFile[] = opened.attachments ?? (pendingFile ? [pendingFile] : []);
  return (
    <>
      {/* A long unbroken word (a link) wraps anywhere rather than widening the conversation. */}
      {text && <p className="whitespace-pre-wrap wrap-anywhere">{text}</p>}
      {attachments.length > 0 && (
        <ul className="mt-1.5 flex flex-col gap-2 first:mt-0" aria-label="Attached files">
          {attachments.map((attachment) => (
            <AttachmentView key={"id" in attachment ? String(attachment.id) : attachment.name} attachment={attachment} mine={mine} />
          ))}
        </ul>
      )}
    </>
  );
}
