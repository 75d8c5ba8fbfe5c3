// The REST contract, pinned: our own handler serves each tRPC procedure at the path its `openapi`
// meta names, so a tRPC or trpc-to-openapi upgrade could move a path, drop a parameter or change
// an answer without a type error. Three checks stop that:
//   1. the generated OpenAPI document equals the committed test/contract/openapi.json
//      (a deliberate change: `vitest run test/rest-contract.test.ts -u`, then review the diff);
//   2. every documented operation is routed, and refuses a signed-out caller as documented;
//   3. one example call per operation answers 200 with a body the document's schema accepts,
//      field for field (no field missing, none extra).
import { CARD_CONSENT_TEXT, signLink, totpCodeAt } from "@halcyon/domain";
import { randomBytes } from "node:crypto";
import { newKeyPair, sealPrivateKey, sealWithKey, type MemberKeyPair } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, expect, it } from "vitest";
import { aStaffMember, type SignedIn, signInAs, slotsOf, turnOnAuthenticator, weekdayAhead } from "./clinic-helpers";
import { readyToMessage, sealedFor, useRecordsKey } from "./sealing";
import { latestToken } from "./notice-links";
import { SoftAuthenticator } from "./soft-authenticator";
import { describeApp, newPatient, register } from "./helper";
import { bodyChecker, fetchDocument, operationsOf, type OpenApiDocument, type Operation } from "./openapi-document";
import { aCardPayment, anOpenInvoice } from "./card-fixtures";
import { standInEnv, startStripeStandIn } from "./stripe-stand-in";

/** Card payments are on, against the test's stand-in for Stripe's API. */
const stripe = await startStripeStandIn();
afterAll(() => stripe.close());

/** Sessions outlive the days the clock is moved forward to write a session's notes (idle time stays within what the settings allow). */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "720", SESSION_ABSOLUTE_HOURS: "100000" };
/** A text-message provider, so the texts opt-in answers 200 (nothing is sent: no worker runs here). */
const TEXTS = { TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "a-contract-test-auth-token", TWILIO_FROM: "+15550001111" };

interface World {
  app: FastifyInstance;
  admin: SignedIn;
  doctor: SignedIn;
  /** A second doctor, assigned and removed by the admin, then asking for emergency access. */
  locum: SignedIn;
  patient: SignedIn;
  patientLogin: { username: string; password: string };
  appointmentId: number;
  startTime: string;
  /** A weekly series of the patient's: its first session's start, and one of its sessions. */
  series: { firstStart?: string; appointmentId?: number };
  emergencyAccessId: number;
  createdUserId: number;
  treatmentSessionId: number;
  settings: unknown;
  /** One of the patient's other sessions, to end; their authenticator's secret. */
  sessionId: string;
  totpSecret: string;
  /** The patient's passkey authenticator, the options it answers next, and the passkey it made. */
  authenticator: SoftAuthenticator;
  passkeyOptions: { challenge: string };
  passkeyId: number;
  credentialId: string;
  /** The patient's messaging keys. */
  keys: MemberKeyPair;
  /** The video visit of the booked appointment. */
  visitId: number;
  /** The safety alert the patient's PHQ-9 raised. */
  alertId: number;
  /** The diagnosis the doctor recorded. */
  diagnosisId: number;
  /** The admin's test email. */
  noticeId: number;
  /** The clinic's money: a service, three pending fees of the patient's, an adjustment, an invoice, a payment. */
  billing: { serviceId?: number; fees?: number[]; entryId?: number; invoiceId?: number; paymentId?: number };
  /** The patient's offers from the doctor's waitlist: the one they decline. */
  waitlistOfferId: number;
  /** An invitation to the patient's address to a couples session: the one they decline. */
  partyInvitationId: number;
  /** The doctor's group the patient joins. */
  groupId: number;
  /** A group the patient took part in, an hour ago: its note is written, shared and signed. */
  pastGroupId: number;
  /** The server's clock (an authenticator app reads the same time). */
  now(): Date;
  /** The patient signs in on another device too. */
  signInElsewhere(): Promise<void>;
  /** The patient's password step of a two-step sign-in: the pending cookie, as a caller. */
  passwordStep(): Promise<SignedIn>;
  /** A new doctor who has turned on two-step sign-in (their id), and a newly signed-in admin. */
  aMemberWithTwoStep(): Promise<{ id: number; admin: SignedIn }>;
  /** Moves the clock just past `instant`; the doctor and the patient sign in again, as they would after a day away. */
  advanceTo(instant: string): Promise<void>;
}

/** The patient's link to stop one kind of email, as the outbox's worker signs it. */
const unsubscribeToken = (w: World) =>
  signLink(w.app.clinic.secrets, {
    purpose: "unsubscribe",
    userId: w.patient.id,
    subject: "care_tasks",
    expiresAt: "2099-01-01T00:00:00.000Z",
    singleUse: false,
  });

interface ExampleCall {
  as?: SignedIn;
  /** The path and query after /api. */
  url: string;
  payload?: unknown;
  /** Keeps what later examples need from the answer. */
  keep?: (answer: never) => void;
}

/** Every day, all day: the patient's waitlist times, which any freed hour suits. */
const ANY_TIME = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));

/**
 * Frees an hour of the doctor's for the patient on their waitlist: the admin books it for a new
 * patient and cancels it; answers the offer the patient is then made.
 */
async function anOffer(w: World, nth: number): Promise<number> {
  // Each time another hour: a patient is offered an hour once.
  const start = (await slotsOf(w.app, w.patient, w.doctor.id, weekdayAhead(9)))[nth];
  const { response } = await register(w.app, newPatient());
  const headers = { cookie: w.admin.cookie };
  const booked = await w.app.inject({
    method: "POST",
    url: "/api/appointments",
    payload: { doctorId: w.doctor.id, patientId: response.json().id, title: "Soon freed", startTime: start },
    headers,
  });
  await w.app.inject({ method: "PATCH", url: `/api/appointments/${booked.json().id}`, payload: { status: "cancelled" }, headers });
  const offers = (await w.app.inject({ method: "GET", url: "/api/waitlist/offers", headers: { cookie: w.patient.cookie } })).json() as { id: number }[];
  return offers[0]!.id;
}

