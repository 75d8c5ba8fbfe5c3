// Messaging keys (issue 18): a member stores the keys their browser made and sealed, and gets them
// back at sign-in (only then, or after a re-check, and audited: issue 33); others get a public key
// only when they may write to its member; the clinic's records key is set once by an admin. What
// is not a P-256 public key or a properly sealed private key is refused with the reason.
import { randomBytes } from "node:crypto";
import { newKeyPair, sealPrivateKey, sealWithKey, type MemberKeyPair } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, recheck, type SignedIn, slotsOf, weekdayAhead } from "./clinic-helpers";
import { describeApp } from "./helper";

/** The seal secret the member's browser derives from their password (the server never sees it). */
const SEAL_KEY = randomBytes(32);
const RECOVERY = "ABCDE-FGHJK-MNPQR-STUVW-XYZ23";

interface Sealed {
  pair: MemberKeyPair;
  body: { publicKey: MemberKeyPair["publicKey"]; sealedPrivateKey: string; sealedRecoveryKey: string };
}

/** Keys as a browser makes them (sealing at the full 210,000 iterations takes a moment: made once). */
async function browserKeys(): Promise<Sealed> {
  const pair = await newKeyPair();
  const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([sealWithKey(pair.privateKey, SEAL_KEY), sealPrivateKey(pair.privateKey, RECOVERY)]);
  return { pair, body: { publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey } };
}

function call(app: FastifyInstance, who: SignedIn | null, method: "GET" | "PUT", url: string, payload?: object) {
  return app.inject({ method, url, payload, headers: who ? { cookie: who.cookie } : {} });
}

let first: Sealed;
let second: Sealed;
let third: Sealed;
let fourth: Sealed;
beforeAll(async () => {
  [first, second, third, fourth] = await Promise.all([browserKeys(), browserKeys(), browserKeys(), browserKeys()]);
});

