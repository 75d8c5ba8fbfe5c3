import type { PublicUser } from "@halcyon/domain/schemas";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";

import { refreshCurrentUser, setCurrentUser } from "../../lib/auth/current-user";
import { afterLoginPathFor } from "../../lib/auth/role-paths";
import { CLINIC_NAME } from "../../lib/clinic";
import { AFTER_LOGIN_NAVIGATE_MS, AFTER_REGISTER_REFRESH_MS } from "../../lib/timing";
import { trpc } from "../../lib/trpc";

/**
 * Welcomes a member just signed in and, a moment later, takes them to `next` (where they were
 * going, e.g. booking with a chosen doctor) or else admins to /admin and everyone else home.
 */
function useWelcomeBack(onSignedIn: () => void, next: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (user: PublicUser) => {
    onSignedIn();
    setCurrentUser(queryClient, user);
    toast({ title: "Welcome back!", description: "You have successfully logged in." });
    setTimeout(() => void navigate(next ?? afterLoginPathFor(user.role), { replace: true }), AFTER_LOGIN_NAVIGATE_MS);
  };
}

/**
 * Signs in with a username and password. A member with two-step sign-in is not in yet: the
 * server asks for a code, and `onSecondStep` shows where to enter it.
 * `onSignedIn` runs before the user is cached, so the page can tell this sign-in from an old session.
 */
export function useLogin(onSignedIn: () => void, onSecondStep: () => void, next: string | undefined) {
  const welcome = useWelcomeBack(onSignedIn, next);
  return trpc.auth.login.useMutation({
    // A wrong password is answered UNAUTHORIZED: a failed sign-in, not an expired session.
    meta: { unauthorizedIsExpected: true },
    onSuccess: (result) => ("mfaRequired" in result ? onSecondStep() : welcome(result)),
    onError: (error) => {
      toast({ variant: "destructive", title: "Login failed", description: error.message });
    },
  });
}

/** Completes a two-step sign-in with a code; an expired sign-in starts over at the password. */
export function useSecondStep(onSignedIn: () => void, onExpired: () => void, next: string | undefined) {
  const welcome = useWelcomeBack(onSignedIn, next);
  return trpc.auth.loginSecondStep.useMutation({
    meta: { unauthorizedIsExpected: true },
    onSuccess: welcome,
    onError: (error) => {
      toast({ variant: "destructive", title: "Login failed", description: error.message });
      if (error.data?.code === "UNAUTHORIZED") onExpired();
    },
  });
}

/** Creates the account (signed in at once), welcomes the member home (or on to `next`), and re-reads the user shortly after. */
export function useRegister(onSignedIn: () => void, next: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return trpc.auth.register.useMutation({
    onSuccess: (user) => {
      onSignedIn();
      setCurrentUser(queryClient, user);
      toast({ title: `Welcome to ${CLINIC_NAME}!`, description: "Your account has been created successfully." });
      setTimeout(() => void refreshCurrentUser(queryClient), AFTER_REGISTER_REFRESH_MS);
      void navigate(next ?? "/", { replace: true });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Registration failed", description: error.message });
    },
  });
}
