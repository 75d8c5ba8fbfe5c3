import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";

/**
 * What is being written to one partner, kept a while (the query cache's five minutes) when the
 * member looks at another conversation and comes back. Forgotten at sign-out with everything else.
 */
export function useDraft(partnerId: number): [string, (draft: string) => void] {
  const queryClient = useQueryClient();
  const key = ["messages", "draft", partnerId] as const;
  const [draft, setDraft] = useState(() => queryClient.getQueryData<string>(key) ?? "");
  const update = (next: string) => {
    setDraft(next);
    queryClient.setQueryData(key, next);
  };
  return [draft, update];
}
