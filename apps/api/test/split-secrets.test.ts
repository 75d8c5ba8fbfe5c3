// Issue 33 item 1, the server's side: the web app derives two secrets from the password in the
// browser (Argon2id with the member's salt, then HKDF), sends only the sign-in one (authKey) and
// keeps the seal one. The server answers the salt for any username alike, verifies an Argon2id
// hash of the authKey, still takes the plain password from API clients, and moves members from
// before the split over at their next sign-in without a stolen database being a way in.
import { deriveSecrets, legacyProofOf, newKeyPair, openPrivateKey, openWithKey, sealPrivateKey, sealWithKey, type MemberKeyPair } from "@halcyon/sealed";
import argon2 from "argon2";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { wrapLegacyVerifiers } from "@halcyon/domain";
import { describeApp, newPatient, register, sessionCookie, TEST_ENV } from "./helper";
import { hashBytesOf, insertLegacyMember, insertMember, signInParamsOf } from "./verifiers";

let addresses = 0;
/** An address of its own, so the per-address throttle counts only what a test means it to. */
const anAddress = () => `10.33.${(addresses += 1) >> 8}.${addresses & 255}`;

function login(app: FastifyInstance, payload: Record<string, unknown>, remoteAddress = anAddress()) {
  return app.inject({ method: "POST", url: "/api/login", payload, remoteAddress });
}

function post(app: FastifyInstance, url: string, cookie: string, payload: Record<string, unknown>, remoteAddress = anAddress()) {
  return app.inject({ method: "POST", url, payload, headers: { cookie }, remoteAddress });
}

async function storedRow(app: FastifyInstance, username: string) {
  return app.clinic.db
    .selectFrom("users")
    .select(["id", "password_hash", "kdf", "legacy_kdf"])
    .where("username_key", "=", username.toLowerCase())
    .executeTakeFirstOrThrow();
}

/** A patient registered the web app's way: the authKey derived with the params answered before the account existed. */
async function registeredWithAuthKey(app: FastifyInstance) {
  const body = newPatient();
  const params = await signInParamsOf(app, body.username);
  const secrets = await deriveSecrets(body.password, params.kdf);
  const { password: _password, ...profile } = body;
  const { response, cookie } = await register(app, { ...profile, authKey: secrets.authKey });
  expect(response.statusCode, response.body).toBe(200);
  return { ...body, id: response.json().id as number, cookie: cookie!, params, secrets };
}

