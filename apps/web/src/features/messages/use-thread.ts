import { MESSAGE_PAGE_DEFAULT } from "@halcyon/domain/rules";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useRef, useState } from "react";

import { useRealtimeNotices } from "../../lib/realtime/use-realtime";
import { trpc } from "../../lib/trpc";
import { newestId, readLatest, withLatest, withOlderPage, type FetchPage, type Thread } from "./thread";

const PAGE_SIZE = MESSAGE_PAGE_DEFAULT;
/** How far back a catch-up reads before it starts over from the latest (4 pages: 200 messages). */
const CATCH_UP_PAGES = 4;

/** Where a conversation lives in the query cache (forgotten with everything else at sign-out). */
export function threadKey(partnerId: number) {
  return ["messages", "thread", partnerId] as const;
}

/**
 * One conversation, paged: its latest messages first, earlier ones on request (`loadOlder`), and
 * whatever is new read again whenever the server says so or the connection comes back.
 */
export function useThread(partnerId: number) {
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const key = threadKey(partnerId);
  const current = () => queryClient.getQueryData<Thread>(key);
  // A push that lands while the conversation is being read asks for one more read after it.
  const readAgain = useRef(false);

  const fetchPage: FetchPage = (before) => utils.client.messages.list.query({ partnerId, limit: PAGE_SIZE, ...(before === undefined ? {} : { before }) });

  const query = useQuery({
    queryKey: key,
    queryFn: async () => {
      let thread: Thread;
      do {
        readAgain.current = false;
        const latest = await readLatest(fetchPage, { newestKnownId: newestId(current()), pageSize: PAGE_SIZE, maxPages: CATCH_UP_PAGES });
        thread = withLatest(current(), latest);
        if (readAgain.current) queryClient.setQueryData(key, thread);
      } while (readAgain.current);
      return thread;
    },
  });

  const refresh = () => {
    if (queryClient.isFetching({ queryKey: key }) > 0) readAgain.current = true;
    else void queryClient.invalidateQueries({ queryKey: key });
  };

  useRealtimeNotices((notice) => {
    switch (notice.type) {
      case "connected":
        refresh();
        break;
      case "new_message": {
        const { id, senderId, receiverId } = notice.data;
        const involved = senderId === partnerId || receiverId === partnerId;
        if (involved && !current()?.messages.some((message) => message.id === id)) refresh();
        break;
      }
      case "messages_read":
        // The partner read this conversation: "Read" appears under the member's last message.
        if (notice.data.readerId === partnerId) refresh();
        break;
    }
  });

  const [olderState, setOlderState] = useState<"idle" | "loading" | "failed">("idle");
  const loadingOlder = useRef(false);
  const loadOlder = useCallback(async () => {
    const thread = queryClient.getQueryData<Thread>(threadKey(partnerId));
    const oldest = thread?.messages[0];
    if (!thread?.hasOlder || !oldest || loadingOlder.current) return;
    loadingOlder.current = true;
    setOlderState("loading");
    try {
      const page = await utils.client.messages.list.query({ partnerId, limit: PAGE_SIZE, before: oldest.id });
      queryClient.setQueryData<Thread>(threadKey(partnerId), (shown) => shown && withOlderPage(shown, page, PAGE_SIZE));
      setOlderState("idle");
    } catch (error) {
      console.warn("Messages: could not read earlier messages", error);
      setOlderState("failed");
    } finally {
      loadingOlder.current = false;
    }
  }, [queryClient, utils, partnerId]);

  return { query, loadOlder, olderState };
}
