// Building blocks for tests of the clinic's screens: people of each role, signed in, and dates
// that are always in the future on a clinic weekday.
import { createUser, totpCodeAt } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { newPatient, register, sessionCookie } from "./helper";

/** What a client may call without a session: signing in (its params, both steps, or with a passkey), registering, signing out, a notice's links (a reset, a verification, "this was not me"), the clinic's profile. */
export const OPEN_PROCEDURES: ReadonlySet<string> = new Set([
  "auth.current",
  "auth.signInParams",
  "auth.login",
  "auth.loginSecondStep",
  "auth.passkeyOptions",
  "auth.loginWithPasskey",
  "auth.register",
  "auth.logout",
  "auth.forgotPassword",
  "auth.resetLinkAccount",
  "auth.resetPassword",
  "account.verifyEmail",
  "account.reportNotMe",
  "clinic.profile",
  "appointments.confirmFromLink",
  "notices.unsubscribeLink",
  "notices.unsubscribe",
]);
/** The same, as REST operations. */
export const OPEN_REST_OPERATIONS: ReadonlySet<string> = new Set([
  "POST /login/params",
  "POST /login",
  "POST /login/mfa",
  "POST /login/passkey/options",
  "POST /login/passkey",
  "POST /register",
  "POST /logout",
  "POST /login/forgot",
  "POST /login/reset/account",
  "POST /login/reset",
  "POST /account/email/verify",
  "POST /account/not-me",
  "GET /clinic",
  "POST /appointments/confirm",
  "GET /notices/unsubscribe/link",
  "POST /notices/unsubscribe/link",
]);

let sequence = 0;

export interface SignedIn {
  id: number;
  cookie: string;
}

export async function signInAs(app: FastifyInstance, username: string, password: string): Promise<SignedIn> {
  const response = await app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
  if (response.statusCode !== 200) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return { id: response.json().id, cookie: sessionCookie(response)! };
}

/** A re-check of the member's password on their session (POST /api/account/reauth): the proof the listed actions need within 5 minutes. */
export function recheck(app: FastifyInstance, who: SignedIn & { password: string }) {
  return app.inject({ method: "POST", url: "/api/account/reauth", payload: { password: who.password }, headers: { cookie: who.cookie } });
}

/** A new patient, registered and signed in (the username and password too, for tests that sign in again). */
export async function aPatient(app: FastifyInstance): Promise<SignedIn & { username: string; password: string }> {
  const { response, cookie, body } = await register(app, newPatient());
  return { id: response.json().id, cookie: cookie!, username: String(body.username), password: String(body.password) };
}

/**
 * The patient signs the clinic's consents as they stand (`kinds`: only these), as at /intake; the
 * telehealth one is what lets them join a video visit.
 */
export async function signConsents(app: FastifyInstance, patient: SignedIn, kinds?: readonly string[]): Promise<void> {
  const headers = { cookie: patient.cookie };
  const me = (await app.inject({ method: "GET", url: "/api/user", headers })).json();
  const documents: { kind: string; version: number }[] = (await app.inject({ method: "GET", url: "/api/consents", headers })).json();
  for (const { kind, version } of documents.filter((document) => !kinds || kinds.includes(document.kind))) {
    const signed = await app.inject({
      method: "POST",
      url: `/api/consents/${kind}/sign`,
      payload: { version, typedName: `${me.firstName} ${me.lastName}` },
      headers,
    });
    if (signed.statusCode !== 200) throw new Error(`Signing the ${kind} consent answered ${signed.statusCode}: ${signed.body}`);
  }
}

const STAFF_PASSWORD = "calm-waters-run-deep";

/** A new doctor or admin, signed in (the username and password too, for tests that sign in again). */
export async function aStaffMember(
  app: FastifyInstance,
  role: "doctor" | "admin",
  specialization = "Individual Therapy",
): Promise<SignedIn & { username: string; password: string }> {
  sequence += 1;
  const username = `${role}${sequence}x${Math.random().toString(36).slice(2, 6)}`;
  await createUser(app.clinic, {
    username,
    password: STAFF_PASSWORD,
    role,
    firstName: role === "doctor" ? "Helena" : "Adam",
    lastName: `Staff${sequence}`,
    phoneNumber: "(555) 999-0000",
    dateOfBirth: "1970-01-01",
    ...(role === "doctor" ? { specialization } : {}),
  });
  return { ...(await signInAs(app, username, STAFF_PASSWORD)), username, password: STAFF_PASSWORD };
}

/** A clinic weekday at least `daysAhead` days from `from`, as YYYY-MM-DD (clinic zone ≈ UTC date here). */
export function weekdayAhead(daysAhead: number, from = new Date()): string {
  const day = new Date(from.getTime() + daysAhead * 86_400_000);
  while (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 1);
  return day.toISOString().slice(0, 10);
}

export async function slotsOf(app: FastifyInstance, who: SignedIn, doctorId: number, date: string): Promise<string[]> {
  const response = await app.inject({ method: "GET", url: `/api/doctors/${doctorId}/slots?date=${date}`, headers: { cookie: who.cookie } });
  if (response.statusCode !== 200) throw new Error(`slots failed: ${response.body}`);
  return response.json().slots.map((slot: { startTime: string }) => slot.startTime);
}

export function book(app: FastifyInstance, who: SignedIn, body: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/appointments", payload: { title: "Individual therapy", ...body }, headers: { cookie: who.cookie } });
}

export function patch(app: FastifyInstance, who: SignedIn, id: number, body: Record<string, unknown>) {
  return app.inject({ method: "PATCH", url: `/api/appointments/${id}`, payload: body, headers: { cookie: who.cookie } });
}

/**
 * Turns on two-step sign-in for a signed-in member (a session within 5 minutes of its sign-in);
 * answers the authenticator's secret and the recovery codes. Staff who must enrol under the
 * clinic's policy bring an enrolment code.
 */
export async function turnOnAuthenticator(
  app: FastifyInstance,
  who: Pick<SignedIn, "cookie">,
  { enrolmentCode }: { enrolmentCode?: string } = {},
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await app.inject({ method: "POST", url: "/api/account/totp", headers: { cookie: who.cookie } });
  if (setup.statusCode !== 200) throw new Error(`authenticator set-up failed: ${setup.body}`);
  const { secret } = setup.json();
  const confirmed = await app.inject({
    method: "POST",
    url: "/api/account/totp/confirm",
    payload: { code: await totpCodeAt(secret, app.clinic.now()), ...(enrolmentCode ? { enrolmentCode } : {}) },
    headers: { cookie: who.cookie },
  });
  if (confirmed.statusCode !== 200) throw new Error(`authenticator confirmation failed: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json().recoveryCodes };
}

/** Starts the app on a free local port; answers its base URL (http://…). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (!address || typeof address === "string") throw new Error("no address");
  return `http://127.0.0.1:${address.port}`;
}

/** The refused accesses audited for these members, oldest first: what each row says was refused, and why. */
export async function deniedAccesses(app: FastifyInstance, ...actorIds: number[]): Promise<{ procedure: string; reason: string }[]> {
  const rows = await app.clinic.db
    .selectFrom("audit_log")
    .select("details")
    .where("action", "=", "access.denied")
    .where("actor_id", "in", actorIds)
    .orderBy("id")
    .execute();
  return rows.map((row) => JSON.parse(String(row.details)));
}
