// The secrets a password gives, checked against independent implementations: the browser's
// Argon2id (hash-wasm) against the server's native `argon2`, the WebCrypto HKDF against Node's,
// and the key seal against plain `jose`, so the browser, the server and any JWE library agree.
import { createHash, hkdfSync } from "node:crypto";

import argon2 from "argon2";
import { base64url, compactDecrypt, decodeProtectedHeader } from "jose";
import { describe, expect, it } from "vitest";

import {
  argon2idRaw,
  DEFAULT_KDF,
  deriveSecrets,
  legacyProofOf,
  newKeyPair,
  openWithKey,
  PASSKEY_PRF_LABEL,
  passkeyPrfInput,
  passkeySealKey,
  SEAL_INFO,
  sealWithKey,
  secretsFromMaster,
  SIGN_IN_INFO,
  type KdfParams,
} from "../src/index";

const password = "lanterns over a quiet harbour ☾";
const salt = Uint8Array.from({ length: 16 }, (_, index) => index * 7 + 3);
/** Small parameters keep most tests fast; one test runs the defaults. */
const light: KdfParams = { salt: base64url.encode(salt), memoryKiB: 1024, iterations: 2, parallelism: 1 };

function nativeArgon2id(typed: string, params: KdfParams): Promise<Buffer> {
  return argon2.hash(typed, {
    type: argon2.argon2id,
    raw: true,
    hashLength: 32,
    salt: Buffer.from(base64url.decode(params.salt)),
    memoryCost: params.memoryKiB,
    timeCost: params.iterations,
    parallelism: params.parallelism,
  });
}

const nodeHkdf = (master: Uint8Array, info: string) => new Uint8Array(hkdfSync("sha256", master, new Uint8Array(0), info, 32));

describe("Argon2id in the browser", () => {
  it("gives the same 32 bytes as the server's native argon2, for the defaults and for other parameters", async () => {
    const defaults: KdfParams = { salt: light.salt, ...DEFAULT_KDF };
    for (const params of [defaults, light, { ...light, parallelism: 2, iterations: 1 }]) {
      const browser = await argon2idRaw(password, params);
      expect(browser).toHaveLength(32);
      expect(Buffer.from(browser).toString("hex"), JSON.stringify(params)).toBe((await nativeArgon2id(password, params)).toString("hex"));
    }
  }, 30_000);

  it("takes the password as typed: another normalisation is another key", async () => {
    const composed = await argon2idRaw("café", light);
    const decomposed = await argon2idRaw("cafe\u0301", light);
    expect(Buffer.from(composed).equals(Buffer.from(decomposed))).toBe(false);
    expect(Buffer.from(composed).equals(await nativeArgon2id("café", light))).toBe(true);
  });

  it("makes a legacy proof out of the old hash's own bytes", async () => {
    const proof = await legacyProofOf(password, light);
    expect(Buffer.from(base64url.decode(proof)).equals(await nativeArgon2id(password, light))).toBe(true);
  });
});

describe("the two secrets", () => {
  it("are HKDF-SHA256 expansions of the master under two labels, and differ", async () => {
    const master = await argon2idRaw(password, light);
    const { authKey, sealKey } = await secretsFromMaster(master);
    expect(SIGN_IN_INFO).toBe("halcyon/sign-in/v1");
    expect(SEAL_INFO).toBe("halcyon/messaging-seal/v1");
    expect(authKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(base64url.decode(authKey)).toEqual(nodeHkdf(master, SIGN_IN_INFO));
    expect(sealKey).toEqual(nodeHkdf(master, SEAL_INFO));
    expect(Buffer.from(sealKey).equals(Buffer.from(base64url.decode(authKey)))).toBe(false);
    expect(await deriveSecrets(password, light)).toEqual({ authKey, sealKey });
  });

  it("depend on the salt and on the password", async () => {
    const mine = await deriveSecrets(password, light);
    const otherSalt = await deriveSecrets(password, { ...light, salt: base64url.encode(salt.map((byte) => byte ^ 1)) });
    const otherPassword = await deriveSecrets(`${password}.`, light);
    expect(otherSalt.authKey).not.toBe(mine.authKey);
    expect(otherPassword.authKey).not.toBe(mine.authKey);
  });
});

describe("a private key sealed with the seal key", () => {
  it("is a compact JWE (A256KW, A256GCM) that plain jose opens with the key, and nothing else opens", async () => {
    const pair = await newKeyPair();
    const { sealKey } = await deriveSecrets(password, light);
    const sealed = await sealWithKey(pair.privateKey, sealKey);
    expect(decodeProtectedHeader(sealed)).toEqual({ alg: "A256KW", enc: "A256GCM", cty: "jwk+json", kid: pair.kid });
    const { plaintext } = await compactDecrypt(sealed, sealKey);
    expect(JSON.parse(new TextDecoder().decode(plaintext))).toEqual(pair.privateKey);
    expect(await openWithKey(sealed, sealKey)).toEqual(pair.privateKey);

    const wrong = (await deriveSecrets(`${password}.`, light)).sealKey;
    await expect(openWithKey(sealed, wrong)).rejects.toThrow();
  });
});

describe("a passkey's seal", () => {
  it("asks the PRF for SHA-256 of its label and turns the output into a key through HKDF", async () => {
    expect(await passkeyPrfInput()).toEqual(new Uint8Array(createHash("sha256").update(PASSKEY_PRF_LABEL).digest()));
    const prfOutput = crypto.getRandomValues(new Uint8Array(32));
    const key = await passkeySealKey(prfOutput.buffer);
    expect(key).toEqual(nodeHkdf(prfOutput, "halcyon/passkey-seal/v1"));
    expect(key).not.toEqual(prfOutput);

    const pair = await newKeyPair();
    expect(await openWithKey(await sealWithKey(pair.privateKey, key), await passkeySealKey(prfOutput))).toEqual(pair.privateKey);
  });
});
