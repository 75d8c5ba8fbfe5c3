// A public key the server hands out is only as good as the server: one SQL update could keep a
// member's `kid` and change the key under it, and whatever is sealed to it would then open for
// whoever holds the other private key. The kid is the key's JWK thumbprint (RFC 7638), so the
// browser computes it again from the key itself and refuses a key that is not the one it names.
import type { JWK } from "jose";
import { keyIdOf, type PublicKey } from "./keys";

/** A public key whose coordinates are not the ones its kid names. */
export class KeyMismatchError extends Error {
  constructor(readonly kid: string) {
    super(`The public key handed out as ${kid} is not the key that id names: nothing is sealed to it.`);
    this.name = "KeyMismatchError";
  }
}

const isP256 = (key: JWK) => key.kty === "EC" && key.crv === "P-256" && typeof key.x === "string" && typeof key.y === "string";

/** Whether `key` is a P-256 public key whose thumbprint is its kid. */
export async function keyMatchesId(key: PublicKey): Promise<boolean> {
  return isP256(key.publicKey) && (await keyIdOf(key.publicKey)) === key.kid;
}

/** `key` as given, once its thumbprint is found to be its kid; throws KeyMismatchError otherwise. */
export async function verifiedKey(key: PublicKey): Promise<PublicKey> {
  if (!(await keyMatchesId(key))) throw new KeyMismatchError(key.kid);
  return key;
}
