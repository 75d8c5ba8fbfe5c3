import type { AuthenticationResponse } from "@halcyon/domain/schemas";

import { trpc } from "../trpc";
import { answerWithPasskey } from "./ceremonies";

/**
 * A passkey's answer to a fresh challenge from the server, for whoever the server already knows:
 * the signed-in member (a re-check), the member of a pending sign-in (its second step), or nobody
 * (a sign-in with the passkey alone).
 */
export function usePasskeyProof(): () => Promise<AuthenticationResponse> {
  const options = trpc.auth.passkeyOptions.useMutation();
  return async () => answerWithPasskey(await options.mutateAsync());
}
