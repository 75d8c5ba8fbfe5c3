import type * as ToasterModule from "@halcyon/ui/components/toaster";

let toasterModule: Promise<typeof ToasterModule> | undefined;

/**
 * The toaster's code (Radix Toast and friends), fetched once, on the first notification rather
 * than with the landing page: most first visits raise none, and the landing page has a weight budget.
 */
export function loadToaster(): Promise<typeof ToasterModule> {
  toasterModule ??= import("@halcyon/ui/components/toaster");
  return toasterModule;
}
