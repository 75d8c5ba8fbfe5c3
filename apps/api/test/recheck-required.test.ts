// The same proof for the same power (issue 33, item 4): every procedure that grants access or
// changes who someone is (RECHECKED_PROCEDURES, the one list the server checks) is tried on REST
// and on tRPC by a session signed in more than 5 minutes ago without a re-check: 403
// REAUTH_REQUIRED, and nothing changed. After a re-check of the password, the same call goes through.
import { appRouter, RECHECKED_PROCEDURES } from "@halcyon/domain";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, recheck, type SignedIn, turnOnAuthenticator } from "./clinic-helpers";
import { newKeyPair, sealPrivateKey, sealWithKey } from "@halcyon/sealed";
import { describeApp } from "./helper";
import { SoftAuthenticator } from "./soft-authenticator";

const ORIGIN = "https://clinic.example";
const PAST_THE_RECHECK_MS = 5 * 60_000 + 1_000;

type Actor = SignedIn & { password: string };

/** One way to call a listed procedure: who calls it, with what, and how to tell it took effect. */
interface Case {
  procedure: string;
  /** A new caller (signed in just now) and whatever the call needs; `input` is asked for before each call. */
  prepare(app: FastifyInstance): Promise<{ actor: Actor; input: () => Promise<Record<string, unknown>>; changed: () => Promise<boolean> }>;
}

let sequence = 0;
const unique = () => `${Date.now().toString(36)}${(sequence += 1)}`;

const profile = (lastName: string) => ({ firstName: "Noor", lastName, phoneNumber: "(555) 222-3344", dateOfBirth: "1988-03-14" });

async function userRow(app: FastifyInstance, id: number) {
  return app.clinic.db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
}

async function anAdmin(app: FastifyInstance): Promise<Actor> {
  return aStaffMember(app, "admin");
}

async function aPatientActor(app: FastifyInstance): Promise<Actor> {
  return aPatient(app);
}

/** New messaging keys as a member's browser sends them: the private key sealed under a seal key, and again under a recovery code. */
async function keysBody(): Promise<Record<string, unknown>> {
  const pair = await newKeyPair();
  const sealedPrivateKey = await sealWithKey(pair.privateKey, crypto.getRandomValues(new Uint8Array(32)));
  return { publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey: await sealPrivateKey(pair.privateKey, "a recovery code") };
}

/** A passkey made with the member's own software authenticator, from fresh creation options. */
async function passkeyBody(app: FastifyInstance, actor: Actor): Promise<Record<string, unknown>> {
  const options = await app.inject({ method: "POST", url: "/api/account/passkeys/options", headers: { cookie: actor.cookie } });
  expect(options.statusCode, options.body).toBe(200);
  return { name: "Laptop", response: new SoftAuthenticator(ORIGIN).create(options.json()) };
}

