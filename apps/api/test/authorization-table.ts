// The authorization matrix's one table: every operation of the OpenAPI document and every door
// outside it (files, downloads), each tried by every kind of caller, with the status each must
// get. Read a row left to right:
//
//   out  signed out                         pat  the patient (in the doctor's care)
//   otp  a session on a one-time password   oth  another patient (in the stranger's care)
//   2fa  a doctor without the second step   doc  the doctor (the patient's)
//        the clinic requires of staff       str  a doctor not in the patient's care
//                                           adm  an admin
//
// A number is the status that caller must get; a list, any of them; null, not tried (said why).
// A refusal (401, 403, 404, …) must leave the data as it was (the test reads the database before
// and after), and the same call to the same procedure over tRPC must be refused with the same status.
// Rows run top to bottom, refusals of a row before its successes, so a row may count on what an
// earlier row's success made (the note signed, the passkey added). Every caller signs in afresh
// (within 4 minutes of the server's clock) before each row: a sign-in is a recent re-check.
//
// To change a rule, change its row: the test fails on an operation the document gains without one.
import { CARD_CONSENT_TEXT, passwordTag, signLink, totpCodeAt } from "@halcyon/domain";
import { insertEstimate } from "@halcyon/db";
import { randomBytes } from "node:crypto";
import { newKeyPair, sealFile, sealPrivateKey, sealWithKey } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { aCardPayment, anOpenInvoice } from "./card-fixtures";
import { type SignedIn, weekdayAhead } from "./clinic-helpers";
import { newPatient } from "./helper";
import { readyToMessage, sealedFor, useRecordsKey } from "./sealing";
import { SoftAuthenticator } from "./soft-authenticator";

export const CALLERS = ["out", "otp", "2fa", "pat", "oth", "doc", "str", "adm"] as const;
export type Caller = (typeof CALLERS)[number];

/** The status a caller must get: one, any of several, or null (not tried). */
export type Outcome = number | readonly number[] | null;
type Outcomes = [out: Outcome, otp: Outcome, twoStep: Outcome, pat: Outcome, oth: Outcome, doc: Outcome, str: Outcome, adm: Outcome];

export interface Call {
  /** After /api. */
  url: string;
  /** JSON (an object) or bytes. */
  payload?: unknown;
  contentType?: string;
  /** Sent without the caller's session cookie (a sign-in, the calendar feed); `cookie` sends this one instead. */
  cookie?: string | false;
  /** What a success hands on to later rows. */
  keep?: (answer: { statusCode: number; json(): never; body: string }) => void | Promise<void>;
}

/** The clinic the rows run in; the test builds it (see authorization-matrix.test.ts). */
export interface World {
  app: FastifyInstance;
  /** A caller's id and a session signed in within the last 4 minutes (the test keeps it fresh). */
  as(caller: Caller): Promise<SignedIn>;
  id(caller: Exclude<Caller, "out">): number;
  password(caller: Exclude<Caller, "out">): string;
  username(caller: Exclude<Caller, "out">): string;
  /** A caller's password changed: their later sign-ins use the new one. */
  passwordChanged(caller: Exclude<Caller, "out">, password: string): void;
  /** A free hour of the doctor's, never handed out twice. */
  freeSlot(): Promise<string>;
  /** The patient's and the doctor's past appointment with a draft note (`noteId`), one still without notes, one to come. */
  appointments: { noted: number; unnoted: number; upcoming: number };
  noteId: number;
  /** Members for the admin's actions to act on, so the callers stay as they are: a doctor, a patient, a doctor with an authenticator. */
  spareDoctorId: number;
  sparePatientId: number;
  spareWithTwoStepId: number;
  /** What rows hand on to later rows. */
  kept: Record<string, unknown>;
  /** A call may have ended sessions: `as` checks each session again before its next use. */
  sessionsMayHaveEnded(): void;
}

export type Row = readonly [operation: string, outcomes: Outcomes, call: (world: World, caller: Caller) => Call | Promise<Call>];

// The usual rows: what every signed-in member may do; what one role may do; and an admin's.
const EVERY_MEMBER: Outcomes = [401, 403, 403, 200, 200, 200, 200, 200];
/** What a session short of two-step sign-in may still do: its own sign-in settings. */
const OWN_SIGN_IN: Outcomes = [401, 403, 200, 200, 200, 200, 200, 200];
const PATIENTS: Outcomes = [401, 403, 403, 200, 200, 403, 403, 403];
const DOCTORS: Outcomes = [401, 403, 403, 403, 403, 200, 200, 403];
const MEMBERS: Outcomes = [401, 403, 403, 200, 200, 200, 200, 403];
const ADMINS: Outcomes = [401, 403, 403, 403, 403, 403, 403, 200];
/** The patient's record: the patient, their doctor and admins; to anyone else it does not exist. */
const THE_RECORD: Outcomes = [401, 403, 403, 200, 404, 200, 404, 200];
/** The patient's own and admins' (another patient: it does not exist; doctors: not theirs to see). */
const OWN_OR_ADMIN: Outcomes = [401, 403, 403, 200, 404, 403, 403, 200];
/** A note of the doctor's: theirs alone; a doctor not in the patient's care does not see it. */
const THE_NOTE: Outcomes = [401, 403, 403, 403, 403, 200, 404, 403];

/**
 * Whom each caller writes to, calls or reads a conversation with. Another patient tries the
 * patient (patients do not talk with patients); the doctor not in care tries the patient, and
 * finds only their own conversation with them, empty (a patient may write to any doctor, a
 * doctor starts conversations only with their own patients).
 */
const PARTNER: Record<Caller, "pat" | "doc"> = { out: "doc", otp: "doc", "2fa": "pat", pat: "doc", oth: "pat", doc: "pat", str: "pat", adm: "pat" };
const partnerOf = (w: World, caller: Caller) => w.id(PARTNER[caller]);
const signedIn = (caller: Caller): caller is Exclude<Caller, "out"> => caller !== "out";

/** A Good Faith Estimate of the patient's, as the sweep would have issued it. */
function anEstimate(w: World): Promise<number> {
  const content = {
    clinic: { name: "Halcyon", address: null, ein: null, npi: null, timeZone: "UTC", currency: "USD" },
    patient: { name: "Morgan Reyes", dateOfBirth: "1990-01-01", address: null },
    issuedAt: "2026-12-01T00:00:00.000Z",
    from: "2026-12-01",
    to: "2027-11-30",
    location: "Halcyon",
    providers: [],
    diagnoses: [],
    items: [],
    totalMinor: 0,
  };
  return once(w, "estimateId", () =>
    insertEstimate(w.app.clinic.db, {
      patientId: w.id("pat"),
      issuedAt: content.issuedAt,
      reason: "first_booking",
      basis: "[]",
      content: JSON.stringify(content),
      totalMinor: 0,
      currency: "USD",
    }),
  );
}

/** A session of a series of the patient's with the doctor, booked once by the patient. */
function aSeriesSession(w: World): Promise<number> {
  return once(w, "seriesSessionId", async () => {
    const patient = await w.as("pat");
    const booked = await w.app.inject({
      method: "POST",
      url: "/api/appointment-series",
      payload: { title: "Weekly therapy", doctorId: w.id("doc"), firstStart: await w.freeSlot(), intervalWeeks: 1, count: 1 },
      headers: { cookie: patient.cookie },
    });
    if (booked.statusCode !== 200) throw new Error(`booking a series answered ${booked.statusCode}: ${booked.body}`);
    return (booked.json() as { appointments: { id: number }[] }).appointments[0]!.id;
  });
}

async function once<T>(w: World, name: string, make: () => Promise<T>): Promise<T> {
  if (!(name in w.kept)) w.kept[name] = await make();
  return w.kept[name] as T;
}

/** Every day, all day: a waitlist entry that any freed hour suits. */
const ANY_TIME = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
/** Sundays at midnight: a waitlist entry no session suits (the doctor holds none then). */
const NO_TIME = [{ weekday: 0, start: "00:00", end: "01:00" }];

