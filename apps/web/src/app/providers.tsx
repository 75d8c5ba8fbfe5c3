import { QueryClientProvider, type QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";

import { RealtimeProvider } from "../lib/realtime/realtime-provider";
import { trpc, trpcClient } from "../lib/trpc";
import { DeferredToaster } from "./deferred-toaster";

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <RealtimeProvider>{children}</RealtimeProvider>
        <DeferredToaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}