const CASES: Case[] = [
  {
    procedure: "admin.createUser",
    async prepare(app) {
      const username = `newadmin${unique()}`;
      const exists = async () => (await app.clinic.db.selectFrom("users").select("id").where("username", "=", username).executeTakeFirst()) !== undefined;
      return { actor: await anAdmin(app), input: async () => ({ username, role: "admin", ...profile("Second") }), changed: exists };
    },
  },
  {
    procedure: "admin.updateUser",
    async prepare(app) {
      const target = await aPatient(app);
      return {
        actor: await anAdmin(app),
        input: async () => ({ id: target.id, role: "admin" }),
        changed: async () => (await userRow(app, target.id)).role === "admin",
      };
    },
  },
  {
    // The same procedure bringing a deactivated account back.
    procedure: "admin.updateUser",
    async prepare(app) {
      const target = await aPatient(app);
      await app.clinic.db.updateTable("users").set({ deactivated_at: app.clinic.now().toISOString() }).where("id", "=", target.id).execute();
      return {
        actor: await anAdmin(app),
        input: async () => ({ id: target.id, active: true }),
        changed: async () => (await userRow(app, target.id)).deactivated_at === null,
      };
    },
  },
  {
    procedure: "admin.issueOneTimePassword",
    async prepare(app) {
      const target = await aStaffMember(app, "doctor");
      return {
        actor: await anAdmin(app),
        input: async () => ({ id: target.id }),
        changed: async () => (await userRow(app, target.id)).must_change_password === 1,
      };
    },
  },
  {
    procedure: "admin.issueEnrolmentCode",
    async prepare(app) {
      const target = await aStaffMember(app, "doctor");
      const issued = async () =>
        (await app.clinic.db.selectFrom("enrolment_codes").select("user_id").where("user_id", "=", target.id).executeTakeFirst()) !== undefined;
      return { actor: await anAdmin(app), input: async () => ({ id: target.id }), changed: issued };
    },
  },
  {
    procedure: "account.resetTwoStepOf",
    async prepare(app) {
      const target = await aPatient(app);
      await turnOnAuthenticator(app, target);
      return { actor: await anAdmin(app), input: async () => ({ id: target.id }), changed: async () => (await userRow(app, target.id)).two_step_enabled === 0 };
    },
  },
  {
    procedure: "care.assign",
    async prepare(app) {
      const patient = await aPatient(app);
      const doctor = await aStaffMember(app, "doctor");
      const inCare = async () =>
        (await app.clinic.db
          .selectFrom("care_relationships")
          .select("patient_id")
          .where("patient_id", "=", patient.id)
          .where("doctor_id", "=", doctor.id)
          .executeTakeFirst()) !== undefined;
      return { actor: await anAdmin(app), input: async () => ({ patientId: patient.id, doctorId: doctor.id }), changed: inCare };
    },
  },
  {
    procedure: "admin.updateSettings",
    async prepare(app) {
      // An admin with a second step may have the policy on; turning it off is what needs the re-check.
      const actor = await anAdmin(app);
      await turnOnAuthenticator(app, actor);
      app.clinic.config.requireStaffTwoStep = true;
      const settings = (await app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: actor.cookie } })).json();
      return { actor, input: async () => ({ ...settings, requireStaffTwoStep: false }), changed: async () => !app.clinic.config.requireStaffTwoStep };
    },
  },
  {
    procedure: "patients.add",
    async prepare(app) {
      const lastName = `Added${unique().replace(/\d/g, "x")}`;
      const added = async () => (await app.clinic.db.selectFrom("users").select("id").where("last_name", "=", lastName).executeTakeFirst()) !== undefined;
      return { actor: await aStaffMember(app, "doctor"), input: async () => profile(lastName), changed: added };
    },
  },
  {
    procedure: "emergencyAccess.request",
    async prepare(app) {
      const patient = await aPatient(app);
      const actor = await aStaffMember(app, "doctor");
      const opened = async () =>
        (await app.clinic.db
          .selectFrom("emergency_access")
          .select("id")
          .where("doctor_id", "=", actor.id)
          .where("patient_id", "=", patient.id)
          .executeTakeFirst()) !== undefined;
      return { actor, input: async () => ({ patientId: patient.id, reason: "The patient is with me at the crisis line right now." }), changed: opened };
    },
  },
  {
    procedure: "emergencyAccess.approve",
    async prepare(app) {
      // A request that waits for an admin: the doctor's care of the patient was ended by an admin.
      const [patient, doctor, admin] = [await aPatient(app), await aStaffMember(app, "doctor"), await anAdmin(app)];
      const call = async (actor: Actor, method: "POST" | "DELETE", url: string, payload?: Record<string, unknown>) => {
        const answer = await app.inject({ method, url, payload, headers: { cookie: actor.cookie } });
        expect(answer.statusCode, answer.body).toBe(200);
        return answer;
      };
      await call(admin, "POST", `/api/admin/patients/${patient.id}/care`, { doctorId: doctor.id });
      await call(admin, "DELETE", `/api/admin/patients/${patient.id}/care/${doctor.id}`);
      const asked = await call(doctor, "POST", "/api/emergency-access", {
        patientId: patient.id,
        reason: "The patient is with me at the crisis line right now.",
      });
      const { id } = asked.json() as { id: number };
      const approved = async () =>
        (await app.clinic.db.selectFrom("emergency_access").select("approved_at").where("id", "=", id).executeTakeFirstOrThrow()).approved_at !== null;
      return { actor: await anAdmin(app), input: async () => ({ id }), changed: approved };
    },
  },
  {
    procedure: "account.beginTotp",
    async prepare(app) {
      const actor = await aPatientActor(app);
      const started = async () =>
        (await app.clinic.db.selectFrom("totp_factors").select("user_id").where("user_id", "=", actor.id).executeTakeFirst()) !== undefined;
      return { actor, input: async () => ({}), changed: started };
    },
  },
  {
    procedure: "account.turnOffTotp",
    async prepare(app) {
      const actor = await aPatientActor(app);
      await turnOnAuthenticator(app, actor);
      return { actor, input: async () => ({}), changed: async () => (await userRow(app, actor.id)).two_step_enabled === 0 };
    },
  },
  {
    procedure: "account.beginPasskey",
    async prepare(app) {
      const actor = await aPatientActor(app);
      const challenges = () => app.clinic.db.selectFrom("webauthn_challenges").select("challenge").where("user_id", "=", actor.id).execute();
      return { actor, input: async () => ({}), changed: async () => (await challenges()).length > 0 };
    },
  },
  {
    procedure: "account.addPasskey",
    async prepare(app) {
      const actor = await aPatientActor(app);
      const passkeys = () => app.clinic.db.selectFrom("passkeys").select("id").where("user_id", "=", actor.id).execute();
      return { actor, input: () => passkeyBody(app, actor), changed: async () => (await passkeys()).length > 0 };
    },
  },
  {
    procedure: "account.removePasskey",
    async prepare(app) {
      const actor = await aPatientActor(app);
      const added = await app.inject({
        method: "POST",
        url: "/api/account/passkeys",
        headers: { cookie: actor.cookie },
        payload: await passkeyBody(app, actor),
      });
      expect(added.statusCode, added.body).toBe(200);
      const id = added.json().passkey.id as number;
      const gone = async () => (await app.clinic.db.selectFrom("passkeys").select("id").where("id", "=", id).executeTakeFirst()) === undefined;
      return { actor, input: async () => ({ id }), changed: gone };
    },
  },
  {
    procedure: "account.changeEmail",
    async prepare(app) {
      const actor = await aPatientActor(app);
      const email = `changed.${unique()}@example.com`;
      return { actor, input: async () => ({ email }), changed: async () => (await userRow(app, actor.id)).email === email };
    },
  },
  {
    procedure: "keys.saveMine",
    async prepare(app) {
      const actor = await aPatientActor(app);
      const saved = async () =>
        (await app.clinic.db.selectFrom("member_keys").select("user_id").where("user_id", "=", actor.id).executeTakeFirst()) !== undefined;
      return { actor, input: keysBody, changed: saved };
    },
  },
  {
    // A read: what must not happen without the re-check is the sealed key reaching the caller (every read is audited).
    procedure: "keys.mine",
    async prepare(app) {
      const actor = await aPatientActor(app);
      await saveKeys(app, actor);
      const reads = () => app.clinic.db.selectFrom("audit_log").select("id").where("actor_id", "=", actor.id).where("action", "=", "keys.read").execute();
      return { actor, input: async () => ({}), changed: async () => (await reads()).length > 0 };
    },
  },
  {
    procedure: "keys.savePasskeySeal",
    async prepare(app) {
      const actor = await aPatientActor(app);
      await saveKeys(app, actor);
      const added = await app.inject({
        method: "POST",
        url: "/api/account/passkeys",
        headers: { cookie: actor.cookie },
        payload: await passkeyBody(app, actor),
      });
      expect(added.statusCode, added.body).toBe(200);
      const { credential_id: credentialId } = await app.clinic.db
        .selectFrom("passkeys")
        .select("credential_id")
        .where("id", "=", added.json().passkey.id as number)
        .executeTakeFirstOrThrow();
      const sealed = () => app.clinic.db.selectFrom("passkey_seals").select("passkey_id").where("user_id", "=", actor.id).execute();
      return {
        actor,
        input: async () => ({ credentialId, sealedPrivateKey: (await keysBody()).sealedPrivateKey }),
        changed: async () => (await sealed()).length > 0,
      };
    },
  },
];