/** A waitlist entry of `who`'s on `doctor`'s list, joined once. */
async function aWaitlistEntry(w: World, who: "pat" | "oth", doctor: "doc" | "str"): Promise<number> {
  return once(w, `waitlist:${who}:${doctor}`, async () => {
    const joined = await w.app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { doctorId: w.id(doctor), times: ANY_TIME, untilDate: weekdayAhead(60, w.app.clinic.now()) },
      headers: { cookie: (await w.as(who)).cookie },
    });
    return (joined.json() as { id: number }).id;
  });
}

/**
 * An offer held for the patient (on the doctor's waitlist, any time): the one they hold, or one
 * made by an admin booking a free hour of the doctor's for the spare patient and cancelling it.
 */
async function anOfferForPatient(w: World, name: string): Promise<number> {
  return once(w, name, async () => {
    const offers = async () =>
      (await w.app.inject({ method: "GET", url: "/api/waitlist/offers", headers: { cookie: (await w.as("pat")).cookie } })).json() as { id: number }[];
    const held = await offers();
    if (held[0]) return held[0].id;
    const admin = { cookie: (await w.as("adm")).cookie };
    const booked = await w.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: { title: "Held for the waitlist", doctorId: w.id("doc"), patientId: w.sparePatientId, startTime: await w.freeSlot() },
      headers: admin,
    });
    await w.app.inject({ method: "PATCH", url: `/api/appointments/${(booked.json() as { id: number }).id}`, payload: { status: "cancelled" }, headers: admin });
    const made = (await offers())[0];
    if (!made) throw new Error("no waitlist offer was made to the patient");
    return made.id;
  });
}

/**
 * An invitation to the patient's verified address, to a couples session an admin booked for the
 * spare patient with the doctor: one made for each `name`.
 */
async function anInvitationForPatient(w: World, name: string): Promise<number> {
  return once(w, name, async () => {
    const db = w.app.clinic.db;
    const address = `patient${w.id("pat")}@example.com`;
    await db.updateTable("users").set({ email: address, email_verified_at: w.app.clinic.now().toISOString() }).where("id", "=", w.id("pat")).execute();
    const admin = { cookie: (await w.as("adm")).cookie };
    const serviceId = await once(w, "couplesServiceId", async () => {
      const made = await w.app.inject({
        method: "POST",
        url: "/api/billing/services",
        payload: { ...SERVICE, name: "Couples Therapy", kind: "couples" },
        headers: admin,
      });
      return (made.json() as { id: number }).id;
    });
    const booked = await w.app.inject({
      method: "POST",
      url: "/api/appointments",
      payload: { title: "Together", doctorId: w.id("doc"), patientId: w.sparePatientId, startTime: await w.freeSlot(), serviceId, partnerEmail: address },
      headers: admin,
    });
    if (booked.statusCode !== 200) throw new Error(`booking a couples session answered ${booked.statusCode}: ${booked.body}`);
    const invitations = (await w.app.inject({ method: "GET", url: "/api/party-invitations", headers: { cookie: (await w.as("pat")).cookie } })).json() as {
      id: number;
    }[];
    return invitations.at(-1)!.id;
  });
}

/** The group service (made once, by an admin), for a caller's request to name. */
async function groupServiceOf(w: World): Promise<number> {
  await aGroup(w, "serviceGroup");
  return w.kept.groupServiceId as number;
}

/** A group of the doctor's at a free hour with a group service, with 12 places: one made for each `name`. */
async function aGroup(w: World, name: string): Promise<number> {
  return once(w, name, async () => {
    const admin = { cookie: (await w.as("adm")).cookie };
    const serviceId = await once(w, "groupServiceId", async () => {
      const made = await w.app.inject({ method: "POST", url: "/api/billing/services", payload: { ...SERVICE, name: "Group", kind: "group" }, headers: admin });
      return (made.json() as { id: number }).id;
    });
    const made = await w.app.inject({
      method: "POST",
      url: "/api/groups",
      payload: { doctorId: w.id("doc"), title: "Group", startTime: await w.freeSlot(), capacity: 12, serviceId },
      headers: admin,
    });
    if (made.statusCode !== 200) throw new Error(`setting a group answered ${made.statusCode}: ${made.body}`);
    return (made.json() as { id: number }).id;
  });
}

/** A group of the doctor's the patient took part in, moved to an hour just past (so its note may be written). */
async function aPastGroup(w: World): Promise<number> {
  return once(w, "pastGroup", async () => {
    const id = await aGroup(w, "pastGroupMade");
    const added = await w.app.inject({
      method: "POST",
      url: `/api/groups/${id}/members`,
      payload: { patientId: w.id("pat") },
      headers: { cookie: (await w.as("adm")).cookie },
    });
    if (added.statusCode !== 200) throw new Error(`adding the patient to a group answered ${added.statusCode}: ${added.body}`);
    // An odd minute an hour ago: no hour of the doctor's or the patient's other sessions.
    const start = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 53 * 60_000);
    const times = { start_time: start.toISOString(), end_time: new Date(start.getTime() + 60 * 60_000).toISOString() };
    await w.app.clinic.db.updateTable("appointment_parties").set(times).where("id", "=", id).execute();
    await w.app.clinic.db.updateTable("appointments").set(times).where("party_id", "=", id).execute();
    return id;
  });
}

/** A message from `caller` to their partner, sealed as the web app seals it (callers without keys send the patient's, and are refused before it is read). */
async function sealedMessage(w: World, caller: Caller): Promise<Record<string, unknown>> {
  const writer: Caller = ["pat", "oth", "doc", "str"].includes(caller) ? caller : "pat";
  const [from, to] = [await w.as(writer), await w.as(PARTNER[writer])];
  await readyToMessage(w.app, from, to);
  return { receiverId: partnerOf(w, caller), content: await sealedFor(w.app, from, to, "See you on Thursday.") };
}

/** A fresh reminder link of the patient's upcoming session (each call spends its own), sent to `to`. */
async function reminderLink(w: World, purpose: "confirm_appointment" | "manage_appointment", to: "pat" | "oth" = "pat"): Promise<string> {
  const id = w.appointments.upcoming;
  const { start_time } = await w.app.clinic.db.selectFrom("appointments").select("start_time").where("id", "=", id).executeTakeFirstOrThrow();
  return signLink(w.app.clinic.secrets, { purpose, userId: w.id(to), targetId: id, expiresAt: start_time, singleUse: true });
}

/** The patient's link to stop one kind of email, as the outbox's worker signs it; for anyone but its holder ("out"), forged to another topic. */
function linkFor(w: World, caller: Caller): string {
  const token = signLink(w.app.clinic.secrets, {
    purpose: "unsubscribe",
    userId: w.id("pat"),
    subject: "care_tasks",
    expiresAt: "2099-01-01T00:00:00.000Z",
    singleUse: false,
  });
  if (caller === "out") return token;
  const [payload = "", signature] = token.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as Record<string, unknown>;
  return `${Buffer.from(JSON.stringify({ ...claims, subject: "appointments" })).toString("base64url")}.${signature}`;
}
const LINK_HOLDER: Outcomes = [200, 400, 400, 400, 400, 400, 400, 400];

// An open invoice of its own: the admin's invoice above (kept.invoiceId) is credited in full once
// its adjustment is reversed, and paid in part, so it is no longer open to be paid by card.
const invoiceOf = (w: World) => once(w, "openInvoiceId", () => anOpenInvoice(w.app, w.id("pat"), 12_000));
const cardPaymentOf = (w: World) => once(w, "cardPaymentId", async () => (await aCardPayment(w.app, w.id("pat"), 10_000)).paymentId);

const SOAP = { subjective: "Sleeping better.", objective: "Calm, engaged.", assessment: "Improving.", plan: "Keep the journal." };
const INTAKE = { reason: "Sleep and stress.", medications: "None", emergencyContactName: "Robin Quinn", emergencyContactPhone: "(555) 010-2030" };
/** A PHQ-9 whose item 9 is above 0: it raises a safety alert. */
const PHQ9_WITH_ALERT = [1, 1, 0, 0, 1, 0, 0, 0, 1];
const REASON = "Covering the crisis line tonight; the patient called in distress.";
const authenticatorOf = (w: World) => once(w, "authenticator", async () => new SoftAuthenticator("http://localhost:80"));

