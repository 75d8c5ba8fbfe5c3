import { useSyncExternalStore } from "react";

// One clock for the page: every screen that shows what opens or closes with time (a visit's room)
// reads the same "now", moved on by one timer while anyone listens, not one timer per row.
const TICK_MS = 30_000;
let now = new Date();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (!timer) {
    now = new Date();
    timer = setInterval(() => {
      now = new Date();
      listeners.forEach((notify) => notify());
    }, TICK_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

/** The clock's reading; read afresh when nobody has listened for a while (a page mounting later). */
function snapshot(): Date {
  if (!timer && Date.now() - now.getTime() >= TICK_MS) now = new Date();
  return now;
}

/** The time now, moved on every half minute: for what opens or closes while a page stays open. */
export function useNow(): Date {
  return useSyncExternalStore(subscribe, snapshot);
}
