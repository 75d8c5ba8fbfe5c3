import { isSealedContent } from "@halcyon/domain/schemas";
import { useEffect, useState } from "react";

import { useCurrentUser } from "../../lib/auth/current-user";
import { sawLockedMessage, useKeyEpoch } from "../../lib/messaging-keys/key-events";

/** Opened messages, by their sealed content: each is opened once per page. */
const opened = new Map<string, string>();

/** What this browser just sealed and sent: its words are known without opening it. */
export function rememberSentText(content: string, text: string): void {
  if (isSealedContent(content)) opened.set(content, text);
}

const SEALED_WORDS = {
  opening: "Opening…",
  locked: "Sealed. Unlock your messages above to read it.",
  "other-key": "Sealed to an earlier key of yours: it cannot be opened with the key you have now.",
} as const;

/** A message's words: as they are, or, when sealed, opened in this browser with the member's key. */
export function useMessageText(content: string): string {
  const { user } = useCurrentUser();
  const epoch = useKeyEpoch();
  const sealed = isSealedContent(content);
  const [text, setText] = useState<string>(() => (sealed ? (opened.get(content) ?? SEALED_WORDS.opening) : content));

  useEffect(() => {
    if (!sealed) return setText(content);
    const known = opened.get(content);
    if (known !== undefined) return setText(known);
    if (!user) return;
    let current = true;
    void import("../../lib/messaging-keys/sealing")
      .then(({ openContent }) => openContent(user.id, content))
      .then((result) => {
        if ("text" in result) opened.set(content, result.text);
        else if (result.sealed === "locked") sawLockedMessage();
        if (current) setText("text" in result ? result.text : SEALED_WORDS[result.sealed]);
      })
      .catch(() => current && setText(SEALED_WORDS["other-key"]));
    return () => {
      current = false;
    };
  }, [content, sealed, user, epoch]);

  return text;
}

export function MessageText({ content }: { content: string }) {
  return <>{useMessageText(content)}</>;
}
