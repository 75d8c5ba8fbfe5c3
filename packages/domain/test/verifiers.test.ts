// The server's half of the password's two secrets (issue 33): salts that say nothing about who has
// an account, the old hashes wrapped so a stolen copy of the database proves nothing, and members
// from before moved over by a proof of their old hash.
import { findUserCredentials, insertUser } from "@halcyon/db";
import { describeEachDatabase, TEST_SECRETS_KEY, testUser } from "@halcyon/db/testing";
import { deriveSecrets, legacyProofOf } from "@halcyon/sealed";
import argon2 from "argon2";
import { expect, it } from "vitest";
import { checkProof, newMemberKdf, parseLegacyHash, standInLegacyKdf, wrapLegacyVerifiers } from "../src/auth/verifiers";
import { createClinicServices, DEFAULT_CLINIC_CONFIG } from "../src/index";

describeEachDatabase("verifiers", (database) => {
  const services = () => createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: database(), config: DEFAULT_CLINIC_CONFIG });

  it("gives a username the same salt whatever its case, another name another salt, and a stand-in old hash's", () => {
    expect(newMemberKdf(services(), " Robin ")).toEqual(newMemberKdf(services(), "robin"));
    expect(newMemberKdf(services(), "robin")).toEqual({ salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), memoryKiB: 65_536, iterations: 3, parallelism: 1 });
    expect(newMemberKdf(services(), "robin").salt).not.toBe(newMemberKdf(services(), "robyn").salt);
    expect(standInLegacyKdf(services(), "robin").salt).not.toBe(newMemberKdf(services(), "robin").salt);
    // Another clinic (another secrets key) answers other salts.
    const elsewhere = createClinicServices({ secretsKey: Buffer.alloc(32, 1), database: database(), config: DEFAULT_CLINIC_CONFIG });
    expect(newMemberKdf(elsewhere, "robin").salt).not.toBe(newMemberKdf(services(), "robin").salt);
  });

  it("reads the salt, parameters and bytes of an old PHC hash, and nothing else", async () => {
    const phc = await argon2.hash("an old password", { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const parsed = parseLegacyHash(phc)!;
    expect(parsed.kdf).toMatchObject({ memoryKiB: 19_456, iterations: 2, parallelism: 1 });
    expect(parsed.hash.toString("base64url")).toBe(await legacyProofOf("an old password", parsed.kdf));
    expect(parseLegacyHash("$argon2i$v=19$m=4096,t=3,p=1$c2FsdHNhbHQ$aGFzaA")).toBeUndefined();
    expect(parseLegacyHash("not a hash")).toBeUndefined();
  });

  it("wraps an old hash once, then takes only the proof of it, and moves its member over", async () => {
    const { db } = database();
    const password = "an old harbour password";
    const oldHash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
    const user = await insertUser(db, { ...testUser("old.member"), passwordHash: oldHash });
    await db.updateTable("users").set({ kdf: null }).where("id", "=", user.id).execute();
    expect(await wrapLegacyVerifiers(services())).toBe(1);
    expect(await wrapLegacyVerifiers(services())).toBe(0);
    const credentials = (await findUserCredentials(db, "old.member"))!;
    expect(credentials.passwordHash).not.toBe(oldHash);
    expect(credentials.legacyKdf).toEqual(parseLegacyHash(oldHash)!.kdf);

    const kdf = newMemberKdf(services(), "old.member");
    const { authKey } = await deriveSecrets(password, kdf);
    const stolenBytes = parseLegacyHash(credentials.passwordHash)!.hash.toString("base64url");
    for (const theft of [{ password: credentials.passwordHash }, { password: oldHash }, { authKey, legacyProof: stolenBytes }, { authKey }]) {
      expect((await checkProof(services(), credentials, "old.member", theft)).proved, JSON.stringify(theft)).toBe(false);
    }
    const proved = await checkProof(services(), credentials, "old.member", { authKey, legacyProof: await legacyProofOf(password, credentials.legacyKdf!) });
    expect(proved.proved).toBe(true);
    if (!proved.proved || !proved.upgrade) throw new Error("an old member's proof moves them over");
    expect(proved.upgrade.kdf).toEqual(kdf);
    expect(await argon2.verify(proved.upgrade.hash, authKey)).toBe(true);
  });
});
