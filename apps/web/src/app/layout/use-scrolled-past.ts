import { useCallback, useSyncExternalStore } from "react";

function subscribeToScroll(onChange: () => void): () => void {
  window.addEventListener("scroll", onChange, { passive: true });
  return () => window.removeEventListener("scroll", onChange);
}

/** Whether the page is scrolled more than `thresholdPx`; re-renders only when that answer flips. */
export function useScrolledPast(thresholdPx: number): boolean {
  const isPast = useCallback(() => window.scrollY > thresholdPx, [thresholdPx]);
  return useSyncExternalStore(subscribeToScroll, isPast, () => false);
}
