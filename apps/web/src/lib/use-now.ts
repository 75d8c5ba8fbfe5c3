import { useEffect, useState } from "react";

/** The time now, read again every `everyMs`: for what opens or closes while a page stays open (a visit's room). */
export function useNow(everyMs = 30_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
