import { toast } from "@halcyon/ui/hooks/use-toast";
import { TRPCClientError } from "@trpc/client";

import { navigateFullPage, SERVER_LOGIN_PATH } from "../navigation";
import { UNAUTHORIZED_REDIRECT_MS } from "../timing";
import { loadToaster } from "../toaster";
import { isSessionRotating } from "./session-rotation";

/** True when the server refused a call because nobody is signed in (tRPC code UNAUTHORIZED, HTTP 401). */
export function isUnauthorizedError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "code" in data && data.code === "UNAUTHORIZED";
}

/**
 * True when the server refused a call because the clinic now requires two-step sign-in of this
 * member (the policy turned on, or their own turned off, since the page loaded).
 */
export function isTwoStepRequiredError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "reason" in data && data.reason === "TWO_STEP_REQUIRED";
}

/**
 * True when the server asks the member to confirm it is them before this change (403
 * REAUTH_REQUIRED: their last sign-in or re-check is more than 5 minutes old).
 */
export function isRecheckRequiredError(error: unknown): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data: unknown = error.data;
  return typeof data === "object" && data !== null && "reason" in data && data.reason === "REAUTH_REQUIRED";
}

let redirectPending = false;

/**
 * Tells the visitor their session is gone and sends them to sign in. Several failing calls (or a
 * guard and a call) may ask at once; the visitor sees one toast and one redirect.
 */
export function redirectToSignIn(): void {
  // A password change is replacing the session: the old cookie's refusals are expected.
  if (redirectPending || isSessionRotating()) return;
  redirectPending = true;
  const { shown } = toast({ variant: "destructive", title: "Unauthorized", description: "You are logged out. Logging in again..." });
  const redirectSoon = () => setTimeout(() => navigateFullPage(SERVER_LOGIN_PATH), UNAUTHORIZED_REDIRECT_MS);
  // Count the 500 ms from when the toast is on screen: the toaster's code may still be on its
  // way, and a busy page may take a while to draw it. Should that code fail to load, go all the same.
  void loadToaster()
    .then(
      () => shown,
      () => undefined,
    )
    .then(redirectSoon);
}
