import type { Message } from "@halcyon/domain/schemas";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";

import { trpc } from "../../lib/trpc";
import type { Thread } from "./thread";
import { useDocumentVisible } from "./use-document-visible";
import { useClearUnreadOnScreen } from "./use-conversations";
import { threadKey } from "./use-thread";

/** The newest message from the partner that is not read yet, if any. */
export function newestUnreadFrom(partnerId: number, messages: readonly Message[]): number | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message && message.senderId === partnerId && message.readAt === null) return message.id;
  }
  return undefined;
}

/**
 * Marks the open conversation read while the tab is in view: when it opens, when the tab comes
 * back into view, and whenever a new message arrives meanwhile. Counts clear at once on screen;
 * the server's messages_read push then confirms them everywhere (other tabs, the partner's "Read").
 */
export function useMarkRead(partnerId: number, thread: Thread | undefined, unreadFromPartner: number): void {
  const visible = useDocumentVisible();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const lastMarked = useRef(0);
  const clearUnreadOnScreen = useClearUnreadOnScreen();

  const markRead = trpc.messages.markRead.useMutation({
    onMutate: () => {
      const now = new Date().toISOString();
      queryClient.setQueryData<Thread>(
        threadKey(partnerId),
        (shown) =>
          shown && {
            ...shown,
            messages: shown.messages.map((message) => (message.senderId === partnerId && message.readAt === null ? { ...message, readAt: now } : message)),
          },
      );
      utils.messages.unread.setData(undefined, (unread) => {
        if (!unread) return unread;
        const cleared = unread.byPartner[String(partnerId)] ?? 0;
        return { total: Math.max(0, unread.total - cleared), byPartner: { ...unread.byPartner, [String(partnerId)]: 0 } };
      });
      clearUnreadOnScreen(partnerId);
    },
    onError: () => {
      // Try again with the next change, and show the true counts meanwhile.
      lastMarked.current = 0;
      void utils.messages.unread.invalidate();
      void utils.messages.conversations.invalidate();
    },
  });
  const mutate = useRef(markRead.mutate);
  useEffect(() => {
    mutate.current = markRead.mutate;
  });

  const newestMessage = thread?.messages.at(-1)?.id;
  // Unread on the server but not visibly so here (the page holds an older copy): mark up to the newest.
  const target = thread
    ? (newestUnreadFrom(partnerId, thread.messages) ?? (unreadFromPartner > 0 ? (newestMessage ?? Number.MAX_SAFE_INTEGER) : undefined))
    : undefined;

  useEffect(() => {
    if (!visible || target === undefined || target <= lastMarked.current) return;
    lastMarked.current = target;
    mutate.current({ partnerId });
  }, [visible, target, partnerId]);
}
