// The pages a notice's links open (verify an address, set a new password, "this was not me"):
// each receives the link's signed token as `?token=…` and hands it to the server, which reads it.
import { useEffect, useRef } from "react";
import { useSearchParams } from "react-router-dom";

/** The link's token, or "" when the address has none (a link cut short). */
export function useLinkToken(): string {
  return useSearchParams()[0].get("token") ?? "";
}

/**
 * Runs `follow` once for the page's token, as the page opens. Once only: React runs a new page's
 * effects twice in development, and a single-use link must not be spent by the first run and
 * refused to the second.
 */
export function useFollowOnce(token: string, follow: (token: string) => void): void {
  const followed = useRef<string>(undefined);
  useEffect(() => {
    if (!token || followed.current === token) return;
    followed.current = token;
    follow(token);
  }, [token, follow]);
}
