import { useEffect } from "react";
import { Outlet, useLocation } from "react-router-dom";

import { PageLoading } from "../components/page-loading";
import { needsAccountGate, useCurrentUser } from "../lib/auth/current-user";
import { redirectToSignIn } from "../lib/auth/unauthorized";
import { AccountGate } from "./account-gate";

/** The pages below need a signed-in member (any role: the specification guards by sign-in only). */
export function RequireAuth() {
  const { user, isLoading, isAuthenticated } = useCurrentUser();
  const { pathname } = useLocation();

  useEffect(() => {
    // A page already being left (the address has moved on, e.g. home after signing out here,
    // while the next page's code loads) has nobody to send to sign in.
    const leaving = window.location.pathname !== pathname;
    if (!isLoading && !isAuthenticated && !leaving) redirectToSignIn();
  }, [isLoading, isAuthenticated, pathname]);

  if (!user) return <PageLoading label={isLoading ? "Checking your session" : "Redirecting to sign in"} />;
  // An account on a one-time password, or staff yet to set up a required second step, does that first.
  if (needsAccountGate(user)) return <AccountGate user={user} />;
  return <Outlet />;
}