/** The patient's authenticator's answer to a challenge just issued to the patient (another member's try uses an authenticator of its own). */
async function passkeyCreationFor(w: World, caller: Caller): Promise<{ id: string }> {
  const options = await w.app.inject({ method: "POST", url: "/api/account/passkeys/options", headers: { cookie: (await w.as("pat")).cookie } });
  const authenticator = caller === "pat" ? await authenticatorOf(w) : new SoftAuthenticator("http://localhost:80");
  return authenticator.create(options.json());
}

/** One private key, sealed once as a browser seals it (A256KW under a seal key; PBES2 under a recovery code), stands in for every member's. */
const sealedStandIn = (w: World) =>
  once(w, "sealedStandIn", async () => {
    const { privateKey } = await newKeyPair();
    return { sealedPrivateKey: await sealWithKey(privateKey, randomBytes(32)), sealedRecoveryKey: await sealPrivateKey(privateKey, "a recovery code") };
  });

/** A member of no caller's: the links' rows act on them (a reset, "this was not me" end their sessions, not a caller's). */
const linkMember = (w: World) =>
  once(w, "linkMember", async () => {
    const registered = await w.app.inject({
      method: "POST",
      url: "/api/register",
      payload: newPatient({ email: "links@example.com" }),
      remoteAddress: "10.9.9.9",
    });
    return (registered.json() as { id: number }).id;
  });

/**
 * A fresh link of `purpose` for the link member, signed as the outbox's worker signs it (a new id
 * each time: each caller's call is its first use). The signed-out caller's is forged (another
 * member's id in claims signed for the link member): refused, 400.
 */
