import { findLoginSessionWithUser, listActiveDoctors } from "@halcyon/db";
import { describeEachDatabase, TEST_SECRETS_KEY } from "@halcyon/db/testing";
import { expect, it } from "vitest";
import { hashSessionToken, startLoginSession } from "../src/auth/sessions";
import { createClinicServices, createUser, DEFAULT_CLINIC_CONFIG, DEMO_PASSWORDS, resetPassword, seedDemoClinic } from "../src/index";
import { checkProof } from "../src/auth/verifiers";
import { findUserCredentials } from "@halcyon/db";
import { deriveSecrets, openWithKey } from "@halcyon/sealed";

describeEachDatabase("accounts", (database) => {
  const services = () => createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: database(), config: DEFAULT_CLINIC_CONFIG });

  // Nine members, each with a salt of their own: nine Argon2id derivations at 64 MiB, slow on a busy machine.
  it("seeds the demo clinic once: the three demo accounts, four doctors, sessions and messages", async () => {
    expect(await seedDemoClinic(services())).toBe(true);
    expect(await seedDemoClinic(services())).toBe(false);
    const { db } = database();
    for (const [username, password] of [
      ["admin", DEMO_PASSWORDS.admin],
      ["dr.vance", DEMO_PASSWORDS.doctor],
      ["alex", DEMO_PASSWORDS.patient],
    ] as const) {
      const found = await findUserCredentials(db, username);
      expect(found, username).toBeDefined();
      expect((await checkProof(services(), found, username, { password })).proved).toBe(true);
    }
    // A demo member's key opens with the seal secret their browser derives, never with anything the server keeps.
    const alex = (await findUserCredentials(db, "alex"))!;
    const stored = await db.selectFrom("member_keys").select("sealed_private_key").where("user_id", "=", alex.user.id).executeTakeFirstOrThrow();
    const { sealKey } = await deriveSecrets(DEMO_PASSWORDS.patient, alex.kdf!);
    expect((await openWithKey(stored.sealed_private_key, sealKey)).d).toBeDefined();
    const doctors = await listActiveDoctors(db);
    expect(doctors.map((d) => d.specialization).sort()).toEqual(["Couples Therapy", "Individual Therapy", "Mindfulness & Wellness", "PTSD & Trauma Care"]);
    const rated = await db.selectFrom("treatment_sessions").select("progress_rating").execute();
    expect(rated.length).toBeGreaterThanOrEqual(5);
    const upcoming = await db.selectFrom("appointments").select("id").where("status", "=", "scheduled").execute();
    expect(upcoming.length).toBeGreaterThanOrEqual(3);
    const messages = await db.selectFrom("messages").select("id").execute();
    expect(messages.length).toBeGreaterThan(0);
  }, 240_000);

  it("creates a doctor with a specialization", async () => {
    const user = await createUser(services(), {
      username: "dr.new",
      password: "thoughtful-kestrel-9",
      role: "doctor",
      firstName: "Noor",
      lastName: "Haddad",
      phoneNumber: "(555) 444-1212",
      dateOfBirth: "1979-03-03",
      specialization: "Individual Therapy",
    });
    expect(user.role).toBe("doctor");
    expect((await listActiveDoctors(database().db)).some((d) => d.id === user.id && d.specialization === "Individual Therapy")).toBe(true);
  });

  it("resets a password and ends every session of that user", async () => {
    const user = await createUser(services(), {
      username: "forgetful",
      password: "first-secret-phrase",
      role: "patient",
      firstName: "Fran",
      lastName: "Lee",
      phoneNumber: "(555) 777-8888",
      dateOfBirth: "1985-08-08",
    });
    const { token } = await startLoginSession(services(), database().db, user.id, { ip: null, userAgent: null });
    await resetPassword(services(), "FORGETFUL", "second-secret-phrase");
    expect(await findLoginSessionWithUser(database().db, hashSessionToken(token))).toBeUndefined();
    const found = await findUserCredentials(database().db, "forgetful");
    expect((await checkProof(services(), found, found!.user.username, { password: "second-secret-phrase" })).proved).toBe(true);
    await expect(resetPassword(services(), "nobody", "second-secret-phrase")).rejects.toThrow(/No user/);
  });

  it("stores only the hash of a session token", async () => {
    const user = await createUser(services(), {
      username: "hashcheck",
      password: "first-secret-phrase",
      role: "patient",
      firstName: "Hal",
      lastName: "Ash",
      phoneNumber: "(555) 777-0000",
      dateOfBirth: "1985-08-08",
    });
    const { token } = await startLoginSession(services(), database().db, user.id, { ip: null, userAgent: null });
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    const rows = await database().db.selectFrom("login_sessions").select("id_hash").where("user_id", "=", user.id).execute();
    expect(rows.map((row) => row.id_hash)).toEqual([hashSessionToken(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });
});