/** The member's first messaging keys, saved while their sign-in is fresh. */
async function saveKeys(app: FastifyInstance, actor: Actor): Promise<void> {
  const saved = await app.inject({ method: "PUT", url: "/api/keys/me", headers: { cookie: actor.cookie }, payload: await keysBody() });
  expect(saved.statusCode, saved.body).toBe(200);
}

interface OpenApiMeta {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
}
const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: "query" | "mutation"; meta?: { openapi?: OpenApiMeta } } }>;

/** The call through one door: REST at the procedure's documented path (its parameters filled from the input), or tRPC. */
function call(app: FastifyInstance, door: "REST" | "tRPC", procedure: string, actor: Actor, input: Record<string, unknown>): Promise<LightMyRequestResponse> {
  const headers = { cookie: actor.cookie };
  // A procedure without input takes none over tRPC (void); a query is a GET.
  if (door === "tRPC") {
    if (procedures[procedure]!._def.type === "query") return app.inject({ method: "GET", url: `/trpc/${procedure}`, headers });
    return Object.keys(input).length > 0
      ? app.inject({ method: "POST", url: `/trpc/${procedure}`, headers, payload: input })
      : app.inject({ method: "POST", url: `/trpc/${procedure}`, headers: { ...headers, "content-type": "application/json" } });
  }
  const { method, path } = procedures[procedure]!._def.meta!.openapi!;
  const body = { ...input };
  const url = `/api${path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(body[name]);
    delete body[name];
    return value;
  })}`;
  return app.inject({ method, url, headers, ...(method === "GET" || method === "DELETE" ? {} : { payload: body }) });
}

