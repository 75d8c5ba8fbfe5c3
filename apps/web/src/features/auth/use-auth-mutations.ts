import { toast } from "@halcyon/ui/hooks/use-toast";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";

import { refreshCurrentUser, setCurrentUser } from "../../lib/auth/current-user";
import { afterLoginPathFor } from "../../lib/auth/role-paths";
import { CLINIC_NAME } from "../../lib/clinic";
import { AFTER_LOGIN_NAVIGATE_MS, AFTER_REGISTER_REFRESH_MS } from "../../lib/timing";
import { trpc } from "../../lib/trpc";

/**
 * Signs in, welcomes the member and, a moment later, takes them to `next` (where they were going,
 * e.g. booking with a chosen doctor) or else admins to /admin and everyone else home.
 * `onSignedIn` runs before the user is cached, so the page can tell this sign-in from an old session.
 */
export function useLogin(onSignedIn: () => void, next: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return trpc.auth.login.useMutation({
    // A wrong password is answered UNAUTHORIZED: a failed sign-in, not an expired session.
    meta: { unauthorizedIsExpected: true },
    onSuccess: (user) => {
      onSignedIn();
      setCurrentUser(queryClient, user);
      toast({ title: "Welcome back!", description: "You have successfully logged in." });
      setTimeout(() => void navigate(next ?? afterLoginPathFor(user.role), { replace: true }), AFTER_LOGIN_NAVIGATE_MS);
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Login failed", description: error.message });
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
