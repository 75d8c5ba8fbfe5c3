import { cn } from "@halcyon/ui/lib/utils";
import { useNavigation } from "react-router-dom";

/** A fine gold line across the top while the next page's code loads; the current page stays put meanwhile. */
export function RouteProgress() {
  const loading = useNavigation().state !== "idle";
  return (
    <div
      aria-hidden="true"
      className={cn(
        "fixed inset-x-0 top-0 z-50 h-0.5 origin-left bg-gold-500 transition-[transform,opacity] ease-out",
        loading ? "scale-x-75 opacity-100 duration-[2000ms]" : "scale-x-100 opacity-0 duration-500",
      )}
    />
  );
}
