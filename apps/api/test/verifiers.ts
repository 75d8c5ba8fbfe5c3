// What the server stores of a member's password, made in a test the way a browser and the old
// server would make it (hash-wasm and argon2 directly, not the server's own code), so the tests
// check the server against the contract rather than against itself.
import { insertUser, saveMemberKeys, type NewUser, type PasswordKdf } from "@halcyon/db";
import { wrapLegacyVerifiers } from "@halcyon/domain";
import { deriveSecrets, newKeyPair, newRecoveryCode, sealPrivateKey, type MemberKeyPair } from "@halcyon/sealed";
import argon2 from "argon2";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";

export interface SignInParams {
  kdf: PasswordKdf & { algorithm: "argon2id" };
  legacy: PasswordKdf | null;
}

/** POST /api/login/params for `username`. */
export async function signInParamsOf(app: FastifyInstance, username: string, remoteAddress = "10.200.0.1"): Promise<SignInParams> {
  const response = await app.inject({ method: "POST", url: "/api/login/params", payload: { username }, remoteAddress });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The web app's sign-in secret for `password`, derived with the params the server answers for `username`. */
export async function authKeyFor(app: FastifyInstance, username: string, password: string): Promise<string> {
  const { kdf } = await signInParamsOf(app, username);
  return (await deriveSecrets(password, kdf)).authKey;
}

const profile = (username: string): Omit<NewUser, "passwordHash" | "kdf"> => ({
  username,
  email: null,
  firstName: "Robin",
  lastName: "Hale",
  phoneNumber: "(555) 010-0000",
  dateOfBirth: "1980-01-01",
  role: "patient",
  createdAt: new Date().toISOString(),
});

/** A member as the server stores one since the split: their params' salt and an Argon2id hash of their authKey. Never judged by the password rules. */
export async function insertMember(app: FastifyInstance, username: string, password: string): Promise<void> {
  const { kdf } = await signInParamsOf(app, username);
  const { authKey } = await deriveSecrets(password, kdf);
  const { algorithm: _algorithm, ...stored } = kdf;
  await insertUser(app.clinic.db, { ...profile(username), passwordHash: await argon2.hash(authKey), kdf: stored });
}

export interface LegacyMember {
  id: number;
  /** The PHC string the old server stored: what a database stolen before the start would hold. */
  oldHash: string;
  keys: MemberKeyPair;
}

/**
 * A member from before the split, inserted the old way: an argon2id PHC of the password as typed
 * (OWASP's parameters) and the private key sealed with the password (PBES2); then wrapped, as the
 * start wraps every such verifier.
 */
export async function insertLegacyMember(app: FastifyInstance, username: string, password: string): Promise<LegacyMember> {
  const oldHash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const user = await insertUser(app.clinic.db, { ...profile(username), passwordHash: oldHash, kdf: { salt: "", memoryKiB: 0, iterations: 0, parallelism: 0 } });
  await app.clinic.db.updateTable("users").set({ kdf: null }).where("id", "=", user.id).execute();
  const keys = await newKeyPair();
  const { kty, crv, x, y } = keys.publicKey;
  await saveMemberKeys(app.clinic.db, {
    userId: user.id,
    kid: keys.kid,
    publicKey: JSON.stringify({ kty, crv, x, y }),
    sealedPrivateKey: await sealPrivateKey(keys.privateKey, password),
    sealedRecoveryKey: await sealPrivateKey(keys.privateKey, newRecoveryCode()),
    createdAt: new Date().toISOString(),
  });
  expect(await wrapLegacyVerifiers(app.clinic)).toBe(1);
  return { id: user.id, oldHash, keys };
}

/** The bytes inside a PHC string's last field, base64url: what a thief holding it would send as a proof. */
export function hashBytesOf(phc: string): string {
  return Buffer.from(phc.split("$").at(-1)!, "base64").toString("base64url");
}