/**
 * Another patient's couples session with the doctor, booked by the admin naming the patient's
 * (verified) address as the partner's: answers the invitation the patient then has.
 */
async function anInvitation(w: World, nth: number): Promise<number> {
  const address = `patient${w.patient.id}@example.com`;
  await w.app.clinic.db.updateTable("users").set({ email: address, email_verified_at: w.now().toISOString() }).where("id", "=", w.patient.id).execute();
  const headers = { cookie: w.admin.cookie };
  const service = await w.app.inject({
    method: "POST",
    url: "/api/billing/services",
    payload: { name: `Couples Therapy ${nth}`, minutes: 53, feeMinor: 18_000, kind: "couples" },
    headers,
  });
  const start = (await slotsOf(w.app, w.patient, w.doctor.id, weekdayAhead(11)))[nth];
  const { response } = await register(w.app, newPatient());
  const booked = await w.app.inject({
    method: "POST",
    url: "/api/appointments",
    payload: { doctorId: w.doctor.id, patientId: response.json().id, title: "Together", startTime: start, serviceId: service.json().id, partnerEmail: address },
    headers,
  });
  expect(booked.statusCode, booked.body).toBe(200);
  const invitations = (await w.app.inject({ method: "GET", url: "/api/party-invitations", headers: { cookie: w.patient.cookie } })).json() as { id: number }[];
  return invitations.at(-1)!.id;
}

/** A reminder's link of the patient's booked session, as the outbox's worker signs it. */
function reminderLink(w: World, purpose: "confirm_appointment" | "manage_appointment"): string {
  return signLink(w.app.clinic.secrets, { purpose, userId: w.patient.id, targetId: w.appointmentId, expiresAt: w.startTime, singleUse: true });
}