function refusalCode(door: "REST" | "tRPC", response: LightMyRequestResponse): string | undefined {
  return door === "REST" ? response.json().code : response.json().error?.data?.reason;
}

describeApp(
  "every action that grants access or changes who someone is needs a recent re-check",
  (testApp) => {
    it("covers the server's list exactly, and every name on it is a procedure", () => {
      expect([...new Set(CASES.map((c) => c.procedure))].sort()).toEqual(Object.keys(RECHECKED_PROCEDURES).sort());
      for (const name of Object.keys(RECHECKED_PROCEDURES)) expect(procedures[name]?._def.meta?.openapi, name).toBeDefined();
    });

    for (const door of ["REST", "tRPC"] as const) {
      it(`refuses each without a re-check within 5 minutes over ${door}, changes nothing, and goes through after one`, async () => {
        const { app, advance } = testApp();
        for (const { procedure, prepare } of CASES) {
          const { actor, input, changed } = await prepare(app);
          const first = await input();
          advance(PAST_THE_RECHECK_MS);
          const refused = await call(app, door, procedure, actor, first);
          expect(refused.statusCode, `${procedure}: ${refused.body}`).toBe(403);
          expect(refusalCode(door, refused), procedure).toBe("REAUTH_REQUIRED");
          expect(await changed(), `${procedure} changed nothing`).toBe(false);

          const rechecked = await recheck(app, actor);
          expect(rechecked.statusCode, rechecked.body).toBe(200);
          const done = await call(app, door, procedure, actor, await input());
          expect(done.statusCode, `${procedure} after a re-check: ${done.body}`).toBe(200);
          expect(await changed(), `${procedure} took effect`).toBe(true);
          app.clinic.config.requireStaffTwoStep = false;
        }
        // Some forty sign-ins and re-checks, each a deliberately slow hash.
      }, 300_000);
    }
  },
  { PUBLIC_ORIGIN: ORIGIN },
);