async function freshLink(w: World, purpose: "verify_email" | "reset_password" | "report_not_me", caller: Caller): Promise<string> {
  const token = await signedLink(w, purpose);
  if (caller !== "out") return token;
  const [payload, signature] = token.split(".");
  const claims = { ...JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")), userId: w.id("pat") };
  return `${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
}

async function signedLink(w: World, purpose: "verify_email" | "reset_password" | "report_not_me"): Promise<string> {
  const userId = await linkMember(w);
  const row = await w.app.clinic.db.selectFrom("users").select(["email", "password_hash"]).where("id", "=", userId).executeTakeFirstOrThrow();
  const subject = purpose === "verify_email" ? (row.email ?? "") : purpose === "reset_password" ? passwordTag(row.password_hash) : undefined;
  const expiresAt = new Date(w.app.clinic.now().getTime() + 10 * 60_000).toISOString();
  return signLink(w.app.clinic.secrets, { purpose, userId, expiresAt, singleUse: true, ...(subject === undefined ? {} : { subject }) });
}

const FEE_ROWS = ["approve", "waive", "forgive"] as const;
/** Who acts on a fresh fee of their own in the fees' rows; the callers refused share one that stays pending. */
const feeActor = (caller: Caller) => (caller === "doc" || caller === "adm" ? caller : "refused");

/**
 * Pending no-show fees of the patient's, each at a session with the doctor long ago (before any
 * completed session of theirs: forgivable as a first session): one per fees' row for each caller
 * who succeeds and one for those refused. Made once, after a success (a refused call must write nothing).
 */
const makeFees = (w: World) =>
  once(w, "fees", async () => {
    const db = w.app.clinic.db;
    let hour = 0;
    for (const row of FEE_ROWS) {
      for (const actor of ["doc", "adm", "refused"]) {
        const start = new Date(Date.UTC(2020, 0, 6, 9) + hour++ * 3_600_000).toISOString();
        const end = new Date(Date.parse(start) + 3_600_000).toISOString();
        const patientId = w.id("pat");
        const session = { patient_id: patientId, doctor_id: w.id("doc"), title: "Session", description: null, notes: null, fee_minor: 15_000 };
        const appointment = await db
          .insertInto("appointments")
          .values({ ...session, start_time: start, end_time: end, status: "no_show", created_at: start, updated_at: start })
          .returning("id")
          .executeTakeFirstOrThrow();
        const fee = await db
          .insertInto("pending_fees")
          .values({ appointment_id: appointment.id, patient_id: patientId, kind: "no_show", amount_minor: 15_000, created_at: end })
          .returning("id")
          .executeTakeFirstOrThrow();
        w.kept[`fee:${row}:${actor}`] = fee.id;
      }
    }
    return true;
  });
const feeFor = (w: World, row: (typeof FEE_ROWS)[number], caller: Caller) => String(w.kept[`fee:${row}:${feeActor(caller)}`]);
/** The fees' rows: the session's doctor and admins decide; a doctor not the session's may not. */
const FEE_DECIDERS: Outcomes = [401, 403, 403, 403, 403, 200, 403, 200];
const SERVICE = { name: "Walk and talk", minutes: 50, feeMinor: 13_000, kind: "individual" };

// Rows whose callers are not the table's people (sign-in, the calendar link) say in a comment what each column means.
export const TABLE: readonly Row[] = [
  // ── The clinic and signing in ───────────────────────────────────────────────────────────
  //                                     out  otp  2fa  pat  oth  doc  str  adm
  // Public: the landing page reads it, and it holds nothing private, so a one-time password's session gets it too.
  ["GET /clinic", [200, 200, 200, 200, 200, 200, 200, 200], () => ({ url: "/clinic" })],
  // out: a new patient registers; pat: the patient's own username again.
  [
    "POST /register",
    [200, null, null, 409, null, null, null, null],
    (w, c) => ({ url: "/register", payload: newPatient(c === "pat" ? { username: w.username("pat") } : {}), cookie: false }),
  ],
  // Each caller signs in with their own password; out: the patient's username with a wrong one.
  [
    "POST /login",
    [401, 200, 200, 200, 200, 200, 200, 200],
    (w, c) => ({
      url: "/login",
      payload: signedIn(c) ? { username: w.username(c), password: w.password(c) } : { username: w.username("pat"), password: "not-the-right-password" },
      cookie: false,
    }),
  ],
  // Open: every username gets an answer of the same shape (out: one nobody has).
  [
    "POST /login/params",
    [200, 200, 200, 200, 200, 200, 200, 200],
    (w, c) => ({ url: "/login/params", payload: { username: signedIn(c) ? w.username(c) : "nobody.here" }, cookie: false }),
  ],
  ["GET /user", [401, 200, 200, 200, 200, 200, 200, 200], () => ({ url: "/user" })],
  // Open, and the same answer for any name: each caller asks for a name nobody has (one each, under the per-account throttle).
  ["POST /login/forgot", [200, 200, 200, 200, 200, 200, 200, 200], (_w, c) => ({ url: "/login/forgot", payload: { login: `nobody.${c}` }, cookie: false })],
  // Open: a reset link is the proof, whoever holds it (each caller brings a fresh one for the same
  // member; out: a forged one, which sets nothing).
  [
    "POST /login/reset/account",
    [400, 200, 200, 200, 200, 200, 200, 200],
    async (w, c) => ({ url: "/login/reset/account", payload: { token: await freshLink(w, "reset_password", c) }, cookie: false }),
  ],
  [
    "POST /login/reset",
    [400, 200, 200, 200, 200, 200, 200, 200],
    async (w, c) => ({
      url: "/login/reset",
      payload: { token: await freshLink(w, "reset_password", c), password: "harbour-lights-at-dusk-91" },
      cookie: false,
    }),
  ],

  // ── Doctors, appointments, the dashboards ───────────────────────────────────────────────
  ["GET /doctors", EVERY_MEMBER, () => ({ url: "/doctors" })],
  ["GET /doctors/{doctorId}/slots", EVERY_MEMBER, (w) => ({ url: `/doctors/${w.id("doc")}/slots?date=${weekdayAhead(5, w.app.clinic.now())}` })],
  // The patient books for themselves; everyone else tries to book the patient: the doctor (in care) and an admin may.
  [
    "POST /appointments",
    [401, 403, 403, 200, 403, 200, 403, 200],
    async (w, c) => ({
      url: "/appointments",
      payload: {
        title: "Individual therapy",
        doctorId: c === "str" ? w.id("str") : w.id("doc"),
        startTime: await w.freeSlot(),
        ...(c === "pat" ? {} : { patientId: w.id("pat") }),
      },
    }),
  ],
  ["GET /appointments", EVERY_MEMBER, () => ({ url: "/appointments" })],
  ["PATCH /appointments/{id}", THE_RECORD, (w) => ({ url: `/appointments/${w.appointments.upcoming}`, payload: { description: "Bring the sleep journal" } })],
  // A series as a booking: the patient for themselves, the doctor (in care) and an admin for the patient; no one else.
  [
    "GET /doctors/{doctorId}/series-preview",
    [401, 403, 403, 200, 403, 200, 403, 200],
    async (w, c) => ({
      url: `/doctors/${c === "str" ? w.id("str") : w.id("doc")}/series-preview?${new URLSearchParams({
        firstStart: await w.freeSlot(),
        intervalWeeks: "2",
        count: "4",
        ...(c === "pat" ? {} : { patientId: String(w.id("pat")) }),
      })}`,
    }),
  ],
  [
    "POST /appointment-series",
    [401, 403, 403, 200, 403, 200, 403, 200],
    async (w, c) => ({
      url: "/appointment-series",
      payload: {
        title: "Individual therapy",
        doctorId: c === "str" ? w.id("str") : w.id("doc"),
        firstStart: await w.freeSlot(),
        intervalWeeks: 1,
        count: 1,
        ...(c === "pat" ? {} : { patientId: w.id("pat") }),
      },
    }),
  ],
  [
    "PATCH /appointments/{id}/series",
    THE_RECORD,
    async (w) => ({ url: `/appointments/${await aSeriesSession(w)}/series`, payload: { scope: "series", title: "Weekly therapy" } }),
  ],
  // The link is the proof: whoever holds it confirms, signed in or not; one made out to another
  // patient (the other patient's, here) confirms nothing of this patient's session.
  [
    "POST /appointments/confirm",
    [200, 200, 200, 200, 400, 200, 200, 200],
    async (w, c) => ({ url: "/appointments/confirm", payload: { token: await reminderLink(w, "confirm_appointment", c === "oth" ? "oth" : "pat") } }),
  ],
  // Only the member it was sent to opens it; anyone else's is refused and stays unspent.
  [
    "POST /appointments/manage-link",
    [401, 403, 403, 200, 403, 403, 403, 403],
    async (w) => ({ url: "/appointments/manage-link", payload: { token: await reminderLink(w, "manage_appointment") } }),
  ],
  ["GET /appointments/summary", MEMBERS, () => ({ url: "/appointments/summary" })],

  // ── The waitlist ───────────────────────────────────────────────────────────────────────
  // Patients join for themselves (the other patient with times no hour suits, so offers go to the patient).
  [
    "POST /waitlist",
    PATIENTS,
    (w, c) => ({
      url: "/waitlist",
      payload: { doctorId: w.id("doc"), times: c === "oth" ? NO_TIME : ANY_TIME, untilDate: weekdayAhead(60, w.app.clinic.now()) },
    }),
  ],
  // Each sees their own: a patient their entries, a doctor the entries naming them, an admin all.
  ["GET /waitlist", EVERY_MEMBER, () => ({ url: "/waitlist" })],
  ["GET /waitlist/offers", PATIENTS, () => ({ url: "/waitlist/offers" })],
  // Only the patient offered it answers an offer; to another patient it does not exist.
  [
    "POST /waitlist/offers/{id}/decline",
    [401, 403, 403, 200, 404, 403, 403, 403],
    async (w) => ({ url: `/waitlist/offers/${await anOfferForPatient(w, "declinedOffer")}/decline` }),
  ],
  [
    "POST /waitlist/offers/{id}/accept",
    [401, 403, 403, 200, 404, 403, 403, 403],
    async (w) => ({ url: `/waitlist/offers/${await anOfferForPatient(w, "acceptedOffer")}/accept` }),
  ],
  // A patient leaves their own entry (the other patient tries the patient's); an admin removes anyone's.
  [
    "DELETE /waitlist/{id}",
    [401, 403, 403, 200, 404, 403, 403, 200],
    async (w, c) => ({ url: `/waitlist/${c === "adm" ? await aWaitlistEntry(w, "oth", "str") : await aWaitlistEntry(w, "pat", "str")}` }),
  ],
  // ── A couple's session ─────────────────────────────────────────────────────────────────
  // Only the patient whose verified address it was sent to answers an invitation; to another patient it does not exist.
  ["GET /party-invitations", PATIENTS, () => ({ url: "/party-invitations" })],
  [
    "POST /party-invitations/{id}/decline",
    [401, 403, 403, 200, 404, 403, 403, 403],
    async (w) => ({ url: `/party-invitations/${await anInvitationForPatient(w, "declinedInvitation")}/decline` }),
  ],
  [
    "POST /party-invitations/{id}/accept",
    [401, 403, 403, 200, 404, 403, 403, 403],
    async (w) => ({ url: `/party-invitations/${await anInvitationForPatient(w, "acceptedInvitation")}/accept` }),
  ],
  // Groups: each sees what is theirs (a patient their doctors' open groups); doctors set their own, admins any doctor's.
  ["GET /groups", EVERY_MEMBER, () => ({ url: "/groups" })],
  [
    "POST /groups",
    [401, 403, 403, 403, 403, 200, 403, 200],
    async (w) => ({
      url: "/groups",
      payload: { doctorId: w.id("doc"), title: "Group", startTime: await w.freeSlot(), capacity: 6, serviceId: await groupServiceOf(w) },
    }),
  ],
  // A patient in the doctor's care joins; to another patient (not in that care) the group does not exist.
  ["POST /groups/{id}/join", [401, 403, 403, 200, 404, 403, 403, 403], async (w) => ({ url: `/groups/${await aGroup(w, "joinedGroup")}/join` })],
  // The group's doctor adds a patient in their care, an admin anyone; another doctor: no such group.
  [
    "POST /groups/{id}/members",
    [401, 403, 403, 403, 403, 200, 404, 200],
    async (w, c) => ({ url: `/groups/${await aGroup(w, `membersGroup:${c}`)}/members`, payload: { patientId: w.id("pat") } }),
  ],
  ["POST /groups/{id}/cancel", [401, 403, 403, 403, 403, 200, 404, 200], async (w, c) => ({ url: `/groups/${await aGroup(w, `cancelledGroup:${c}`)}/cancel` })],
  // A couple's or a group's note: its doctor's alone to write, sign and share; a participant reads it (null until shared); to anyone else the session does not exist.
  ["GET /parties/{partyId}/note", [401, 403, 403, 200, 404, 200, 404, 403], async (w) => ({ url: `/parties/${await aPastGroup(w)}/note` })],
  [
    "PUT /parties/{partyId}/note",
    THE_NOTE,
    async (w) => ({ url: `/parties/${await aPastGroup(w)}/note`, payload: { body: "Everyone practised the breath count." } }),
  ],
  // Signed as read (the draft's updatedAt), then shared.
  [
    "POST /parties/{partyId}/note/sign",
    THE_NOTE,
    async (w) => {
      const id = await aPastGroup(w);
      const draft = await w.app.clinic.db.selectFrom("party_notes").select("updated_at").where("party_id", "=", id).executeTakeFirstOrThrow();
      return { url: `/parties/${id}/note/sign`, payload: { readAt: draft.updated_at } };
    },
  ],
  [
    "POST /parties/{partyId}/note/shares",
    THE_NOTE,
    async (w) => ({ url: `/parties/${await aPastGroup(w)}/note/shares`, payload: { patientId: w.id("pat"), shared: true } }),
  ],
  ["GET /activity", DOCTORS, () => ({ url: "/activity?limit=5" })],
  ["GET /patients", [401, 403, 403, 403, 403, 200, 200, 200], () => ({ url: "/patients" })],
  [
    "POST /patients",
    [401, 403, 403, 403, 403, 200, 200, 200],
    () => ({ url: "/patients", payload: { firstName: "Iris", lastName: "Vale", phoneNumber: "(555) 303-0303", dateOfBirth: "1992-03-03" } }),
  ],

  // ── Session notes and the record ────────────────────────────────────────────────────────
  ["GET /treatment-sessions/{userId}", THE_RECORD, (w) => ({ url: `/treatment-sessions/${w.id("pat")}` })],
  [
    "POST /treatment-sessions",
    THE_NOTE,
    (w) => ({ url: "/treatment-sessions", payload: { appointmentId: w.appointments.unnoted, progressRating: 6, sessionNotes: "A steadier fortnight." } }),
  ],
  ["PATCH /treatment-sessions/{id}", THE_NOTE, (w) => ({ url: `/treatment-sessions/${w.noteId}`, payload: SOAP })],
  [
    "PUT /treatment-sessions/{id}/private-note",
    THE_NOTE,
    (w) => ({ url: `/treatment-sessions/${w.noteId}/private-note`, payload: { body: "Explore the father theme." } }),
  ],
  ["GET /treatment-sessions/{id}/private-note", THE_NOTE, (w) => ({ url: `/treatment-sessions/${w.noteId}/private-note` })],
  ["POST /treatment-sessions/{id}/sign", THE_NOTE, (w) => ({ url: `/treatment-sessions/${w.noteId}/sign` })],
  [
    "POST /treatment-sessions/{id}/addenda",
    THE_NOTE,
    (w) => ({ url: `/treatment-sessions/${w.noteId}/addenda`, payload: { body: "Called: the routine holds." } }),
  ],
  ["GET /unsigned-notes", DOCTORS, () => ({ url: "/unsigned-notes" })],
  ["GET /patients/{id}/record.pdf", THE_RECORD, (w) => ({ url: `/patients/${w.id("pat")}/record.pdf` })],

  // ── The clinic's money ──────────────────────────────────────────────────────────────────
  ["GET /billing/services", EVERY_MEMBER, () => ({ url: "/billing/services" })],
  [
    "POST /billing/services",
    ADMINS,
    (w) => ({ url: "/billing/services", payload: SERVICE, keep: (answer) => void (w.kept.serviceId = (answer.json() as { id: number }).id) }),
  ],
  ["PUT /billing/services/{id}", ADMINS, (w) => ({ url: `/billing/services/${String(w.kept.serviceId)}`, payload: { ...SERVICE, feeMinor: 14_000 } })],
  ["GET /billing/patients/{patientId}/rates", ADMINS, (w) => ({ url: `/billing/patients/${w.id("pat")}/rates` })],
  [
    "PUT /billing/patients/{patientId}/rates/{serviceId}",
    ADMINS,
    (w) => ({ url: `/billing/patients/${w.sparePatientId}/rates/${String(w.kept.serviceId)}`, payload: { feeMinor: 9_000 } }),
  ],
  // What a session would cost the patient (their own rate is their money): the patient, their doctor, admins.
  ["GET /billing/quote", [401, 403, 403, 200, 403, 200, 403, 200], (w) => ({ url: `/billing/quote?patientId=${w.id("pat")}` })],
  // The patient's own money; their doctor sees their balance (and the charges of their own sessions); admins everything.
  ["GET /billing/account", [401, 403, 403, 200, 403, 200, 403, 200], (w) => ({ url: `/billing/account?patientId=${w.id("pat")}` })],
  // Its successes make the fees the next rows decide.
  [
    "GET /billing/fees",
    [401, 403, 403, 403, 403, 200, 200, 200],
    (w) => ({ url: "/billing/fees?status=pending", keep: () => makeFees(w).then(() => undefined) }),
  ],
  ["POST /billing/fees/{id}/approve", FEE_DECIDERS, (w, c) => ({ url: `/billing/fees/${feeFor(w, "approve", c)}/approve` })],
  [
    "POST /billing/fees/{id}/waive",
    FEE_DECIDERS,
    (w, c) => ({ url: `/billing/fees/${feeFor(w, "waive", c)}/waive`, payload: { reason: "The clinic closed early for snow." } }),
  ],
  ["POST /billing/fees/{id}/forgive", FEE_DECIDERS, (w, c) => ({ url: `/billing/fees/${feeFor(w, "forgive", c)}/forgive` })],
  [
    "POST /billing/adjustments",
    ADMINS,
    (w) => ({
      url: "/billing/adjustments",
      payload: { patientId: w.id("pat"), amountMinor: 2_500, reason: "Printed records" },
      keep: (answer) => void (w.kept.adjustmentId = (answer.json() as { id: number }).id),
    }),
  ],
  [
    "POST /billing/invoices",
    ADMINS,
    (w) => ({
      url: "/billing/invoices",
      payload: { patientId: w.id("pat") },
      keep: (answer) => void (w.kept.invoiceId = (answer.json() as { id: number }).id),
    }),
  ],
  // The patient's own invoice; to another patient it does not exist; doctors see no invoices.
  ["GET /billing/invoices/{id}", [401, 403, 403, 200, 404, 403, 403, 200], (w) => ({ url: `/billing/invoices/${String(w.kept.invoiceId)}` })],
  [
    "POST /billing/entries/{id}/reverse",
    ADMINS,
    (w) => ({ url: `/billing/entries/${String(w.kept.adjustmentId)}/reverse`, payload: { reason: "Entered twice" } }),
  ],
  [
    "POST /billing/payments",
    ADMINS,
    (w) => ({
      url: "/billing/payments",
      payload: { patientId: w.id("pat"), method: "cheque", reference: "Cheque 1042", amountMinor: 5_000 },
      keep: (answer) => void (w.kept.paymentId = (answer.json() as { id: number }).id),
    }),
  ],
  [
    "POST /billing/payments/{id}/refund",
    ADMINS,
    (w) => ({ url: `/billing/payments/${String(w.kept.paymentId)}/refund`, payload: { amountMinor: 1_000, reason: "Overpaid" } }),
  ],
  // ── Billing documents: the patient's, their doctor's and admins' (invoices: not doctors') ──
  ["GET /billing/patients/{patientId}/document-details", OWN_OR_ADMIN, (w) => ({ url: `/billing/patients/${w.id("pat")}/document-details` })],
  [
    "PUT /billing/patients/{patientId}/document-details",
    OWN_OR_ADMIN,
    (w) => ({ url: `/billing/patients/${w.id("pat")}/document-details`, payload: { postalAddress: "5 Elm Road", monthlySuperbill: true } }),
  ],
  ["GET /billing/patients/{patientId}/estimates", THE_RECORD, (w) => ({ url: `/billing/patients/${w.id("pat")}/estimates` })],
  ["GET /billing/estimates/{id}/pdf", THE_RECORD, async (w) => ({ url: `/billing/estimates/${await anEstimate(w)}/pdf` })],
  [
    "GET /billing/patients/{patientId}/superbill.pdf",
    THE_RECORD,
    (w) => ({ url: `/billing/patients/${w.id("pat")}/superbill.pdf?from=2026-01-01&to=2026-12-31` }),
  ],
  ["GET /billing/invoices/{id}/invoice.pdf", OWN_OR_ADMIN, (w) => ({ url: `/billing/invoices/${String(w.kept.invoiceId)}/invoice.pdf` })],
  [
    "GET /billing/invoices/{id}/receipt.pdf",
    OWN_OR_ADMIN,
    async (w) => {
      // Something paid against the invoice first (the payment above names none), so it has a receipt.
      await once(w, "receiptPayment", async () => {
        const paid = await w.app.inject({
          method: "POST",
          url: "/api/billing/payments",
          headers: { cookie: (await w.as("adm")).cookie },
          payload: { patientId: w.id("pat"), invoiceId: w.kept.invoiceId, method: "cash", reference: "Front desk", amountMinor: 1_000 },
        });
        if (paid.statusCode !== 200) throw new Error(`the payment for the receipt was refused: ${paid.body}`);
      });
      return { url: `/billing/invoices/${String(w.kept.invoiceId)}/receipt.pdf` };
    },
  ],
  ["GET /billing/receivables", ADMINS, () => ({ url: "/billing/receivables" })],
  ["GET /billing/receivables.csv", ADMINS, () => ({ url: "/billing/receivables.csv" })],

  // ── Care relationships (the admin's; a spare doctor is assigned and removed) ────────────
  ["GET /admin/patients/{patientId}/care", ADMINS, (w) => ({ url: `/admin/patients/${w.id("pat")}/care` })],
  ["POST /admin/patients/{patientId}/care", ADMINS, (w) => ({ url: `/admin/patients/${w.id("pat")}/care`, payload: { doctorId: w.spareDoctorId } })],
  ["DELETE /admin/patients/{patientId}/care/{doctorId}", ADMINS, (w) => ({ url: `/admin/patients/${w.id("pat")}/care/${w.spareDoctorId}` })],

  // ── The calendar link ───────────────────────────────────────────────────────────────────
  ["GET /calendar-feed", EVERY_MEMBER, () => ({ url: "/calendar-feed" })],
  [
    "POST /calendar-feed",
    EVERY_MEMBER,
    (w, c) => ({ url: "/calendar-feed", keep: (answer) => void (c === "pat" && (w.kept.feedPath = (answer.json() as { path: string }).path)) }),
  ],
  // The link is the key, whoever holds it: out, the patient's link; oth, a link nobody was given.
  [
    "GET /calendar.ics",
    [200, null, null, null, 404, null, null, null],
    (w, c) => ({ url: c === "out" ? String(w.kept.feedPath).replace(/^\/api/, "") : "/calendar.ics?token=not-a-token-anyone-was-given", cookie: false }),
  ],
  ["DELETE /calendar-feed", EVERY_MEMBER, () => ({ url: "/calendar-feed" })],

  // ── Keys and messages ───────────────────────────────────────────────────────────────────
  [
    "PUT /admin/records-key",
    ADMINS,
    async (w) => {
      const pair = await once(w, "recordsKey", () => newKeyPair());
      return { url: "/admin/records-key", payload: { publicKey: pair.publicKey }, keep: () => useRecordsKey(w.app, pair) };
    },
  ],
  [
    "PUT /keys/me",
    MEMBERS,
    async (w) => {
      const pair = await newKeyPair();
      return { url: "/keys/me", payload: { publicKey: pair.publicKey, ...(await sealedStandIn(w)) } };
    },
  ],
  ["GET /keys/me", MEMBERS, () => ({ url: "/keys/me" })],
  ["GET /keys/clinic", EVERY_MEMBER, () => ({ url: "/keys/clinic" })],
  // The patient's key: theirs, and their doctor's to write to.
  ["GET /keys/{userId}", [401, 403, 403, 200, 404, 200, 404, 403], (w) => ({ url: `/keys/${w.id("pat")}` })],
  ["POST /messages", [401, 403, 403, 200, 404, 200, 403, 403], async (w, c) => ({ url: "/messages", payload: await sealedMessage(w, c) })],
  ["GET /conversations", MEMBERS, () => ({ url: "/conversations" })],
  // An admin takes part in no conversation: nothing to count.
  ["GET /messages/unread", EVERY_MEMBER, () => ({ url: "/messages/unread" })],
  ["GET /messages/{partnerId}", [401, 403, 403, 200, 404, 200, 200, 403], (w, c) => ({ url: `/messages/${partnerOf(w, c)}` })],
  ["POST /messages/read", [401, 403, 403, 200, 404, 200, 200, 403], (w, c) => ({ url: "/messages/read", payload: { partnerId: partnerOf(w, c) } })],
  [
    "POST /attachments",
    MEMBERS,
    async () => ({
      url: "/attachments",
      payload: Buffer.from((await sealFile(new TextEncoder().encode("journal"))).sealed),
      contentType: "application/octet-stream",
    }),
  ],
  // A file the patient sent the doctor: 404 to anyone but its two parties, an admin included.
  [
    "GET /attachments/{id}",
    [401, 403, 403, 200, 404, 200, 404, 404],
    async (w) => {
      const id = await once(w, "attachmentId", async () => {
        const [patient, doctor] = [await w.as("pat"), await w.as("doc")];
        const { sealed, key } = await sealFile(new TextEncoder().encode("Week 12 sleep journal"));
        const uploaded = await w.app.inject({
          method: "POST",
          url: "/api/attachments",
          payload: Buffer.from(sealed),
          headers: { cookie: patient.cookie, "content-type": "application/octet-stream" },
        });
        const ref = { id: uploaded.json().id as number, name: "journal.txt", type: "text/plain", size: 21, key };
        await readyToMessage(w.app, patient, doctor);
        const sent = await w.app.inject({
          method: "POST",
          url: "/api/messages",
          payload: { receiverId: doctor.id, content: await sealedFor(w.app, patient, doctor, "My journal", [ref]), attachmentIds: [ref.id] },
          headers: { cookie: patient.cookie },
        });
        if (sent.statusCode !== 200) throw new Error(`the attachment was not sent: ${sent.body}`);
        return ref.id;
      });
      return { url: `/attachments/${id}` };
    },
  ],

  // ── Questionnaires ──────────────────────────────────────────────────────────────────────
  ["GET /measures/instruments", EVERY_MEMBER, () => ({ url: "/measures/instruments" })],
  ["POST /measures/assignments", THE_NOTE, (w) => ({ url: "/measures/assignments", payload: { patientId: w.id("pat"), instrument: "phq9", cadence: "once" } })],
  ["GET /measures/due", PATIENTS, () => ({ url: "/measures/due" })],
  ["POST /measures", PATIENTS, () => ({ url: "/measures", payload: { instrument: "phq9", answers: PHQ9_WITH_ALERT } })],
  ["GET /measures", THE_RECORD, (w) => ({ url: `/measures?patientId=${w.id("pat")}` })],
  [
    "GET /measures/alerts",
    [401, 403, 403, 403, 403, 200, 200, 200],
    (w, c) => ({
      url: "/measures/alerts",
      keep: (answer) =>
        void (c === "doc" && (w.kept.alertId = (answer.json() as { id: number; patientId: number }[]).find((a) => a.patientId === w.id("pat"))?.id)),
    }),
  ],
  [
    "POST /measures/alerts/{id}/acknowledge",
    THE_NOTE,
    (w) => ({ url: `/measures/alerts/${String(w.kept.alertId)}/acknowledge`, payload: { note: "Called; safety plan reviewed." } }),
  ],

  // ── Payments by card (Stripe's stand-in: stripe-stand-in.ts) ─────────────────────────────
  ["GET /payments/card", PATIENTS, () => ({ url: "/payments/card" })],
  // The patient's own invoice; to another patient it does not exist.
  [
    "POST /payments/invoices/{invoiceId}/checkout",
    [401, 403, 403, 200, 404, 403, 403, 403],
    async (w) => ({ url: `/payments/invoices/${await invoiceOf(w)}/checkout` }),
  ],
  ["POST /payments/card/checkout", PATIENTS, () => ({ url: "/payments/card/checkout", payload: { consent: true, consentText: CARD_CONSENT_TEXT } })],
  ["GET /payments/failed-charges", ADMINS, () => ({ url: "/payments/failed-charges" })],
  [
    "POST /payments/{paymentId}/card-refund",
    ADMINS,
    async (w) => ({ url: `/payments/${await cardPaymentOf(w)}/card-refund`, payload: { amountMinor: 100, reason: "Session cut short" } }),
  ],

  // ── Clinicians' credentials ─────────────────────────────────────────────────────────────
  ["GET /doctors/{doctorId}/credentials", [401, 403, 403, 403, 403, 200, 404, 200], (w) => ({ url: `/doctors/${w.id("doc")}/credentials` })],
  [
    "PUT /doctors/{doctorId}/credentials",
    ADMINS,
    (w) => ({ url: `/doctors/${w.id("doc")}/credentials`, payload: { licence: "LCSW 123456 (NY)", npi: "1234567893" } }),
  ],

  // ── Diagnoses ───────────────────────────────────────────────────────────────────────────
  ["GET /diagnoses/codes", [401, 403, 403, 403, 403, 200, 200, 200], () => ({ url: "/diagnoses/codes" })],
  [
    "POST /diagnoses",
    THE_NOTE,
    (w, c) => ({
      url: "/diagnoses",
      payload: { patientId: w.id("pat"), code: "F41.1" },
      keep: (answer) => void (c === "doc" && (w.kept.diagnosisId = (answer.json() as { id: number }).id)),
    }),
  ],
  ["GET /diagnoses", THE_RECORD, (w) => ({ url: `/diagnoses?patientId=${w.id("pat")}` })],
  ["POST /diagnoses/{id}/resolve", THE_NOTE, (w) => ({ url: `/diagnoses/${String(w.kept.diagnosisId)}/resolve` })],

  // ── Intake and consents ─────────────────────────────────────────────────────────────────
  ["GET /consents", EVERY_MEMBER, () => ({ url: "/consents" })],
  ["PUT /intake", PATIENTS, () => ({ url: "/intake", payload: INTAKE })],
  ["GET /intake", PATIENTS, () => ({ url: "/intake" })],
  // Both patients are called Morgan Reyes (newPatient's name).
  ["POST /consents/{kind}/sign", PATIENTS, () => ({ url: "/consents/treatment/sign", payload: { version: 1, typedName: "Morgan Reyes" } })],
  ["GET /patients/{patientId}/intake", THE_RECORD, (w) => ({ url: `/patients/${w.id("pat")}/intake` })],
  [
    "PUT /admin/consents/{kind}",
    ADMINS,
    () => ({ url: "/admin/consents/telehealth", payload: { baseVersion: 1, body: "I consent to receive my care by secure video, from a private place." } }),
  ],

  // ── Video visits ────────────────────────────────────────────────────────────────────────
  // A room is its two parties' alone: anyone else, an admin too, hears 404.
  [
    "GET /appointments/{id}/visit",
    [401, 403, 403, 200, 404, 200, 404, 404],
    (w, c) => ({
      url: `/appointments/${w.appointments.upcoming}/visit`,
      keep: (answer) => void (c === "pat" && (w.kept.visitId = (answer.json() as { id: number }).id)),
    }),
  ],
  ["GET /visits/{id}", [401, 403, 403, 200, 404, 200, 404, 404], (w) => ({ url: `/visits/${String(w.kept.visitId)}` })],
  ["GET /visits/waiting", DOCTORS, () => ({ url: "/visits/waiting" })],
  // Another patient and the doctor not in care have no room with the patient: `visitId` null (it names only rooms of the caller's).
  ["GET /visits/with/{partnerId}", [401, 403, 403, 200, 200, 200, 200, 403], (w, c) => ({ url: `/visits/with/${partnerOf(w, c)}` })],
  ["POST /visits", THE_NOTE, (w) => ({ url: "/visits", payload: { patientId: w.id("pat") } })],

  // ── Emergency access (last of the record's rows: it opens the record to the doctor not in care for an hour) ──
  // doc: not tried, the doctor in care needs none.
  [
    "POST /emergency-access",
    [401, 403, 403, 403, 403, null, 200, 403],
    (w) => ({ url: "/emergency-access", payload: { patientId: w.id("pat"), reason: REASON } }),
  ],
  ["GET /emergency-access", DOCTORS, (w) => ({ url: `/emergency-access?patientId=${w.id("pat")}` })],
  [
    "GET /admin/emergency-access",
    ADMINS,
    (w) => ({ url: "/admin/emergency-access", keep: (answer) => void (w.kept.emergencyAccessId = (answer.json() as { id: number }[])[0]?.id) }),
  ],
  ["POST /admin/emergency-access/{id}/review", ADMINS, (w) => ({ url: `/admin/emergency-access/${String(w.kept.emergencyAccessId)}/review` })],
  [
    "POST /admin/emergency-access/{id}/approve",
    ADMINS,
    async (w) => {
      // A request that waits for an admin: the stranger's own patient, after an admin ended that care.
      const id = await once(w, "waitingEmergencyAccessId", async () => {
        const [admin, stranger] = [await w.as("adm"), await w.as("str")];
        await w.app.inject({ method: "DELETE", url: `/api/admin/patients/${w.id("oth")}/care/${w.id("str")}`, headers: { cookie: admin.cookie } });
        w.sessionsMayHaveEnded();
        const asked = await w.app.inject({
          method: "POST",
          url: "/api/emergency-access",
          payload: { patientId: w.id("oth"), reason: REASON },
          headers: { cookie: stranger.cookie },
        });
        return (asked.json() as { id: number }).id;
      });
      return { url: `/admin/emergency-access/${id}/approve` };
    },
  ],

  // ── The admin's pages and powers (on spare members) ─────────────────────────────────────
  ["GET /admin/stats", ADMINS, () => ({ url: "/admin/stats" })],
  ["GET /admin/users", ADMINS, () => ({ url: "/admin/users?limit=5" })],
  ["GET /admin/users/{id}/working-hours", ADMINS, (w) => ({ url: `/admin/users/${w.id("doc")}/working-hours` })],
  ["GET /admin/audit-log", ADMINS, () => ({ url: "/admin/audit-log?limit=5" })],
  ["GET /admin/audit-log.csv", ADMINS, () => ({ url: "/admin/audit-log.csv?limit=5" })],
  // The Delivery log: the admin's test email goes to their verified address, and is sent again.
  ["GET /admin/notices", ADMINS, () => ({ url: "/admin/notices?limit=5" })],
  [
    "POST /admin/notices/test",
    ADMINS,
    async (w) => {
      // The same values before each caller's try: only the first changes anything.
      await w.app.clinic.db
        .updateTable("users")
        .set({ email: "admin@example.com", email_verified_at: "2026-01-01T00:00:00.000Z" })
        .where("id", "=", w.id("adm"))
        .execute();
      return { url: "/admin/notices/test" };
    },
  ],
  [
    "POST /admin/notices/{id}/resend",
    ADMINS,
    async (w) => {
      // Not while the worker holds it (without a mail server it marks it not sent at once).
      await w.app.notices.idle();
      const notice = await w.app.clinic.db.selectFrom("notices").select("id").orderBy("id", "desc").limit(1).executeTakeFirstOrThrow();
      return { url: `/admin/notices/${notice.id}/resend` };
    },
  ],
  // On PostgreSQL the admin is sent to pg_dump (409).
  ["GET /admin/backup", [401, 403, 403, 403, 403, 403, 403, [200, 409]], () => ({ url: "/admin/backup" })],
  ["GET /admin/settings", ADMINS, (w) => ({ url: "/admin/settings", keep: (answer) => void (w.kept.settings = answer.json()) })],
  ["PUT /admin/settings", ADMINS, (w) => ({ url: "/admin/settings", payload: w.kept.settings })],
  [
    "POST /admin/users",
    ADMINS,
    () => ({
      url: "/admin/users",
      payload: { ...newPatient({ role: "admin" }), password: undefined, email: undefined },
    }),
  ],
  ["PATCH /admin/users/{id}", ADMINS, (w) => ({ url: `/admin/users/${w.spareDoctorId}`, payload: { role: "admin" } })],
  ["POST /admin/users/{id}/one-time-password", ADMINS, (w) => ({ url: `/admin/users/${w.sparePatientId}/one-time-password` })],
  ["POST /admin/users/{id}/enrolment-code", ADMINS, (w) => ({ url: `/admin/users/${w.spareDoctorId}/enrolment-code` })],
  ["DELETE /admin/users/{id}/sessions", ADMINS, (w) => ({ url: `/admin/users/${w.sparePatientId}/sessions` })],
  ["DELETE /admin/users/{id}/two-step", ADMINS, (w) => ({ url: `/admin/users/${w.spareWithTwoStepId}/two-step` })],

  // ── One's own account: sessions, notices ────────────────────────────────────────────────
  ["GET /account/two-step", OWN_SIGN_IN, () => ({ url: "/account/two-step" })],
  ["POST /account/reauth", OWN_SIGN_IN, (w, c) => ({ url: "/account/reauth", payload: { password: signedIn(c) ? w.password(c) : "not-the-right-password" } })],
  ["GET /account/notices", EVERY_MEMBER, () => ({ url: "/account/notices" })],
  ["DELETE /account/notices/{kind}", EVERY_MEMBER, () => ({ url: "/account/notices/password_review" })],
  ["GET /account/sessions", EVERY_MEMBER, () => ({ url: "/account/sessions" })],
  // Notice switches: each member's own (the matrix's clinic has a text provider).
  ["GET /account/notice-settings", EVERY_MEMBER, () => ({ url: "/account/notice-settings" })],
  ["PUT /account/notice-settings/switches", EVERY_MEMBER, () => ({ url: "/account/notice-settings/switches", payload: { topic: "messages", email: true } })],
  ["PATCH /account/notice-settings", EVERY_MEMBER, () => ({ url: "/account/notice-settings", payload: { nameSenders: false } })],
  ["PUT /account/notice-settings/texts", EVERY_MEMBER, () => ({ url: "/account/notice-settings/texts", payload: { enabled: true } })],
  // An email's unsubscribe link: the signed token is the key, whoever holds it. Tried signed out
  // with the link as the worker signs it (200), and by everyone else with one forged from it (400).
  ["GET /notices/unsubscribe/link", LINK_HOLDER, (w, c) => ({ url: `/notices/unsubscribe/link?token=${encodeURIComponent(linkFor(w, c))}`, cookie: false })],
  ["POST /notices/unsubscribe/link", LINK_HOLDER, (w, c) => ({ url: "/notices/unsubscribe/link", payload: { token: linkFor(w, c) }, cookie: false })],
  [
    "POST /notices/unsubscribe",
    LINK_HOLDER,
    (w, c) => ({
      url: `/notices/unsubscribe?token=${encodeURIComponent(linkFor(w, c))}`,
      payload: Buffer.from("List-Unsubscribe=One-Click"),
      contentType: "application/x-www-form-urlencoded",
      cookie: false,
    }),
  ],
  // A mail client opening the link is sent to the web app's page, which asks before it unsubscribes.
  [
    "GET /notices/unsubscribe",
    [303, 303, 303, 303, 303, 303, 303, 303],
    (w, c) => ({ url: `/notices/unsubscribe?token=${encodeURIComponent(linkFor(w, c))}` }),
  ],
  // The patient's other session: theirs to end; to anyone else it does not exist.
  [
    "DELETE /account/sessions/{id}",
    [401, 403, 403, 200, 404, 404, 404, 404],
    async (w) => {
      const id = await once(w, "otherSessionId", async () => {
        await w.app.inject({ method: "POST", url: "/api/login", payload: { username: w.username("pat"), password: w.password("pat") } });
        const sessions = await w.app.inject({ method: "GET", url: "/api/account/sessions", headers: { cookie: (await w.as("pat")).cookie } });
        return (sessions.json() as { id: string; current: boolean }[]).find((session) => !session.current)!.id;
      });
      return { url: `/account/sessions/${id}` };
    },
  ],
  ["POST /account/sessions/end-others", EVERY_MEMBER, () => ({ url: "/account/sessions/end-others" })],

  // ── How the clinic reaches a member: their address and time zone, and the links of notices ──
  ["GET /account/contact", EVERY_MEMBER, () => ({ url: "/account/contact" })],
  ["PUT /account/email", EVERY_MEMBER, (_w, c) => ({ url: "/account/email", payload: { email: `${c.replace(/\W/g, "")}@example.com` } })],
  ["POST /account/email/verification", EVERY_MEMBER, () => ({ url: "/account/email/verification" })],
  ["PUT /account/time-zone", EVERY_MEMBER, () => ({ url: "/account/time-zone", payload: { timeZone: "Europe/Lisbon" } })],
  // Open: the link is the proof, whoever's session comes along (out: a forged one, refused).
  [
    "POST /account/email/verify",
    [400, 200, 200, 200, 200, 200, 200, 200],
    async (w, c) => ({ url: "/account/email/verify", payload: { token: await freshLink(w, "verify_email", c) } }),
  ],
  [
    "POST /account/not-me",
    [400, 200, 200, 200, 200, 200, 200, 200],
    async (w, c) => ({ url: "/account/not-me", payload: { token: await freshLink(w, "report_not_me", c) } }),
  ],

  // ── Passkeys (the patient's, on a software authenticator) ───────────────────────────────
  ["GET /account/passkeys", OWN_SIGN_IN, () => ({ url: "/account/passkeys" })],
  ["POST /account/passkeys/options", OWN_SIGN_IN, () => ({ url: "/account/passkeys/options" })],
  // Each member adds their own; only the patient's is tried (a passkey turns two-step sign-in on).
  // oth: the patient's authenticator's answer to the patient's challenge, sent by another member.
  [
    "POST /account/passkeys",
    [401, 403, null, 200, 400, null, null, null],
    async (w, c) => {
      const response = await passkeyCreationFor(w, c);
      return {
        url: "/account/passkeys",
        payload: { name: "Laptop", response },
        keep: (answer) => {
          if (c !== "pat") return;
          w.kept.passkeyId = (answer.json() as { passkey: { id: number } }).passkey.id;
          w.kept.credentialId = response.id;
        },
      };
    },
  ],
  // The patient's own passkey: anyone else's try finds no such passkey of theirs.
  [
    "PUT /keys/me/passkey-seals/{credentialId}",
    [401, 403, 403, 200, 404, 404, 404, 403],
    async (w) => ({ url: `/keys/me/passkey-seals/${String(w.kept.credentialId)}`, payload: { sealedPrivateKey: (await sealedStandIn(w)).sealedPrivateKey } }),
  ],
  [
    "PATCH /account/passkeys/{id}",
    [401, 403, 404, 200, 404, 404, 404, 404],
    (w) => ({ url: `/account/passkeys/${String(w.kept.passkeyId)}`, payload: { name: "Work laptop" } }),
  ],
  // Open: anyone may ask for a challenge.
  ["POST /login/passkey/options", [200, 200, 200, 200, 200, 200, 200, 200], () => ({ url: "/login/passkey/options", payload: {} })],
  // out: the patient's passkey on a fresh challenge; oth: the same answer replayed.
  [
    "POST /login/passkey",
    [200, null, null, null, [400, 401], null, null, null],
    async (w, c) => {
      if (c === "out") {
        const options = await w.app.inject({ method: "POST", url: "/api/login/passkey/options", payload: {} });
        w.kept.passkeyAnswer = (await authenticatorOf(w)).get(options.json());
      }
      return { url: "/login/passkey", payload: { response: w.kept.passkeyAnswer }, cookie: false };
    },
  ],
  ["DELETE /account/passkeys/{id}", [401, 403, 403, 200, 404, 404, 404, 404], (w) => ({ url: `/account/passkeys/${String(w.kept.passkeyId)}` })],

  // ── An authenticator app (the patient's) ────────────────────────────────────────────────
  [
    "POST /account/totp",
    OWN_SIGN_IN,
    (w, c) => ({ url: "/account/totp", keep: (answer) => void (c === "pat" && (w.kept.totpSecret = (answer.json() as { secret: string }).secret)) }),
  ],
  // Only the patient confirms (it turns two-step sign-in on); the others' refusals are the door's.
  [
    "POST /account/totp/confirm",
    [401, 403, null, 200, null, null, null, null],
    async (w) => ({ url: "/account/totp/confirm", payload: { code: await totpCodeAt(String(w.kept.totpSecret), w.app.clinic.now()) } }),
  ],
  // pat: the patient's pending sign-in with the next code; out: a code without a pending sign-in.
  [
    "POST /login/mfa",
    [401, null, null, 200, null, null, null, null],
    async (w, c) => {
      const code = await totpCodeAt(String(w.kept.totpSecret), new Date(w.app.clinic.now().getTime() + 30_000));
      if (c === "out") return { url: "/login/mfa", payload: { code }, cookie: false };
      const step = await w.app.inject({ method: "POST", url: "/api/login", payload: { username: w.username("pat"), password: w.password("pat") } });
      const pending = step.cookies.find((cookie) => cookie.name === "halcyon_pending")!;
      return { url: "/login/mfa", payload: { code }, cookie: `${pending.name}=${pending.value}` };
    },
  ],
  // Only the patient has an authenticator to turn off.
  ["DELETE /account/totp", [401, 403, 403, 200, null, null, null, null], () => ({ url: "/account/totp" })],

  // ── The password, and signing out (last: they end sessions) ─────────────────────────────
  // A session on a one-time password replaces it without the current one; the patient gives theirs
  // (the others' changes would be the same call).
  [
    "POST /user/password",
    [401, 200, null, 200, null, null, null, null],
    (w, c) => {
      const newPassword = c === "otp" ? "amber-orchard-wind-58" : "steady-lantern-73";
      return {
        url: "/user/password",
        payload: c === "pat" ? { currentPassword: w.password("pat"), newPassword } : { newPassword },
        keep: () => (signedIn(c) ? w.passwordChanged(c, newPassword) : undefined),
      };
    },
  ],
  ["POST /logout", [200, 200, 200, 200, 200, 200, 200, 200], () => ({ url: "/logout" })],
];
