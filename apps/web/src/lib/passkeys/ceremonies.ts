// The browser's half of a passkey ceremony, through @simplewebauthn/browser (fetched the first
// time a passkey is used or made, so no page's first load carries it). The server hands out the
// options; the browser asks the member's authenticator; the answer goes back to the server.
import type { AuthenticationResponse, RegistrationResponse } from "@halcyon/domain/schemas";
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";

/** Options as the server sends them: a challenge, and what the browser needs to know. */
type CeremonyOptions = { challenge: string } & Record<string, unknown>;

export const PASSKEY_NOT_USED = "No passkey was used: the request was cancelled or timed out.";
export const PASSKEYS_UNSUPPORTED = "This browser cannot use passkeys.";

/** Whether this browser can make and use passkeys at all. */
export function browserHasPasskeys(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** A cancelled prompt (or one that timed out) says so; anything else keeps its own words. */
function readable(error: unknown): Error {
  const name = error instanceof Error ? ((error as { cause?: { name?: string } }).cause?.name ?? error.name) : undefined;
  if (name === "NotAllowedError" || name === "AbortError") return new Error(PASSKEY_NOT_USED);
  return error instanceof Error ? error : new Error(String(error));
}

/** A passkey's answer: what goes to the server, and the PRF result that stays in this browser. */
export interface PasskeyAnswer {
  response: AuthenticationResponse;
  /** The passkey's PRF output for the messaging seal's input, when its authenticator has PRF; never sent. */
  prfOutput: Uint8Array | null;
}

/** The PRF result of an assertion, as WebCrypto hands it over (an ArrayBuffer), or null. */
function prfOutputOf(results: unknown): Uint8Array | null {
  const first = (results as { prf?: { results?: { first?: BufferSource } } } | undefined)?.prf?.results?.first;
  if (!first) return null;
  return first instanceof ArrayBuffer ? new Uint8Array(first) : new Uint8Array(first.buffer, first.byteOffset, first.byteLength);
}

/**
 * Asks the member's authenticator to sign the server's challenge with one of their passkeys (or
 * one of `only`), and to evaluate its PRF on the messaging seal's input: a passkey with PRF can
 * then open the member's messages. Only the signature goes to the server.
 */
export async function answerWithPasskey(options: CeremonyOptions, only?: string): Promise<PasskeyAnswer> {
  if (!browserHasPasskeys()) throw new Error(PASSKEYS_UNSUPPORTED);
  const [{ startAuthentication }, { passkeyPrfInput }] = await Promise.all([import("@simplewebauthn/browser"), import("@halcyon/sealed")]);
  try {
    const { id, rawId, type, response, authenticatorAttachment, clientExtensionResults } = await startAuthentication({
      optionsJSON: {
        ...options,
        ...(only ? { allowCredentials: [{ id: only, type: "public-key" }] } : {}),
        extensions: { prf: { eval: { first: await passkeyPrfInput() } } },
      } as unknown as PublicKeyCredentialRequestOptionsJSON,
    });
    const { clientDataJSON, authenticatorData, signature, userHandle } = response;
    return {
      response: { id, rawId, type, authenticatorAttachment, response: { clientDataJSON, authenticatorData, signature, userHandle } },
      prfOutput: prfOutputOf(clientExtensionResults),
    };
  } catch (error) {
    throw readable(error);
  }
}

/** Asks the member's authenticator to make a new passkey for the clinic. */
export async function makePasskey(options: CeremonyOptions): Promise<RegistrationResponse> {
  if (!browserHasPasskeys()) throw new Error(PASSKEYS_UNSUPPORTED);
  const { startRegistration } = await import("@simplewebauthn/browser");
  try {
    const { id, rawId, type, response, authenticatorAttachment } = await startRegistration({
      // PRF asked for at creation: an authenticator makes a passkey's PRF (CTAP's hmac-secret) only then.
      optionsJSON: { ...options, extensions: { ...(options.extensions as object | undefined), prf: {} } } as unknown as PublicKeyCredentialCreationOptionsJSON,
    });
    const { clientDataJSON, attestationObject, transports } = response;
    return { id, rawId, type, authenticatorAttachment, response: { clientDataJSON, attestationObject, transports } };
  } catch (error) {
    throw readable(error);
  }
}