/** One call per documented operation, in an order where each finds what it needs. */
const EXAMPLES: [string, (world: World) => ExampleCall | Promise<ExampleCall>][] = [
  ["POST /register", () => ({ url: "/register", payload: newPatient() })],
  ["POST /login/params", (w) => ({ url: "/login/params", payload: { username: w.patientLogin.username } })],
  ["POST /login", (w) => ({ url: "/login", payload: w.patientLogin })],
  ["GET /user", (w) => ({ as: w.patient, url: "/user" })],
  // The member's address and clock; the links of their notices, signed as the outbox's worker signs them.
  ["GET /account/contact", (w) => ({ as: w.patient, url: "/account/contact" })],
  ["PUT /account/email", (w) => ({ as: w.patient, url: "/account/email", payload: { email: "morgan.reyes@example.com" } })],
  ["POST /account/email/verification", (w) => ({ as: w.patient, url: "/account/email/verification" })],
  ["PUT /account/time-zone", (w) => ({ as: w.patient, url: "/account/time-zone", payload: { timeZone: "America/Chicago" } })],
  [
    "POST /account/email/verify",
    async (w) => ({ url: "/account/email/verify", payload: { token: await latestToken(w.app, w.patient.id, "email_verification") } }),
  ],
  ["GET /doctors", (w) => ({ as: w.patient, url: "/doctors" })],
  ["GET /clinic", () => ({ url: "/clinic" })],
  ["GET /doctors/{doctorId}/slots", (w) => ({ as: w.patient, url: `/doctors/${w.doctor.id}/slots?date=${weekdayAhead(3)}&patientId=${w.patient.id}` })],
  [
    "POST /appointments",
    (w) => ({
      as: w.patient,
      url: "/appointments",
      payload: { doctorId: w.doctor.id, title: "Individual therapy", startTime: w.startTime },
      keep: (answer: { id: number }) => void (w.appointmentId = answer.id),
    }),
  ],
  ["GET /appointments", (w) => ({ as: w.patient, url: "/appointments?status=scheduled&order=asc&limit=10" })],
  ["PATCH /appointments/{id}", (w) => ({ as: w.patient, url: `/appointments/${w.appointmentId}`, payload: { description: "Bring the sleep journal" } })],
  [
    "GET /doctors/{doctorId}/series-preview",
    async (w) => {
      [w.series.firstStart] = (await slotsOf(w.app, w.patient, w.doctor.id, weekdayAhead(30))) as [string];
      return { as: w.patient, url: `/doctors/${w.doctor.id}/series-preview?firstStart=${w.series.firstStart}&intervalWeeks=1&count=3` };
    },
  ],
  [
    "POST /appointment-series",
    (w) => ({
      as: w.patient,
      url: "/appointment-series",
      payload: { doctorId: w.doctor.id, title: "Weekly therapy", firstStart: w.series.firstStart, intervalWeeks: 1, count: 3 },
      keep: (answer: { appointments: { id: number }[] }) => void (w.series.appointmentId = answer.appointments[1]!.id),
    }),
  ],
  [
    "PATCH /appointments/{id}/series",
    (w) => ({ as: w.patient, url: `/appointments/${w.series.appointmentId}/series`, payload: { scope: "following", title: "Weekly check-in" } }),
  ],
  ["POST /appointments/confirm", (w) => ({ url: "/appointments/confirm", payload: { token: reminderLink(w, "confirm_appointment") } })],
  ["POST /appointments/manage-link", (w) => ({ as: w.patient, url: "/appointments/manage-link", payload: { token: reminderLink(w, "manage_appointment") } })],
  ["GET /appointments/summary", (w) => ({ as: w.patient, url: "/appointments/summary" })],
  ["POST /waitlist", (w) => ({ as: w.patient, url: "/waitlist", payload: { doctorId: w.doctor.id, times: ANY_TIME, untilDate: weekdayAhead(60) } })],
  ["GET /waitlist", (w) => ({ as: w.doctor, url: "/waitlist" })],
  [
    "GET /waitlist/offers",
    async (w) => {
      w.waitlistOfferId = await anOffer(w, 0);
      return { as: w.patient, url: "/waitlist/offers" };
    },
  ],
  ["POST /waitlist/offers/{id}/decline", (w) => ({ as: w.patient, url: `/waitlist/offers/${w.waitlistOfferId}/decline` })],
  ["POST /waitlist/offers/{id}/accept", async (w) => ({ as: w.patient, url: `/waitlist/offers/${await anOffer(w, 1)}/accept` })],
  [
    "DELETE /waitlist/{id}",
    async (w) => {
      const joined = await w.app.inject({
        method: "POST",
        url: "/api/waitlist",
        payload: { doctorId: w.locum.id, times: ANY_TIME, untilDate: weekdayAhead(60) },
        headers: { cookie: w.patient.cookie },
      });
      return { as: w.patient, url: `/waitlist/${joined.json().id}` };
    },
  ],
  [
    "GET /party-invitations",
    async (w) => {
      w.partyInvitationId = await anInvitation(w, 0);
      return { as: w.patient, url: "/party-invitations" };
    },
  ],
  ["POST /party-invitations/{id}/decline", (w) => ({ as: w.patient, url: `/party-invitations/${w.partyInvitationId}/decline` })],
  ["POST /party-invitations/{id}/accept", async (w) => ({ as: w.patient, url: `/party-invitations/${await anInvitation(w, 1)}/accept` })],
  [
    "POST /groups",
    async (w) => {
      const service = await w.app.inject({
        method: "POST",
        url: "/api/billing/services",
        payload: { name: "Mindfulness Group", minutes: 60, feeMinor: 6_000, kind: "group" },
        headers: { cookie: w.admin.cookie },
      });
      const [slot] = await slotsOf(w.app, w.doctor, w.doctor.id, weekdayAhead(12));
      return {
        as: w.doctor,
        url: "/groups",
        payload: { title: "Mindfulness circle", startTime: slot, capacity: 8, serviceId: service.json().id },
        keep: (answer: { id: number }) => void (w.groupId = answer.id),
      };
    },
  ],
  ["GET /groups", (w) => ({ as: w.patient, url: "/groups" })],
  ["POST /groups/{id}/join", (w) => ({ as: w.patient, url: `/groups/${w.groupId}/join` })],
  [
    "POST /groups/{id}/members",
    async (w) => {
      const { response } = await register(w.app, newPatient());
      return { as: w.admin, url: `/groups/${w.groupId}/members`, payload: { patientId: response.json().id } };
    },
  ],
  ["POST /groups/{id}/cancel", (w) => ({ as: w.doctor, url: `/groups/${w.groupId}/cancel` })],
  [
    "PUT /parties/{partyId}/note",
    async (w) => {
      const group = await w.app.inject({
        method: "POST",
        url: "/api/groups",
        payload: {
          title: "Evening circle",
          startTime: (await slotsOf(w.app, w.doctor, w.doctor.id, weekdayAhead(13)))[0],
          capacity: 4,
          serviceId: (await w.app.clinic.db.selectFrom("clinic_services").select("id").where("kind", "=", "group").executeTakeFirstOrThrow()).id,
        },
        headers: { cookie: w.doctor.cookie },
      });
      w.pastGroupId = group.json().id;
      await w.app.inject({ method: "POST", url: `/api/groups/${w.pastGroupId}/join`, headers: { cookie: w.patient.cookie } });
      // Moved to an hour ago (an odd minute, no other session's), so its note may be written.
      const start = new Date(Math.floor(w.now().getTime() / 60_000) * 60_000 - 53 * 60_000);
      const times = { start_time: start.toISOString(), end_time: new Date(start.getTime() + 3_600_000).toISOString() };
      await w.app.clinic.db.updateTable("appointment_parties").set(times).where("id", "=", w.pastGroupId).execute();
      await w.app.clinic.db.updateTable("appointments").set(times).where("party_id", "=", w.pastGroupId).execute();
      return { as: w.doctor, url: `/parties/${w.pastGroupId}/note`, payload: { body: "Everyone practised the breath count; two found it hard to settle." } };
    },
  ],
  [
    "POST /parties/{partyId}/note/sign",
    async (w) => {
      const draft = await w.app.clinic.db.selectFrom("party_notes").select("updated_at").where("party_id", "=", w.pastGroupId).executeTakeFirstOrThrow();
      return { as: w.doctor, url: `/parties/${w.pastGroupId}/note/sign`, payload: { readAt: draft.updated_at } };
    },
  ],
  [
    "POST /parties/{partyId}/note/shares",
    (w) => ({ as: w.doctor, url: `/parties/${w.pastGroupId}/note/shares`, payload: { patientId: w.patient.id, shared: true } }),
  ],
  ["GET /parties/{partyId}/note", (w) => ({ as: w.patient, url: `/parties/${w.pastGroupId}/note` })],
  ["GET /activity", (w) => ({ as: w.doctor, url: "/activity?limit=5" })],
  ["GET /patients", (w) => ({ as: w.doctor, url: "/patients?limit=10" })],
  [
    "POST /patients",
    (w) => ({ as: w.doctor, url: "/patients", payload: { firstName: "Iris", lastName: "Vale", phoneNumber: "(555) 303-0303", dateOfBirth: "1992-03-03" } }),
  ],
  ["GET /admin/patients/{patientId}/care", (w) => ({ as: w.admin, url: `/admin/patients/${w.patient.id}/care` })],
  ["POST /admin/patients/{patientId}/care", (w) => ({ as: w.admin, url: `/admin/patients/${w.patient.id}/care`, payload: { doctorId: w.locum.id } })],
  ["DELETE /admin/patients/{patientId}/care/{doctorId}", (w) => ({ as: w.admin, url: `/admin/patients/${w.patient.id}/care/${w.locum.id}` })],
  // The clinic's money.
  ["GET /billing/services", (w) => ({ as: w.patient, url: "/billing/services" })],
  ["GET /billing/quote", (w) => ({ as: w.patient, url: "/billing/quote" })],
  [
    "POST /billing/services",
    (w) => ({
      as: w.admin,
      url: "/billing/services",
      payload: { name: "Individual Therapy", minutes: 53, feeMinor: 15_000, kind: "individual", usualSessionsPerYear: 40 },
      keep: (answer: { id: number }) => void (w.billing.serviceId = answer.id),
    }),
  ],
  [
    "PUT /billing/services/{id}",
    (w) => ({
      as: w.admin,
      url: `/billing/services/${w.billing.serviceId}`,
      payload: { name: "Individual Therapy", minutes: 53, feeMinor: 16_000, kind: "individual", usualSessionsPerYear: 40 },
    }),
  ],
  [
    "PUT /billing/patients/{patientId}/rates/{serviceId}",
    (w) => ({ as: w.admin, url: `/billing/patients/${w.patient.id}/rates/${w.billing.serviceId}`, payload: { feeMinor: 9_000 } }),
  ],
  ["GET /billing/patients/{patientId}/rates", (w) => ({ as: w.admin, url: `/billing/patients/${w.patient.id}/rates` })],
  [
    "GET /billing/fees",
    async (w) => {
      // Three missed sessions long ago, each with its fee waiting (as marking them a no-show would leave them).
      const db = w.app.clinic.db;
      w.billing.fees = [];
      for (const hour of [9, 10, 11]) {
        const start = new Date(Date.UTC(2020, 0, 6, hour)).toISOString();
        const end = new Date(Date.UTC(2020, 0, 6, hour + 1)).toISOString();
        const session = { patient_id: w.patient.id, doctor_id: w.doctor.id, title: "Session", description: null, notes: null, fee_minor: 15_000 };
        const { id } = await db
          .insertInto("appointments")
          .values({ ...session, start_time: start, end_time: end, status: "no_show", created_at: start, updated_at: start })
          .returning("id")
          .executeTakeFirstOrThrow();
        const fee = await db
          .insertInto("pending_fees")
          .values({ appointment_id: id, patient_id: w.patient.id, kind: "no_show", amount_minor: 15_000, created_at: end })
          .returning("id")
          .executeTakeFirstOrThrow();
        w.billing.fees.push(fee.id);
      }
      return { as: w.doctor, url: "/billing/fees?status=pending" };
    },
  ],
  ["POST /billing/fees/{id}/approve", (w) => ({ as: w.doctor, url: `/billing/fees/${w.billing.fees![0]}/approve` })],
  [
    "POST /billing/fees/{id}/waive",
    (w) => ({ as: w.doctor, url: `/billing/fees/${w.billing.fees![1]}/waive`, payload: { reason: "The clinic closed for snow." } }),
  ],
  ["POST /billing/fees/{id}/forgive", (w) => ({ as: w.admin, url: `/billing/fees/${w.billing.fees![2]}/forgive` })],
  [
    "POST /billing/adjustments",
    (w) => ({
      as: w.admin,
      url: "/billing/adjustments",
      payload: { patientId: w.patient.id, amountMinor: 2_500, reason: "Printed records" },
      keep: (answer: { id: number }) => void (w.billing.entryId = answer.id),
    }),
  ],
  [
    "POST /billing/invoices",
    (w) => ({
      as: w.admin,
      url: "/billing/invoices",
      payload: { patientId: w.patient.id },
      keep: (answer: { id: number }) => void (w.billing.invoiceId = answer.id),
    }),
  ],
  ["GET /billing/invoices/{id}", (w) => ({ as: w.patient, url: `/billing/invoices/${w.billing.invoiceId}` })],
  ["POST /billing/entries/{id}/reverse", (w) => ({ as: w.admin, url: `/billing/entries/${w.billing.entryId}/reverse`, payload: { reason: "Entered twice" } })],
  [
    "POST /billing/payments",
    (w) => ({
      as: w.admin,
      url: "/billing/payments",
      payload: { patientId: w.patient.id, invoiceId: w.billing.invoiceId, method: "cheque", reference: "Cheque 1042", amountMinor: 5_000 },
      keep: (answer: { id: number }) => void (w.billing.paymentId = answer.id),
    }),
  ],
  [
    "POST /billing/payments/{id}/refund",
    (w) => ({ as: w.admin, url: `/billing/payments/${w.billing.paymentId}/refund`, payload: { amountMinor: 1_000, reason: "Overpaid" } }),
  ],
  ["GET /billing/account", (w) => ({ as: w.patient, url: "/billing/account" })],
  ["GET /billing/receivables", (w) => ({ as: w.admin, url: "/billing/receivables" })],
  [
    "POST /emergency-access",
    (w) => ({
      as: w.locum,
      url: "/emergency-access",
      payload: { patientId: w.patient.id, reason: "Covering the crisis line tonight; the patient called in distress." },
    }),
  ],
  ["GET /emergency-access", (w) => ({ as: w.locum, url: `/emergency-access?patientId=${w.patient.id}` })],
  [
    "GET /admin/emergency-access",
    (w) => ({ as: w.admin, url: "/admin/emergency-access", keep: (answer: { id: number }[]) => void (w.emergencyAccessId = answer[0]!.id) }),
  ],
  // The locum's request awaits approval (the admin ended their care of the patient); the admin, signed in a moment ago, approves it.
  ["POST /admin/emergency-access/{id}/approve", (w) => ({ as: w.admin, url: `/admin/emergency-access/${w.emergencyAccessId}/approve` })],
  [
    "POST /admin/emergency-access/{id}/review",
    async (w) => {
      // Another doctor's access, opened at once, is what is left to review.
      const other = await aStaffMember(w.app, "doctor");
      const opened = await w.app.inject({
        method: "POST",
        url: "/api/emergency-access",
        payload: { patientId: w.patient.id, reason: "Covering the crisis line tonight; the patient called in distress." },
        headers: { cookie: other.cookie },
      });
      return { as: w.admin, url: `/admin/emergency-access/${opened.json().id}/review` };
    },
  ],
  ["GET /calendar-feed", (w) => ({ as: w.patient, url: "/calendar-feed" })],
  ["POST /calendar-feed", (w) => ({ as: w.patient, url: "/calendar-feed" })],
  ["DELETE /calendar-feed", (w) => ({ as: w.patient, url: "/calendar-feed" })],
  // The records key first: every message is sealed to it (and to both people's keys).
  [
    "PUT /admin/records-key",
    async (w) => {
      const clinic = await newKeyPair();
      return { as: w.admin, url: "/admin/records-key", payload: { publicKey: clinic.publicKey }, keep: () => useRecordsKey(w.app, clinic) };
    },
  ],
  [
    "POST /messages",
    async (w) => {
      await readyToMessage(w.app, w.patient, w.doctor);
      const content = await sealedFor(w.app, w.patient, w.doctor, "See you on Thursday.");
      return { as: w.patient, url: "/messages", payload: { receiverId: w.doctor.id, content, clientId: "contract-1" } };
    },
  ],
  ["GET /conversations", (w) => ({ as: w.doctor, url: "/conversations?limit=10" })],
  ["GET /messages/unread", (w) => ({ as: w.doctor, url: "/messages/unread" })],
  ["GET /messages/{partnerId}", (w) => ({ as: w.doctor, url: `/messages/${w.patient.id}?limit=10` })],
  ["POST /messages/read", (w) => ({ as: w.doctor, url: "/messages/read", payload: { partnerId: w.patient.id } })],
  ["GET /admin/stats", (w) => ({ as: w.admin, url: "/admin/stats" })],
  ["GET /admin/users", (w) => ({ as: w.admin, url: "/admin/users?role=doctor&status=active&limit=5" })],
  [
    "POST /admin/users",
    (w) => ({
      as: w.admin,
      url: "/admin/users",
      payload: {
        username: `contract${Date.now()}`,
        role: "doctor",
        firstName: "Noor",
        lastName: "Haddad",
        phoneNumber: "(555) 202-0202",
        dateOfBirth: "1981-02-02",
        specialization: "Couples Therapy",
      },
      keep: (answer: { user: { id: number } }) => void (w.createdUserId = answer.user.id),
    }),
  ],
  ["POST /admin/users/{id}/enrolment-code", (w) => ({ as: w.admin, url: `/admin/users/${w.createdUserId}/enrolment-code` })],
  ["POST /admin/users/{id}/one-time-password", (w) => ({ as: w.admin, url: `/admin/users/${w.createdUserId}/one-time-password` })],
  ["PATCH /admin/users/{id}", (w) => ({ as: w.admin, url: `/admin/users/${w.createdUserId}`, payload: { active: false } })],
  ["GET /admin/users/{id}/working-hours", (w) => ({ as: w.admin, url: `/admin/users/${w.doctor.id}/working-hours` })],
  ["GET /admin/audit-log", (w) => ({ as: w.admin, url: `/admin/audit-log?actorId=${w.patient.id}&limit=5` })],
  [
    "POST /admin/notices/test",
    async (w) => {
      // Following the verification link gives the admin a verified address.
      await w.app.clinic.db
        .updateTable("users")
        .set({ email: "admin@example.com", email_verified_at: w.now().toISOString() })
        .where("id", "=", w.admin.id)
        .execute();
      return { as: w.admin, url: "/admin/notices/test" };
    },
  ],
  [
    "GET /admin/notices",
    async (w) => {
      // Without a mail server the worker marks it not sent at once; wait for that, so it is not being sent when sent again.
      await w.app.notices.idle();
      return { as: w.admin, url: "/admin/notices?limit=5", keep: (answer: { notices: { id: number }[] }) => void (w.noticeId = answer.notices[0]!.id) };
    },
  ],
  ["POST /admin/notices/{id}/resend", (w) => ({ as: w.admin, url: `/admin/notices/${w.noticeId}/resend` })],
  ["GET /admin/settings", (w) => ({ as: w.admin, url: "/admin/settings", keep: (answer: unknown) => void (w.settings = answer) })],
  ["PUT /admin/settings", (w) => ({ as: w.admin, url: "/admin/settings", payload: w.settings })],
  [
    "PUT /doctors/{doctorId}/credentials",
    (w) => ({ as: w.admin, url: `/doctors/${w.doctor.id}/credentials`, payload: { licence: "LCSW 123456 (NY)", npi: "1234567893" } }),
  ],
  [
    "GET /account/sessions",
    async (w) => (
      await w.signInElsewhere(),
      {
        as: w.patient,
        url: "/account/sessions",
        keep: (answer: { id: string; current: boolean }[]) => void (w.sessionId = answer.find((session) => !session.current)!.id),
      }
    ),
  ],
  ["DELETE /account/sessions/{id}", (w) => ({ as: w.patient, url: `/account/sessions/${w.sessionId}` })],
  ["POST /account/sessions/end-others", (w) => ({ as: w.patient, url: "/account/sessions/end-others" })],
  ["GET /account/two-step", (w) => ({ as: w.patient, url: "/account/two-step" })],
  ["POST /account/totp", (w) => ({ as: w.patient, url: "/account/totp", keep: (answer: { secret: string }) => void (w.totpSecret = answer.secret) })],
  ["POST /account/totp/confirm", async (w) => ({ as: w.patient, url: "/account/totp/confirm", payload: { code: await totpCodeAt(w.totpSecret, w.now()) } })],
  // The code of the next 30-second step: the one that turned it on is spent.
  [
    "POST /login/mfa",
    async (w) => ({ as: await w.passwordStep(), url: "/login/mfa", payload: { code: await totpCodeAt(w.totpSecret, new Date(w.now().getTime() + 30_000)) } }),
  ],
  ["POST /account/reauth", (w) => ({ as: w.patient, url: "/account/reauth", payload: { password: w.patientLogin.password } })],
  [
    "POST /account/passkeys/options",
    (w) => ({ as: w.patient, url: "/account/passkeys/options", keep: (answer: { challenge: string }) => void (w.passkeyOptions = answer) }),
  ],
  [
    "POST /account/passkeys",
    (w) => {
      const response = w.authenticator.create(w.passkeyOptions);
      w.credentialId = response.id;
      return {
        as: w.patient,
        url: "/account/passkeys",
        payload: { name: "Laptop", response },
        keep: (answer: { passkey: { id: number } }) => void (w.passkeyId = answer.passkey.id),
      };
    },
  ],
  ["GET /account/passkeys", (w) => ({ as: w.patient, url: "/account/passkeys" })],
  ["PATCH /account/passkeys/{id}", (w) => ({ as: w.patient, url: `/account/passkeys/${w.passkeyId}`, payload: { name: "Work laptop" } })],
  [
    "PUT /keys/me",
    async (w) => {
      w.keys = await newKeyPair();
      const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
        sealWithKey(w.keys.privateKey, randomBytes(32)),
        sealPrivateKey(w.keys.privateKey, "a recovery code"),
      ]);
      return { as: w.patient, url: "/keys/me", payload: { publicKey: w.keys.publicKey, sealedPrivateKey, sealedRecoveryKey } };
    },
  ],
  [
    "PUT /keys/me/passkey-seals/{credentialId}",
    async (w) => ({
      as: w.patient,
      url: `/keys/me/passkey-seals/${w.credentialId}`,
      payload: { sealedPrivateKey: await sealWithKey(w.keys.privateKey, randomBytes(32)) },
    }),
  ],
  ["POST /login/passkey/options", (w) => ({ url: "/login/passkey/options", keep: (answer: { challenge: string }) => void (w.passkeyOptions = answer) })],
  ["POST /login/passkey", (w) => ({ url: "/login/passkey", payload: { response: w.authenticator.get(w.passkeyOptions) } })],
  ["DELETE /account/passkeys/{id}", (w) => ({ as: w.patient, url: `/account/passkeys/${w.passkeyId}` })],
  ["DELETE /account/totp", (w) => ({ as: w.patient, url: "/account/totp" })],
  ["DELETE /admin/users/{id}/sessions", (w) => ({ as: w.admin, url: `/admin/users/${w.createdUserId}/sessions` })],
  ["GET /consents", (w) => ({ as: w.patient, url: "/consents" })],
  [
    "PUT /intake",
    (w) => ({
      as: w.patient,
      url: "/intake",
      payload: { reason: "Sleep and stress.", medications: "None", emergencyContactName: "Robin Quinn", emergencyContactPhone: "(555) 010-2030" },
    }),
  ],
  [
    "POST /consents/{kind}/sign",
    async (w) => {
      const me = (await w.app.inject({ method: "GET", url: "/api/user", headers: { cookie: w.patient.cookie } })).json();
      return { as: w.patient, url: "/consents/treatment/sign", payload: { version: 1, typedName: `${me.firstName} ${me.lastName}` } };
    },
  ],
  // Payments by card, against the stand-in for Stripe's API.
  ["GET /payments/card", (w) => ({ as: w.patient, url: "/payments/card" })],
  [
    "POST /payments/invoices/{invoiceId}/checkout",
    async (w) => ({ as: w.patient, url: `/payments/invoices/${await anOpenInvoice(w.app, w.patient.id, 9_000)}/checkout` }),
  ],
  ["POST /payments/card/checkout", (w) => ({ as: w.patient, url: "/payments/card/checkout", payload: { consent: true, consentText: CARD_CONSENT_TEXT } })],
  ["GET /payments/failed-charges", (w) => ({ as: w.admin, url: "/payments/failed-charges" })],
  [
    "POST /payments/{paymentId}/card-refund",
    async (w) => ({
      as: w.admin,
      url: `/payments/${(await aCardPayment(w.app, w.patient.id, 5_000)).paymentId}/card-refund`,
      payload: { amountMinor: 5_000, reason: "Session cancelled" },
    }),
  ],
  ["GET /intake", (w) => ({ as: w.patient, url: "/intake" })],
  ["GET /patients/{patientId}/intake", (w) => ({ as: w.doctor, url: `/patients/${w.patient.id}/intake` })],
  [
    "PUT /admin/consents/{kind}",
    (w) => ({
      as: w.admin,
      url: "/admin/consents/telehealth",
      payload: { baseVersion: 1, body: "I consent to receive my care by secure video, from a private place, knowing the clinic does not record visits." },
    }),
  ],
  ["GET /treatment-sessions/{userId}", (w) => ({ as: w.doctor, url: `/treatment-sessions/${w.patient.id}` })],
  [
    "POST /treatment-sessions",
    async (w) => {
      await w.advanceTo(w.startTime);
      return {
        as: w.doctor,
        url: "/treatment-sessions",
        payload: { appointmentId: w.appointmentId, progressRating: 7, sessionNotes: "Slept better; kept the journal." },
        keep: (answer: { id: number }) => void (w.treatmentSessionId = answer.id),
      };
    },
  ],
  [
    "PATCH /treatment-sessions/{id}",
    (w) => ({
      as: w.doctor,
      url: `/treatment-sessions/${w.treatmentSessionId}`,
      payload: { subjective: "Sleeping better.", objective: "Calm, engaged.", assessment: "Improving.", plan: "Keep the journal." },
    }),
  ],
  [
    "PUT /treatment-sessions/{id}/private-note",
    (w) => ({ as: w.doctor, url: `/treatment-sessions/${w.treatmentSessionId}/private-note`, payload: { body: "Explore the father theme next time." } }),
  ],
  ["GET /treatment-sessions/{id}/private-note", (w) => ({ as: w.doctor, url: `/treatment-sessions/${w.treatmentSessionId}/private-note` })],
  ["POST /treatment-sessions/{id}/sign", (w) => ({ as: w.doctor, url: `/treatment-sessions/${w.treatmentSessionId}/sign` })],
  [
    "POST /treatment-sessions/{id}/addenda",
    (w) => ({ as: w.doctor, url: `/treatment-sessions/${w.treatmentSessionId}/addenda`, payload: { body: "Patient called: the new routine holds." } }),
  ],
  ["GET /unsigned-notes", (w) => ({ as: w.doctor, url: "/unsigned-notes" })],
  ["GET /account/notices", (w) => ({ as: w.patient, url: "/account/notices" })],
  ["DELETE /account/notices/{kind}", (w) => ({ as: w.patient, url: "/account/notices/password_review" })],
  ["GET /account/notice-settings", (w) => ({ as: w.patient, url: "/account/notice-settings" })],
  [
    "PUT /account/notice-settings/switches",
    (w) => ({ as: w.patient, url: "/account/notice-settings/switches", payload: { topic: "reminders", email: false } }),
  ],
  ["PATCH /account/notice-settings", (w) => ({ as: w.doctor, url: "/account/notice-settings", payload: { nameSenders: true, digestTime: "17:30" } })],
  ["PUT /account/notice-settings/texts", (w) => ({ as: w.patient, url: "/account/notice-settings/texts", payload: { enabled: true } })],
  ["GET /notices/unsubscribe/link", (w) => ({ url: `/notices/unsubscribe/link?token=${encodeURIComponent(unsubscribeToken(w))}` })],
  ["POST /notices/unsubscribe/link", (w) => ({ url: "/notices/unsubscribe/link", payload: { token: unsubscribeToken(w) } })],
  [
    "GET /appointments/{id}/visit",
    (w) => ({ as: w.patient, url: `/appointments/${w.appointmentId}/visit`, keep: (answer: { id: number }) => void (w.visitId = answer.id) }),
  ],
  ["GET /visits/{id}", (w) => ({ as: w.doctor, url: `/visits/${w.visitId}` })],
  ["GET /visits/waiting", (w) => ({ as: w.doctor, url: "/visits/waiting" })],
  ["GET /visits/with/{partnerId}", (w) => ({ as: w.patient, url: `/visits/with/${w.doctor.id}` })],
  ["GET /keys/me", (w) => ({ as: w.patient, url: "/keys/me" })],
  ["GET /keys/{userId}", (w) => ({ as: w.doctor, url: `/keys/${w.patient.id}` })],
  ["GET /keys/clinic", (w) => ({ as: w.patient, url: "/keys/clinic" })],
  ["GET /measures/instruments", (w) => ({ as: w.patient, url: "/measures/instruments" })],
  [
    "POST /measures/assignments",
    (w) => ({ as: w.doctor, url: "/measures/assignments", payload: { patientId: w.patient.id, instrument: "phq9", cadence: "once" } }),
  ],
  ["GET /measures/due", (w) => ({ as: w.patient, url: "/measures/due" })],
  ["POST /measures", (w) => ({ as: w.patient, url: "/measures", payload: { instrument: "phq9", answers: [1, 1, 0, 0, 1, 0, 0, 0, 1] } })],
  ["GET /measures", (w) => ({ as: w.doctor, url: `/measures?patientId=${w.patient.id}` })],
  ["GET /measures/alerts", (w) => ({ as: w.doctor, url: "/measures/alerts", keep: (answer: { id: number }[]) => void (w.alertId = answer[0]!.id) })],
  [
    "POST /measures/alerts/{id}/acknowledge",
    (w) => ({ as: w.doctor, url: `/measures/alerts/${w.alertId}/acknowledge`, payload: { note: "Called; safety plan reviewed." } }),
  ],
  ["GET /doctors/{doctorId}/credentials", (w) => ({ as: w.doctor, url: `/doctors/${w.doctor.id}/credentials` })],
  ["GET /billing/patients/{patientId}/document-details", (w) => ({ as: w.patient, url: `/billing/patients/${w.patient.id}/document-details` })],
  [
    "PUT /billing/patients/{patientId}/document-details",
    (w) => ({
      as: w.patient,
      url: `/billing/patients/${w.patient.id}/document-details`,
      payload: { postalAddress: "5 Elm Road\nBangor, ME 04401", monthlySuperbill: true },
    }),
  ],
  ["GET /billing/patients/{patientId}/estimates", (w) => ({ as: w.doctor, url: `/billing/patients/${w.patient.id}/estimates` })],
  ["GET /diagnoses/codes", (w) => ({ as: w.doctor, url: "/diagnoses/codes" })],
  [
    "POST /diagnoses",
    (w) => ({
      as: w.doctor,
      url: "/diagnoses",
      payload: { patientId: w.patient.id, code: "F41.1" },
      keep: (answer: { id: number }) => void (w.diagnosisId = answer.id),
    }),
  ],
  ["GET /diagnoses", (w) => ({ as: w.doctor, url: `/diagnoses?patientId=${w.patient.id}` })],
  ["POST /diagnoses/{id}/resolve", (w) => ({ as: w.doctor, url: `/diagnoses/${w.diagnosisId}/resolve` })],
  ["POST /visits", (w) => ({ as: w.doctor, url: "/visits", payload: { patientId: w.patient.id } })],
  [
    "DELETE /admin/users/{id}/two-step",
    async (w) => {
      const { id, admin } = await w.aMemberWithTwoStep();
      return { as: admin, url: `/admin/users/${id}/two-step` };
    },
  ],
  [
    "POST /user/password",
    (w) => ({ as: w.patient, url: "/user/password", payload: { currentPassword: w.patientLogin.password, newPassword: "steady-lantern-73" } }),
  ],
  // Last: a reset ends the patient's sessions. The patient (whose address is verified above) forgets their
  // password and follows the link; then says "this was not me" from the notice that wrote.
  ["POST /login/forgot", (w) => ({ url: "/login/forgot", payload: { login: w.patientLogin.username } })],
  ["POST /login/reset/account", async (w) => ({ url: "/login/reset/account", payload: { token: await latestToken(w.app, w.patient.id, "password_reset") } })],
  [
    "POST /login/reset",
    async (w) => ({ url: "/login/reset", payload: { token: await latestToken(w.app, w.patient.id, "password_reset"), password: "harbour-lights-at-dusk-91" } }),
  ],
  ["POST /account/not-me", async (w) => ({ url: "/account/not-me", payload: { token: await latestToken(w.app, w.patient.id, "security_change") } })],
  ["POST /logout", (w) => ({ as: w.patient, url: "/logout" })],
];

