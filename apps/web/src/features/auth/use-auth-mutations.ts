import type { PublicUser } from "@halcyon/domain/schemas";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router-dom";

import { errorCodeOf, issuesOf } from "../../lib/api-errors";
import type { RegistrationValues, SignInValues } from "./auth-form-validation";
import { refreshCurrentUser, setCurrentUser } from "../../lib/auth/current-user";
import { isUnauthorizedError } from "../../lib/auth/unauthorized";
import { afterLoginPathFor } from "../../lib/auth/role-paths";
import { fallsShort, PasswordRefused, requireAcceptablePassword, secretsOf } from "../../lib/auth/password-secrets";
import { holdUnlockForSecondStep, takeHeldUnlock, unlockMessagingAfterSignIn, unlockMessagingWithPasskey } from "../../lib/messaging-keys/after-sign-in";
import { CLINIC_NAME } from "../../lib/clinic";
import { AFTER_LOGIN_NAVIGATE_MS, AFTER_REGISTER_REFRESH_MS } from "../../lib/timing";
import { usePasskeyProof } from "../../lib/passkeys/use-passkey-proof";
import { trpc } from "../../lib/trpc";
import { recordTimeZone } from "../../lib/auth/time-zone";

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
    recordTimeZone(user);
    toast({ title: "Welcome back!", description: "You have successfully logged in." });
    setTimeout(() => void navigate(next ?? afterLoginPathFor(user.role), { replace: true }), AFTER_LOGIN_NAVIGATE_MS);
  };
}

/** The second steps the server offers a member after their password. */
export type SecondStepMethod = "totp" | "passkey" | "recovery_code";

function loginFailed(error: { message: string }) {
  toast({ variant: "destructive", title: "Login failed", description: error.message });
}

/**
 * Signs in with a username and password. The password never leaves this browser: it is turned
 * into the authKey the server checks (and the seal key that opens the messaging key) here, which
 * takes about a second. A member with two-step sign-in is not in yet: the server asks for a second
 * step, and `onSecondStep` shows the ones they have. `onSignedIn` runs before the user is cached,
 * so the page can tell this sign-in from an old session.
 */
export function useLogin(onSignedIn: () => void, onSecondStep: (methods: SecondStepMethod[]) => void, next: string | undefined) {
  const welcome = useWelcomeBack(onSignedIn, next);
  const login = trpc.auth.login.useMutation({ meta: { unauthorizedIsExpected: true } });
  return useMutation({
    // A wrong password is answered UNAUTHORIZED: a failed sign-in, not an expired session.
    meta: { unauthorizedIsExpected: true },
    mutationFn: async ({ username, password }: SignInValues) => {
      const [{ authKey, sealKey, legacyProof }, short] = await Promise.all([
        secretsOf(username, password, { signingIn: true }),
        fallsShort(password, username),
      ]);
      const result = await login.mutateAsync({ username, authKey, ...(legacyProof ? { legacyProof } : {}), ...(short ? { passwordFallsShort: true } : {}) });
      return { result, unlock: { sealKey, password } };
    },
    onSuccess: ({ result, unlock }) => {
      if ("mfaRequired" in result) {
        holdUnlockForSecondStep(unlock);
        return onSecondStep(result.methods);
      }
      unlockMessagingAfterSignIn(result, unlock);
      welcome(result);
    },
    onError: loginFailed,
  });
}

/** The whole sign-in with a passkey: no username, no password; a passkey with PRF also opens the messages. */
export function usePasskeySignIn(onSignedIn: () => void, next: string | undefined) {
  const welcome = useWelcomeBack(onSignedIn, next);
  const proof = usePasskeyProof();
  const signIn = trpc.auth.loginWithPasskey.useMutation({ meta: { unauthorizedIsExpected: true } });
  return useMutation({
    mutationFn: async () => {
      const { response, prfOutput } = await proof();
      return { user: await signIn.mutateAsync({ response }), passkey: { credentialId: response.id, prfOutput } };
    },
    meta: { unauthorizedIsExpected: true },
    onSuccess: ({ user, passkey }) => {
      unlockMessagingWithPasskey(user, passkey);
      welcome(user);
    },
    onError: loginFailed,
  });
}

/**
 * Completes a two-step sign-in with a code or a passkey; an expired sign-in starts over at the
 * password; a code the server does not accept goes to `onCodeRefused`, to be said at its field.
 */
export function useSecondStep(onSignedIn: () => void, onExpired: () => void, next: string | undefined, onCodeRefused: (message: string) => void) {
  const welcome = useWelcomeBack(onSignedIn, next);
  const proof = usePasskeyProof();
  const verify = trpc.auth.loginSecondStep.useMutation({ meta: { unauthorizedIsExpected: true } });
  return useMutation({
    mutationFn: async (step: { code: string } | "passkey") => verify.mutateAsync(step === "passkey" ? { passkey: (await proof()).response } : step),
    meta: { unauthorizedIsExpected: true },
    onSuccess: (user) => {
      const unlock = takeHeldUnlock();
      if (unlock) unlockMessagingAfterSignIn(user, unlock);
      welcome(user);
    },
    onError: (error, step) => {
      // A wrong, malformed or already used code (BAD_REQUEST), not a throttle or an expiry.
      if (step !== "passkey" && errorCodeOf(error) === "BAD_REQUEST") return onCodeRefused(error.message);
      loginFailed(error);
      if (isUnauthorizedError(error)) onExpired();
    },
  });
}

/**
 * Creates the account (signed in at once), welcomes the member home (or on to `next`), and re-reads
 * the user shortly after. The password is judged here by the clinic's rules (the server never sees
 * it) and sent only as its authKey. A refusal the form's own checks cannot foresee names its field
 * to `onRefused`: a name already taken, a password the rules turn down (too common, or holding the
 * person's name), or the field of an input the server's schema refuses.
 */
export function useRegister(onSignedIn: () => void, next: string | undefined, onRefused: (field: string, message: string) => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const register = trpc.auth.register.useMutation();
  return useMutation({
    mutationFn: async ({ password, ...profile }: RegistrationValues) => {
      await requireAcceptablePassword(password, profile);
      const { authKey, sealKey } = await secretsOf(profile.username, password);
      return { user: await register.mutateAsync({ ...profile, authKey }), unlock: { sealKey, password } };
    },
    onSuccess: ({ user, unlock }) => {
      onSignedIn();
      setCurrentUser(queryClient, user);
      recordTimeZone(user);
      unlockMessagingAfterSignIn(user, unlock);
      toast({ title: `Welcome to ${CLINIC_NAME}!`, description: "Your account has been created successfully." });
      setTimeout(() => void refreshCurrentUser(queryClient), AFTER_REGISTER_REFRESH_MS);
      void navigate(next ?? "/", { replace: true });
    },
    onError: (error) => {
      toast({ variant: "destructive", title: "Registration failed", description: error.message });
      if (error instanceof PasswordRefused) return onRefused("password", error.message);
      // A refusal of the input itself names its field.
      const code = errorCodeOf(error);
      if (code === "CONFLICT") onRefused("username", error.message);
      else if (code === "BAD_REQUEST") onRefused(issuesOf(error).keys().next().value ?? "password", error.message);
    },
  });
}
