import { useToast } from "@halcyon/ui/hooks/use-toast";
import { useEffect, useState, type ComponentType } from "react";

import { loadToaster } from "../lib/toaster";

/**
 * Mounts the toaster once there is something to show, and keeps it from then on. Not React.lazy:
 * Suspense holds revealed content back a few hundred milliseconds, and a toast shown just before
 * a redirect has only 500 ms to be read.
 */
export function DeferredToaster() {
  const { toasts } = useToast();
  const [Toaster, setToaster] = useState<ComponentType | null>(null);
  const wanted = toasts.length > 0;

  useEffect(() => {
    if (wanted && !Toaster) void loadToaster().then((module) => setToaster(() => module.Toaster));
  }, [wanted, Toaster]);

  return Toaster ? <Toaster /> : null;
}
