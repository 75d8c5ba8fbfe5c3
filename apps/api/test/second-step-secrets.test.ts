// Second-step secrets at rest (issue 33, item 9): the database holds authenticator secrets only
// sealed under the server's secrets key (rows from before are sealed at start), and recovery codes
// of 79 secret bits under argon2id, while codes given before keep working until used.
import { createHash, randomBytes } from "node:crypto";
import { sealPlainTotpSecrets, totpCodeAt } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, turnOnAuthenticator } from "./clinic-helpers";
import { describeApp, sessionCookie } from "./helper";

const STEP_MS = 30_000;

async function signInWithCode(app: FastifyInstance, member: { username: string; password: string }, code: string) {
  const first = await app.inject({ method: "POST", url: "/api/login", payload: { username: member.username, password: member.password } });
  expect(first.json()).toMatchObject({ mfaRequired: true });
  const pending = first.cookies.find((cookie) => cookie.name === "halcyon_pending")!;
  return app.inject({ method: "POST", url: "/api/login/mfa", payload: { code }, headers: { cookie: `${pending.name}=${pending.value}` } });
}

async function storedSecret(app: FastifyInstance, userId: number): Promise<string> {
  return (await app.clinic.db.selectFrom("totp_factors").select("secret").where("user_id", "=", userId).executeTakeFirstOrThrow()).secret;
}

describeApp("second-step secrets at rest", (testApp) => {
  it("keeps no authenticator secret in the clear, and a sealed secret opens only for its own member", async () => {
    const { app, advance } = testApp();
    const member = await aPatient(app);
    const other = await aPatient(app);
    const { secret } = await turnOnAuthenticator(app, member);
    const { secret: otherSecret } = await turnOnAuthenticator(app, other);
    const stored = await storedSecret(app, member.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    // Nor does any other column of the row hold it.
    const row = await app.clinic.db.selectFrom("totp_factors").selectAll().where("user_id", "=", member.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(secret);

    advance(STEP_MS);
    const done = await signInWithCode(app, member, await totpCodeAt(secret, app.clinic.now()));
    expect(done.statusCode, done.body).toBe(200);

    // Copied onto another member's row (a database-level swap), it opens for no one: the member's id is sealed in with it.
    await app.clinic.db.updateTable("totp_factors").set({ secret: stored }).where("user_id", "=", other.id).execute();
    const swapped = await signInWithCode(app, other, await totpCodeAt(otherSecret, app.clinic.now()));
    expect(swapped.statusCode).toBe(500);
    expect(sessionCookie(swapped)).toBeUndefined();
  });

  it("seals at start the secrets stored in the clear before, and the member's codes still work", async () => {
    const { app, advance } = testApp();
    const member = await aPatient(app);
    const { secret } = await turnOnAuthenticator(app, member);
    // A row as the server before sealing wrote it.
    await app.clinic.db.updateTable("totp_factors").set({ secret }).where("user_id", "=", member.id).execute();

    expect(await sealPlainTotpSecrets(app.clinic)).toBe(1);
    const stored = await storedSecret(app, member.id);
    expect(stored).toMatch(/^v1\./);
    expect(stored).not.toContain(secret);
    expect(await sealPlainTotpSecrets(app.clinic)).toBe(0);

    advance(STEP_MS);
    const done = await signInWithCode(app, member, await totpCodeAt(secret, app.clinic.now()));
    expect(done.statusCode, done.body).toBe(200);
  });

  it("stores new recovery codes as argon2id hashes picked by their first group, and each works once", async () => {
    const { app } = testApp();
    const member = await aPatient(app);
    const { recoveryCodes } = await turnOnAuthenticator(app, member);
    const rows = await app.clinic.db.selectFrom("recovery_codes").select(["code_hash", "code_prefix"]).where("user_id", "=", member.id).execute();
    expect(rows).toHaveLength(10);
    for (const row of rows) expect(row.code_hash).toMatch(/^\$argon2id\$/);
    expect(rows.map((row) => row.code_prefix).sort()).toEqual(recoveryCodes.map((code) => code.slice(0, 4)).sort());

    const [code] = recoveryCodes as [string];
    // Typed in lower case, without dashes: the same code.
    const done = await signInWithCode(app, member, code.toLowerCase().replace(/-/g, " "));
    expect(done.statusCode, done.body).toBe(200);
    const again = await signInWithCode(app, member, code);
    expect(again.statusCode).toBe(400);
    // A guess with a real first group and the wrong rest is refused too.
    const second = recoveryCodes[1]!;
    const guessed = await signInWithCode(app, member, `${second.slice(0, 5)}AAAA-AAAA-AAAA-AAAA`);
    expect(guessed.statusCode).toBe(400);
  });

  it("keeps accepting a recovery code given before (salted SHA-256, no group) until it is used", async () => {
    const { app } = testApp();
    const member = await aPatient(app);
    await turnOnAuthenticator(app, member);
    const oldCode = "ABCDE-FGHJK";
    const salt = randomBytes(16).toString("hex");
    const oldHash = `${salt}:${createHash("sha256").update(salt).update("ABCDEFGHJK").digest("hex")}`;
    await app.clinic.db.insertInto("recovery_codes").values({ user_id: member.id, code_hash: oldHash, code_prefix: null }).execute();

    const done = await signInWithCode(app, member, oldCode);
    expect(done.statusCode, done.body).toBe(200);
    expect(await app.clinic.db.selectFrom("recovery_codes").select("id").where("code_hash", "=", oldHash).executeTakeFirst()).toBeUndefined();
    const again = await signInWithCode(app, member, oldCode);
    expect(again.statusCode).toBe(400);
  });
});
