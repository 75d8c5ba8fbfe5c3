import { trpc } from "../trpc";
import { answerWithPasskey, type PasskeyAnswer } from "./ceremonies";

/**
 * A passkey's answer to a fresh challenge from the server, for whoever the server already knows:
 * the signed-in member (a re-check), the member of a pending sign-in (its second step), or nobody
 * (a sign-in with the passkey alone). `only` asks for one passkey (by its credential id).
 */
export function usePasskeyProof(): (only?: string) => Promise<PasskeyAnswer> {
  const options = trpc.auth.passkeyOptions.useMutation();
  return async (only) => answerWithPasskey(await options.mutateAsync(), only);
}
