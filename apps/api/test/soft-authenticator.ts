// A passkey authenticator in software, for tests: it answers a server's registration and sign-in
// options the way a browser with a platform authenticator would (WebAuthn level 3, "none"
// attestation, ES256), so the server's checks run against real signatures.
import { createHash, createSign, generateKeyPairSync, randomBytes, type KeyObject } from "node:crypto";
import { isoBase64URL, isoCBOR } from "@simplewebauthn/server/helpers";

const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

interface Credential {
  id: Uint8Array<ArrayBuffer>;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  signCount: number;
}

type Options = Record<string, unknown> & { challenge: string };

const sha256 = (data: Uint8Array | string) => new Uint8Array(createHash("sha256").update(data).digest());
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.concat(parts));
const counter = (n: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, n);
  return bytes;
};

function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: "jwk" });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

export class SoftAuthenticator {
  readonly #credentials: Credential[] = [];
  /** Whether the person is verified (PIN, face, finger) when the authenticator is used. */
  verifiesUser = true;

  constructor(readonly origin: string) {}

  get rpId(): string {
    return new URL(this.origin).hostname;
  }

  /** Makes a credential for the options of POST /api/account/passkeys/options; answers what the browser sends back. */
  create(options: Options) {
    const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const id = new Uint8Array(randomBytes(16));
    const user = options.user as { id: string };
    const credential: Credential = { id, privateKey, publicKey, userHandle: user.id, signCount: 0 };
    this.#credentials.push(credential);
    const idLength = new Uint8Array([id.length >> 8, id.length & 0xff]);
    const authData = concat(this.#authDataHead(ATTESTED_CREDENTIAL, credential.signCount), new Uint8Array(16), idLength, id, coseKey(publicKey));
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    const credentialId = isoBase64URL.fromBuffer(id);
    return {
      id: credentialId,
      rawId: credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON: this.#clientData("webauthn.create", options.challenge),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  /**
   * Signs the challenge of POST /api/login/passkey/options with a credential it holds: the one the
   * options allow, else its first (a discoverable passkey, as for a sign-in without a username).
   */
  get(options: Options) {
    const allowed = ((options.allowCredentials as { id: string }[] | undefined) ?? []).map((entry) => entry.id);
    const credential = this.#credentials.find((held) => allowed.length === 0 || allowed.includes(isoBase64URL.fromBuffer(held.id)));
    if (!credential) throw new Error("the authenticator holds no passkey these options allow");
    credential.signCount += 1;
    const authData = this.#authDataHead(0, credential.signCount);
    const clientDataJSON = this.#clientData("webauthn.get", options.challenge);
    const signature = createSign("sha256")
      .update(concat(authData, sha256(isoBase64URL.toBuffer(clientDataJSON))))
      .sign(credential.privateKey);
    const credentialId = isoBase64URL.fromBuffer(credential.id);
    return {
      id: credentialId,
      rawId: credentialId,
      type: "public-key" as const,
      response: {
        clientDataJSON,
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(new Uint8Array(signature)),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform" as const,
    };
  }

  #authDataHead(extraFlags: number, signCount: number): Uint8Array<ArrayBuffer> {
    const flags = USER_PRESENT | (this.verifiesUser ? USER_VERIFIED : 0) | extraFlags;
    return concat(sha256(this.rpId), new Uint8Array([flags]), counter(signCount));
  }

  #clientData(type: string, challenge: string): string {
    return isoBase64URL.fromUTF8String(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }
}