describeApp(
  "the REST contract",
  (testApp) => {
    let document: OpenApiDocument;
    let operations: Operation[];
    beforeAll(async () => {
      document = await fetchDocument(testApp().app);
      operations = operationsOf(document);
    });

    it("publishes the committed OpenAPI document, path for path and schema for schema", async () => {
      await expect(`${JSON.stringify(document, null, 2)}\n`).toMatchFileSnapshot("./contract/openapi.json");
    });

    it("routes every documented operation, and refuses a signed-out caller where the document asks for a session", async () => {
      const { app } = testApp();
      const bodies = bodyChecker(document);
      expect(operations.length).toBeGreaterThan(30);
      for (const operation of operations) {
        expect(app.hasRoute({ method: operation.method, url: `/api${operation.path.replace(/\{(\w+)\}/g, ":$1")}` }), operation.key).toBe(true);
        const secured = (document.paths[operation.path]?.[operation.method.toLowerCase()] as { security?: unknown } | undefined)?.security;
        if (!secured) continue;
        const url = `/api${operation.path.replace(/\{\w+\}/g, "1")}`;
        const response = await app.inject({ method: operation.method, url, ...(operation.method === "GET" ? {} : { payload: {} }) });
        expect(response.statusCode, `${operation.key}: ${response.body}`).toBe(401);
        expect(Object.keys(response.json()).sort(), operation.key).toEqual(["code", "message"]);
        expect(response.json().code).toBe("UNAUTHORIZED");
        expect(bodies.error(response.json()), operation.key).toEqual([]);
      }
    });

    it("answers one example call per operation with 200 and the documented body", async () => {
      const { app, advance } = testApp();
      expect(EXAMPLES.map(([key]) => key).sort()).toEqual(operations.map((operation) => operation.key).sort());
      const { body: login } = await register(app, newPatient());
      const doctor = await aStaffMember(app, "doctor");
      let now = Date.now();
      const world: World = {
        app,
        admin: await aStaffMember(app, "admin"),
        doctor,
        locum: await aStaffMember(app, "doctor"),
        patient: await signInAs(app, String(login.username), String(login.password)),
        patientLogin: { username: String(login.username), password: String(login.password) },
        appointmentId: 0,
        startTime: "",
        series: {},
        emergencyAccessId: 0,
        createdUserId: 0,
        treatmentSessionId: 0,
        settings: undefined,
        sessionId: "",
        totpSecret: "",
        // No PUBLIC_ORIGIN here: passkeys are bound to the origin the request came to.
        authenticator: new SoftAuthenticator("http://localhost:80"),
        passkeyOptions: { challenge: "" },
        passkeyId: 0,
        credentialId: "",
        keys: undefined as unknown as MemberKeyPair,
        visitId: 0,
        alertId: 0,
        diagnosisId: 0,
        noticeId: 0,
        billing: {},
        waitlistOfferId: 0,
        partyInvitationId: 0,
        groupId: 0,
        pastGroupId: 0,
        now: () => app.clinic.now(),
        async signInElsewhere() {
          await signInAs(app, world.patientLogin.username, world.patientLogin.password);
        },
        async passwordStep() {
          const response = await app.inject({ method: "POST", url: "/api/login", payload: world.patientLogin });
          const pending = response.cookies.find((cookie) => cookie.name === "halcyon_pending")!;
          return { id: world.patient.id, cookie: `${pending.name}=${pending.value}` };
        },
        async aMemberWithTwoStep() {
          const member = await aStaffMember(app, "doctor");
          await turnOnAuthenticator(app, member);
          return { id: member.id, admin: await aStaffMember(app, "admin") };
        },
        async advanceTo(instant) {
          const by = Date.parse(instant) - now + 60_000;
          advance(by);
          now += by;
          world.doctor = await signInAs(app, doctor.username, doctor.password);
          world.patient = await signInAs(app, world.patientLogin.username, world.patientLogin.password);
        },
      };
      [world.startTime] = (await slotsOf(app, world.patient, doctor.id, weekdayAhead(3))) as [string];
      const bodies = bodyChecker(document);
      const byKey = new Map(operations.map((operation) => [operation.key, operation]));
      for (const [key, example] of EXAMPLES) {
        const operation = byKey.get(key)!;
        const call = await example(world);
        const response = await app.inject({
          method: operation.method,
          url: `/api${call.url}`,
          ...(call.as ? { headers: { cookie: call.as.cookie } } : {}),
          ...(call.payload === undefined ? {} : { payload: call.payload as object }),
        });
        expect(response.statusCode, `${key}: ${response.body}`).toBe(200);
        expect(response.headers["content-type"], key).toContain("application/json");
        const answer = response.json();
        expect(bodies.answer(operation, answer), `${key} answered ${response.body}`).toEqual([]);
        call.keep?.(answer as never);
      }
      // The check has teeth: an answer with a field more, or one fewer, is not the documented body.
      const me = byKey.get("GET /user")!;
      const user = (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: world.admin.cookie } })).json();
      expect(bodies.answer(me, { ...user, passwordHash: "x" })).not.toEqual([]);
      expect(bodies.answer(me, { ...user, id: undefined })).not.toEqual([]);
    });

    it("answers bad input with the documented error fields and one problem per field", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const response = await app.inject({ method: "GET", url: "/api/admin/audit-log?limit=0&from=x", headers: { cookie: admin.cookie } });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: "BAD_REQUEST",
        message: expect.any(String),
        issues: expect.arrayContaining([
          { path: "from", message: expect.any(String) },
          { path: "limit", message: expect.any(String) },
        ]),
      });
      expect(response.json().issues).toHaveLength(2);
      expect(bodyChecker(document).error(response.json())).toEqual([]);
    });
  },
  { ...LONG_SESSIONS, ...TEXTS, ...standInEnv(stripe) },
);