describeApp("the password's two secrets", (testApp) => {
  it("answers the same shape for any username, stable for one nobody has, and the account's own salt once it exists", async () => {
    const { app } = testApp();
    const known = await registeredWithAuthKey(app);
    const [mine, nobody, nobodyAgain, nobodyShouting] = await Promise.all([
      signInParamsOf(app, known.username),
      signInParamsOf(app, "nobody.here"),
      signInParamsOf(app, "nobody.here"),
      signInParamsOf(app, "  NOBODY.here "),
    ]);
    const shape = {
      kdf: {
        algorithm: "argon2id",
        salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
        memoryKiB: Number(TEST_ENV.PASSWORD_KDF_MEMORY_KIB),
        iterations: 3,
        parallelism: 1,
      },
      legacy: null,
    };
    expect(mine).toEqual(shape);
    expect(nobody).toEqual(shape);
    expect(Object.keys(nobody.kdf)).toEqual(Object.keys(mine.kdf));
    expect(nobodyAgain).toEqual(nobody);
    expect(nobodyShouting).toEqual(nobody);
    expect(nobody.kdf.salt).not.toBe(mine.kdf.salt);
    // What the browser was told before registering is what the account keeps.
    expect(mine).toEqual(known.params);
    const { algorithm: _algorithm, ...kdf } = mine.kdf;
    expect(JSON.parse(String((await storedRow(app, known.username)).kdf))).toEqual(kdf);
  });

  it("signs in with the authKey or the plain password, and stores nothing the seal secret follows from", async () => {
    const { app } = testApp();
    const member = await registeredWithAuthKey(app);
    expect((await login(app, { username: member.username, authKey: member.secrets.authKey })).statusCode).toBe(200);
    expect((await login(app, { username: member.username, password: member.password })).statusCode).toBe(200);
    const wrong = await deriveSecrets("not the password at all", member.params.kdf);
    expect((await login(app, { username: member.username, authKey: wrong.authKey })).statusCode).toBe(401);
    expect((await login(app, { username: "nobody.here", authKey: wrong.authKey })).json().message).toBe("Invalid username or password");
    const both = await login(app, { username: member.username, password: member.password, authKey: member.secrets.authKey });
    expect(both.statusCode).toBe(400);
    expect(both.json().message).toMatch(/password or the authKey, not both/);

    // The browser seals the private key under the seal secret; the server keeps only that.
    const pair = await newKeyPair();
    const sealedPrivateKey = await sealWithKey(pair.privateKey, member.secrets.sealKey);
    const saved = await app.inject({
      method: "PUT",
      url: "/api/keys/me",
      payload: { publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey: await recoverySeal(pair.privateKey) },
      headers: { cookie: member.cookie },
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const row = await storedRow(app, member.username);
    // The verifier is an Argon2id hash of the authKey (a one-way HKDF output), not of the password.
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(await argon2.verify(row.password_hash, member.secrets.authKey)).toBe(true);
    expect(await argon2.verify(row.password_hash, member.password)).toBe(false);
    const stored = await app.clinic.db.selectFrom("member_keys").select("sealed_private_key").where("user_id", "=", member.id).executeTakeFirstOrThrow();
    expect(JSON.parse(Buffer.from(stored.sealed_private_key.split(".")[0]!, "base64url").toString())).toMatchObject({ alg: "A256KW", enc: "A256GCM" });
    expect((await openWithKey(stored.sealed_private_key, member.secrets.sealKey)).d).toBe(pair.privateKey.d);
    const everything = JSON.stringify([row, stored]);
    for (const secret of [member.password, member.secrets.authKey, Buffer.from(member.secrets.sealKey).toString("base64url"), pair.privateKey.d!]) {
      expect(everything).not.toContain(secret);
    }
  });

  it("takes the password review's verdict from the browser for an authKey, and judges a plain password itself", async () => {
    const { app } = testApp();
    await insertMember(app, "weak.before", "letmein12345");
    await insertMember(app, "fine.before", "letmein12345");
    const { kdf: weakKdf } = await signInParamsOf(app, "weak.before");
    const { kdf: fineKdf } = await signInParamsOf(app, "fine.before");
    const weak = await login(app, { username: "weak.before", authKey: (await deriveSecrets("letmein12345", weakKdf)).authKey, passwordFallsShort: true });
    const fine = await login(app, { username: "fine.before", authKey: (await deriveSecrets("letmein12345", fineKdf)).authKey });
    const noticesOf = async (cookie: string) =>
      (await app.inject({ method: "GET", url: "/api/account/notices", headers: { cookie } })).json().map((notice: { kind: string }) => notice.kind);
    expect(await noticesOf(sessionCookie(weak)!)).toEqual(["password_review"]);
    expect(await noticesOf(sessionCookie(fine)!)).toEqual([]);
  });

  it("changes the password by authKey, resealing the key in the same commit, and refuses a password-sealed key", async () => {
    const { app } = testApp();
    const member = await registeredWithAuthKey(app);
    const pair = await newKeyPair();
    const keys = {
      publicKey: pair.publicKey,
      sealedPrivateKey: await sealWithKey(pair.privateKey, member.secrets.sealKey),
      sealedRecoveryKey: await recoverySeal(pair.privateKey),
    };
    expect((await app.inject({ method: "PUT", url: "/api/keys/me", payload: keys, headers: { cookie: member.cookie } })).statusCode).toBe(200);

    const next = await deriveSecrets("a brand new harbour at dusk", member.params.kdf);
    const resealed = await sealWithKey(pair.privateKey, next.sealKey);
    // A PBES2 seal (as the recovery copy is) is a cheap offline check of what sealed it: refused for the private key.
    const refused = await post(app, "/api/user/password", member.cookie, {
      currentAuthKey: member.secrets.authKey,
      newAuthKey: next.authKey,
      sealedPrivateKey: keys.sealedRecoveryKey,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/A256KW/);
    const same = await post(app, "/api/user/password", member.cookie, { currentAuthKey: member.secrets.authKey, newAuthKey: member.secrets.authKey });
    expect(same.json().message).toMatch(/different from the current one/);
    const wrongCurrent = await post(app, "/api/user/password", member.cookie, { currentAuthKey: next.authKey, newAuthKey: next.authKey.replace(/^./, "A") });
    expect(wrongCurrent.json().message).toMatch(/current password is not right/);

    const changed = await post(app, "/api/user/password", member.cookie, {
      currentAuthKey: member.secrets.authKey,
      newAuthKey: next.authKey,
      sealedPrivateKey: resealed,
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const stored = await app.clinic.db.selectFrom("member_keys").select("sealed_private_key").where("user_id", "=", member.id).executeTakeFirstOrThrow();
    expect(stored.sealed_private_key).toBe(resealed);
    expect((await login(app, { username: member.username, authKey: next.authKey })).statusCode).toBe(200);
    expect((await login(app, { username: member.username, password: "a brand new harbour at dusk" })).statusCode).toBe(200);
    expect((await login(app, { username: member.username, authKey: member.secrets.authKey })).statusCode).toBe(401);
    // The salt and parameters stay the member's.
    expect(await signInParamsOf(app, member.username)).toEqual(member.params);
  });
});

const RECOVERY_CODE = "ABCDE-FGHJK-MNPQR-STUVW-XYZ23";
/** The recovery copy stays PBES2 (its code carries 125 bits). */
function recoverySeal(privateKey: MemberKeyPair["privateKey"]): Promise<string> {
  return sealPrivateKey(privateKey, RECOVERY_CODE);
}

describeApp("members from before the split", (testApp) => {
  it("answers old-hash params for every username exactly while some member is still on one", async () => {
    const { app } = testApp();
    const today = await registeredWithAuthKey(app);
    expect((await signInParamsOf(app, "nobody.here")).legacy).toBeNull();
    const old = await insertLegacyMember(app, "robin.old", "the old harbour lights");
    const [theirs, nobody, nobodyAgain, todays] = await Promise.all([
      signInParamsOf(app, "robin.old"),
      signInParamsOf(app, "nobody.here"),
      signInParamsOf(app, "nobody.here"),
      signInParamsOf(app, today.username),
    ]);
    const [, , , m, salt] = old.oldHash.split("$");
    expect(m).toBe("m=19456,t=2,p=1");
    expect(theirs.legacy).toEqual({ salt: Buffer.from(salt!, "base64").toString("base64url"), memoryKiB: 19_456, iterations: 2, parallelism: 1 });
    for (const params of [nobody, todays])
      expect(params.legacy).toEqual({ salt: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), memoryKiB: 19_456, iterations: 2, parallelism: 1 });
    expect(nobodyAgain).toEqual(nobody);
    expect(todays.kdf).toEqual(today.params.kdf);

    // The legacy member signs in (and moves over): from then on nobody is answered old-hash params.
    const { authKey } = await deriveSecrets("the old harbour lights", theirs.kdf);
    const signedIn = await login(app, { username: "robin.old", authKey, legacyProof: await legacyProofOf("the old harbour lights", theirs.legacy!) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect((await signInParamsOf(app, "nobody.here")).legacy).toBeNull();
  });

  it("moves a member over with the proof of their old hash, and a stolen database's bytes prove nothing", async () => {
    const { app } = testApp();
    const password = "the old harbour lights";
    const old = await insertLegacyMember(app, "sky.old", password);
    const wrapped = await storedRow(app, "sky.old");
    expect(wrapped.kdf).toBeNull();
    expect(wrapped.password_hash).not.toBe(old.oldHash);
    // Idempotent: a second start wraps nothing again.
    expect(await wrapLegacyVerifiers(app.clinic)).toBe(0);

    const params = await signInParamsOf(app, "sky.old");
    const { authKey } = await deriveSecrets(password, params.kdf);
    // What a thief holding today's database (or an old backup's PHC string) could send.
    const thefts: Record<string, unknown>[] = [
      { password: wrapped.password_hash },
      { password: old.oldHash },
      { password: hashBytesOf(old.oldHash) },
      { password: hashBytesOf(wrapped.password_hash) },
      { authKey, legacyProof: hashBytesOf(wrapped.password_hash) },
      { authKey: hashBytesOf(wrapped.password_hash), legacyProof: hashBytesOf(wrapped.password_hash) },
      { authKey },
    ];
    for (const theft of thefts) {
      // Each refused on its own merit, not by the throttle that would soon stop such a run anyway.
      await app.clinic.db.deleteFrom("throttle_hits").execute();
      expect((await login(app, { username: "sky.old", ...theft })).statusCode, JSON.stringify(theft)).toBe(401);
    }

    const signedIn = await login(app, { username: "sky.old", authKey, legacyProof: await legacyProofOf(password, params.legacy!) });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const moved = await storedRow(app, "sky.old");
    const { algorithm: _algorithm, ...kdf } = params.kdf;
    expect(JSON.parse(String(moved.kdf))).toEqual(kdf);
    expect(moved.legacy_kdf).toBeNull();
    expect(await argon2.verify(moved.password_hash, authKey)).toBe(true);
    // The proof of the old hash is no way in any more; the authKey and the password are.
    const afterwards = await signInParamsOf(app, "sky.old");
    expect(afterwards.kdf).toEqual(params.kdf);
    expect((await login(app, { username: "sky.old", authKey: "A".repeat(43), legacyProof: await legacyProofOf(password, params.legacy!) })).statusCode).toBe(
      401,
    );
    expect((await login(app, { username: "sky.old", authKey })).statusCode).toBe(200);
    expect((await login(app, { username: "sky.old", password })).statusCode).toBe(200);

    // Their history stays readable: the old PBES2 seal opens with the password in the browser, which reseals it under the seal secret.
    const cookie = sessionCookie(signedIn)!;
    const mine = await app.inject({ method: "GET", url: "/api/keys/me", headers: { cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    const privateKey = await openPrivateKey(mine.json().sealedPrivateKey, password);
    expect(privateKey.d).toBe(old.keys.privateKey.d);
    const { sealKey } = await deriveSecrets(password, params.kdf);
    const resealed = await app.inject({
      method: "PUT",
      url: "/api/keys/me",
      payload: { publicKey: old.keys.publicKey, sealedPrivateKey: await sealWithKey(privateKey, sealKey), sealedRecoveryKey: mine.json().sealedRecoveryKey },
      headers: { cookie },
    });
    expect(resealed.statusCode, resealed.body).toBe(200);
    expect(resealed.json().kid).toBe(old.keys.kid);
  });

  it("moves over a member whose client sends the plain password", async () => {
    const { app } = testApp();
    await insertLegacyMember(app, "casey.old", "an older quieter harbour");
    expect((await login(app, { username: "casey.old", password: "not their password" })).statusCode).toBe(401);
    expect((await login(app, { username: "casey.old", password: "an older quieter harbour" })).statusCode).toBe(200);
    expect((await storedRow(app, "casey.old")).kdf).not.toBeNull();
    const { authKey } = await deriveSecrets("an older quieter harbour", (await signInParamsOf(app, "casey.old")).kdf);
    expect((await login(app, { username: "casey.old", authKey })).statusCode).toBe(200);
  });
});

describeApp("password checks on a signed-in session", (testApp) => {
  it("counts wrong re-checks in the sign-in throttle: a stolen session soon waits, and so does the account's sign-in", async () => {
    const { app } = testApp();
    const body = newPatient();
    const { cookie } = await register(app, body);
    const thief = anAddress();
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post(app, "/api/account/reauth", cookie!, { password: `guess number ${attempt}` }, thief);
      expect(wrong.statusCode, wrong.body).toBe(400);
    }
    const throttled = await post(app, "/api/account/reauth", cookie!, { password: body.password }, thief);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().retryAfterSeconds).toBeGreaterThan(0);
    expect(throttled.headers["retry-after"]).toBe(String(throttled.json().retryAfterSeconds));
    // The same count: the account's sign-in waits too, from anywhere, and a password change's check with it.
    const signIn = await login(app, { username: body.username, password: body.password });
    expect(signIn.statusCode).toBe(429);
    expect(signIn.json().retryAfterSeconds).toBeGreaterThan(0);
    const change = await post(app, "/api/user/password", cookie!, { currentPassword: body.password, newPassword: "another calm harbour 7" });
    expect(change.statusCode).toBe(429);
    const throttledRechecks = await app.clinic.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "auth.recheck")
      .where("outcome", "=", "denied")
      .execute();
    expect(throttledRechecks.map((row) => JSON.parse(String(row.details)).reason)).toEqual(["throttled"]);
  });

  it("counts wrong current passwords of a password change in the same throttle", async () => {
    const { app } = testApp();
    const body = newPatient();
    const { cookie } = await register(app, body);
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const wrong = await post(app, "/api/user/password", cookie!, { currentPassword: `guess number ${attempt}`, newPassword: "another calm harbour 7" });
      expect(wrong.json().message).toMatch(/current password is not right/);
    }
    const throttled = await post(app, "/api/account/reauth", cookie!, { password: body.password });
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().retryAfterSeconds).toBeGreaterThan(0);
  });

  it("holds a burst of re-checks from one address to the sign-in path's in-flight limit", async () => {
    const { app } = testApp();
    const body = newPatient();
    const { cookie } = await register(app, body);
    const address = anAddress();
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(app, "/api/account/reauth", cookie!, { password: body.password }, address)));
    const atOnce = answers.filter((answer) => answer.statusCode === 429 && /at once/.test(answer.json().message));
    expect(atOnce.length).toBeGreaterThan(0);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeLessThanOrEqual(4);
  });

  it("audits a successful re-check, by password, authKey or (elsewhere) passkey", async () => {
    const { app } = testApp();
    const member = await registeredWithAuthKey(app);
    expect((await post(app, "/api/account/reauth", member.cookie, { authKey: member.secrets.authKey })).statusCode).toBe(200);
    expect((await post(app, "/api/account/reauth", member.cookie, { password: member.password })).statusCode).toBe(200);
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select(["outcome", "details"])
      .where("action", "=", "auth.recheck")
      .where("actor_id", "=", member.id)
      .orderBy("id")
      .execute();
    expect(audited.map((row) => [row.outcome, JSON.parse(String(row.details)).method])).toEqual([
      ["success", "password"],
      ["success", "password"],
    ]);
  });
});
