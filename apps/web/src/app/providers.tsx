import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";

import { useClinicProfile } from "../lib/clinic-profile";
import { RealtimeProvider } from "../lib/realtime/realtime-provider";
import { trpc, trpcClient } from "../lib/trpc";
import { DeferredToaster } from "./deferred-toaster";
import { createQueryClient } from "./query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>
        <ClinicProfile />
        <RealtimeProvider>{children}</RealtimeProvider>
        <DeferredToaster />
      </QueryClientProvider>
    </trpc.Provider>
  );
}

/**
 * Reads the clinic's profile (hours, cancellation window) from the first render, so it travels in
 * the same batched request as "who is signed in?" instead of a round trip of its own later.
 */
function ClinicProfile() {
  useClinicProfile();
  return null;
}
