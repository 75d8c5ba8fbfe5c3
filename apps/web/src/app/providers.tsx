import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { RealtimeProvider } from "../lib/realtime/realtime-provider";
import { trpc, trpcClient } from "../lib/trpc";
import { DeferredToaster } from "./deferred-toaster";
import { createQueryClient } from "./query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>{children}</RealtimeProvider>
        <DeferredToaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
