import type { Conversation } from "@halcyon/domain/schemas";
import { CONVERSATION_PAGE_DEFAULT } from "@halcyon/domain/rules";
import { useMemo } from "react";

import { trpc } from "../../lib/trpc";

/** The list's reads: a page of the latest conversations at a time (the server's default size). */
const LIST_INPUT = { limit: CONVERSATION_PAGE_DEFAULT };

/**
 * The member's conversations, latest first, a page at a time, and the one with `partnerId`:
 * found among the pages read, or, when it lies further down the list, read on its own. Knowing
 * whether that conversation exists tells an old conversation from a new one.
 */
export function useConversations(partnerId: number | null) {
  const pages = trpc.messages.conversations.useInfiniteQuery(LIST_INPUT, {
    // Each page ends with the conversation whose latest message is oldest: the next page follows it.
    getNextPageParam: (page) => (page.length === LIST_INPUT.limit ? page.at(-1)?.id : undefined),
  });
  const list = useMemo(() => pages.data?.pages.flat(), [pages.data]);
  const inList = partnerId === null ? undefined : list?.find((conversation) => conversation.partnerId === partnerId);
  const single = trpc.messages.conversations.useQuery(
    { partnerId: partnerId ?? 0 },
    { enabled: partnerId !== null && pages.isSuccess && inList === undefined },
  );
  const withPartner: Conversation | undefined = inList ?? (partnerId === null ? undefined : single.data?.[0]);

  return {
    list,
    status: pages.status,
    refetch: () => void pages.refetch(),
    hasEarlier: pages.hasNextPage,
    showEarlier: () => void pages.fetchNextPage(),
    loadingEarlier: pages.isFetchingNextPage,
    /** The conversation with the partner, when there is one. */
    withPartner,
    /** Whether it is known yet if there is a conversation with the partner. */
    partnerKnown: pages.isSuccess && (inList !== undefined || single.isSuccess),
  };
}

/** Shows the conversation with `partnerId` as read, wherever the screen keeps it. */
export function useClearUnreadOnScreen() {
  const utils = trpc.useUtils();
  const clear = (conversation: Conversation, partnerId: number) => (conversation.partnerId === partnerId ? { ...conversation, unreadCount: 0 } : conversation);
  return (partnerId: number) => {
    utils.messages.conversations.setInfiniteData(
      LIST_INPUT,
      (data) => data && { ...data, pages: data.pages.map((page) => page.map((c) => clear(c, partnerId))) },
    );
    utils.messages.conversations.setData({ partnerId }, (data) => data?.map((c) => clear(c, partnerId)));
  };
}