describeApp("messaging keys", (testApp) => {
  it("keeps a member's keys as their browser sealed them, named by the key's thumbprint, and audits each change", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    expect((await call(app, patient, "GET", "/api/keys/me")).statusCode).toBe(404);

    const saved = await call(app, patient, "PUT", "/api/keys/me", first.body);
    expect(saved.statusCode, saved.body).toBe(200);
    const { kid: _kid, ...publicKey } = first.pair.publicKey;
    expect(saved.json()).toEqual({
      kid: first.pair.kid,
      publicKey,
      sealedPrivateKey: first.body.sealedPrivateKey,
      sealedRecoveryKey: first.body.sealedRecoveryKey,
      passkeySeals: [],
    });
    expect((await call(app, patient, "GET", "/api/keys/me")).json()).toEqual(saved.json());

    // Sealed anew (a password change), then a new pair (after a reset without the recovery code).
    const resealed = { ...first.body, sealedPrivateKey: await sealWithKey(first.pair.privateKey, randomBytes(32)) };
    expect((await call(app, patient, "PUT", "/api/keys/me", resealed)).statusCode).toBe(200);
    expect((await call(app, patient, "PUT", "/api/keys/me", second.body)).json().kid).toBe(second.pair.kid);
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "keys.save")
      .where("actor_id", "=", patient.id)
      .orderBy("id")
      .execute();
    expect(audited.map((row) => JSON.parse(String(row.details)).change)).toEqual(["created", "resealed", "replaced"]);
    // The server never sees what opens them.
    expect(JSON.stringify(await app.clinic.db.selectFrom("member_keys").selectAll().execute())).not.toContain(first.pair.privateKey.d);
  });

  it("refuses what is not a P-256 public key, a private key sealed under a 256-bit key, or a recovery seal with enough iterations", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const weak = await sealPrivateKey(first.pair.privateKey, RECOVERY, 1_000);
    // Sealed with the password itself (PBES2): a cheap offline check of the password for whoever reads it.
    const withPassword = await sealPrivateKey(first.pair.privateKey, "the member's own password");
    const cases: [object, RegExp][] = [
      [{ ...first.body, publicKey: first.pair.privateKey }, /must not carry its private part/],
      [{ ...first.body, publicKey: { ...first.body.publicKey, crv: "P-384" } }, /P-256/],
      [{ ...first.body, sealedPrivateKey: "my private key in plain text" }, /compact JWE/],
      [{ ...first.body, sealedRecoveryKey: weak }, /at least 210,000 PBES2 iterations/],
      [{ ...first.body, sealedPrivateKey: withPassword }, /A256KW and A256GCM/],
      [{ ...first.body, sealedRecoveryKey: first.body.sealedPrivateKey }, /PBES2-HS512\+A256KW/],
      [{ publicKey: first.body.publicKey }, /sealedPrivateKey/],
    ];
    for (const [body, reason] of cases) {
      const refused = await call(app, patient, "PUT", "/api/keys/me", body);
      expect(refused.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(JSON.stringify(refused.json())).toMatch(reason);
    }
    expect((await call(app, patient, "GET", "/api/keys/me")).statusCode).toBe(404);
  });

  it("needs a recent sign-in or re-check to change keys: a stolen session cannot swap in its own", async () => {
    const { app, advance } = testApp();
    const patient = await aPatient(app);
    advance(6 * 60_000);
    const refused = await call(app, patient, "PUT", "/api/keys/me", first.body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("REAUTH_REQUIRED");
    const admin = await aStaffMember(app, "admin");
    expect((await call(app, admin, "PUT", "/api/keys/me", first.body)).statusCode).toBe(403);
  });

  it("hands the sealed key only to a session that has just proved who is behind it, and audits every read", async () => {
    const { app, advance } = testApp();
    const patient = await aPatient(app);
    expect((await call(app, patient, "PUT", "/api/keys/me", first.body)).statusCode).toBe(200);
    const reads = async () =>
      (
        await app.clinic.db
          .selectFrom("audit_log")
          .select(["outcome", "details"])
          .where("action", "=", "keys.read")
          .where("actor_id", "=", patient.id)
          .execute()
      ).map((row) => ({ outcome: row.outcome, details: JSON.parse(String(row.details)) as unknown }));
    // Just signed in: it is theirs, and the read is in the log.
    expect((await call(app, patient, "GET", "/api/keys/me")).statusCode).toBe(200);
    expect(await reads()).toEqual([{ outcome: "success", details: { kid: first.pair.kid } }]);
    // A session cookie alone (stolen, say, or left open) gets no offline target, on REST or tRPC.
    advance(6 * 60_000);
    const refused = await call(app, patient, "GET", "/api/keys/me");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("REAUTH_REQUIRED");
    const overTrpc = await app.inject({ method: "GET", url: "/trpc/keys.mine", headers: { cookie: patient.cookie } });
    expect(overTrpc.statusCode).toBe(403);
    expect(overTrpc.body).not.toContain(first.body.sealedPrivateKey);
    expect(await reads()).toHaveLength(1);
    // A re-check opens it again for five minutes.
    const rechecked = await recheck(app, patient);
    expect(rechecked.statusCode, rechecked.body).toBe(200);
    expect((await call(app, patient, "GET", "/api/keys/me")).json().sealedPrivateKey).toBe(first.body.sealedPrivateKey);
    expect(await reads()).toHaveLength(2);
  });

  it("gives a public key only to those who may write to its member", async () => {
    const { app } = testApp();
    const [doctor, patient, otherPatient, otherDoctor, admin] = [
      await aStaffMember(app, "doctor"),
      await aPatient(app),
      await aPatient(app),
      await aStaffMember(app, "doctor"),
      await aStaffMember(app, "admin"),
    ];
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
    expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    expect((await call(app, doctor, "GET", `/api/keys/${patient.id}`)).json().message).toMatch(/has not set up secure messaging yet/);
    expect((await call(app, patient, "PUT", "/api/keys/me", third.body)).statusCode).toBe(200);
    expect((await call(app, doctor, "PUT", "/api/keys/me", fourth.body)).statusCode).toBe(200);
    // A key is one member's: nobody else may claim it.
    expect((await call(app, otherPatient, "PUT", "/api/keys/me", fourth.body)).statusCode).toBe(409);

    expect((await call(app, doctor, "GET", `/api/keys/${patient.id}`)).json()).toMatchObject({ userId: patient.id, kid: third.pair.kid });
    // Patients may write to any doctor.
    expect((await call(app, otherPatient, "GET", `/api/keys/${doctor.id}`)).json()).toMatchObject({ userId: doctor.id, kid: fourth.pair.kid });
    for (const [who, url] of [
      [otherDoctor, `/api/keys/${patient.id}`],
      [otherPatient, `/api/keys/${patient.id}`],
    ] as const) {
      expect((await call(app, who, "GET", url)).statusCode, url).toBe(404);
    }
    // Their own public key, for sealing their copy of a message, without the re-check the sealed private key needs.
    expect((await call(app, patient, "GET", `/api/keys/${patient.id}`)).json()).toMatchObject({ userId: patient.id, kid: third.pair.kid });
    expect((await call(app, admin, "GET", `/api/keys/${patient.id}`)).statusCode).toBe(403);
    expect((await call(app, null, "GET", `/api/keys/${patient.id}`)).statusCode).toBe(401);
  });

  it("has the clinic's records key set once, by an admin, and handed to every member", async () => {
    const { app } = testApp();
    const [admin, patient] = [await aStaffMember(app, "admin"), await aPatient(app)];
    expect((await call(app, patient, "GET", "/api/keys/clinic")).json().message).toMatch(/has not set up secure messaging yet/);
    expect((await call(app, patient, "PUT", "/api/admin/records-key", { publicKey: first.body.publicKey })).statusCode).toBe(403);
    const set = await call(app, admin, "PUT", "/api/admin/records-key", { publicKey: first.body.publicKey });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().kid).toBe(first.pair.kid);
    expect((await call(app, admin, "PUT", "/api/admin/records-key", { publicKey: second.body.publicKey })).statusCode).toBe(409);
    expect((await call(app, patient, "GET", "/api/keys/clinic")).json()).toMatchObject({ kid: first.pair.kid });
    expect(await app.clinic.db.selectFrom("audit_log").select("action").where("action", "=", "admin.records_key").execute()).toHaveLength(1);
  });
});
