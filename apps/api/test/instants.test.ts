// Every instant the clinic stores is in one form, UTC as toISOString() writes it, whichever path
// wrote it; and so a seeded session holds its hour like any booking.
import {
  claimDueNotices,
  claimStripeEvent,
  insertNotices,
  insertStripeCustomer,
  recordCardConsent,
  recordNoticeOutcomes,
  saveCard,
  startCollection,
  updateCollection,
} from "@halcyon/db";
import { sql } from "kysely";
import twilio from "twilio";
import { DEMO_PASSWORDS, resetPassword, runBillingDocumentSweeps, signLink, totpCodeAt } from "@halcyon/domain";
import { newKeyPair, sealPrivateKey, sealWithKey } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import {
  aPatient,
  aStaffMember,
  book,
  listen,
  patch,
  signConsents,
  signInAs,
  slotsOf,
  turnOnAuthenticator,
  weekdayAhead,
  type SignedIn,
} from "./clinic-helpers";
import { describeApp } from "./helper";
import { giveKeys, sendSealed, useRecordsKey } from "./sealing";
import { ask, openSocket } from "./sockets";
import { SoftAuthenticator } from "./soft-authenticator";

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HOUR = 3_600_000;

/** A text provider, so that opting in to texts and a STOP write their instants. */
const TWILIO = { TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`, TWILIO_AUTH_TOKEN: "an-instants-test-token", TWILIO_FROM: "+15550001111" };
/** Names the schema gives instants (created_at, start_time, claimed_until, since, …). */
const INSTANT_NAME = /(_at|_time|_until|^at|^since)$/;

interface Column {
  table: string;
  column: string;
}

/**
 * The instant columns as the database knows them: timestamptz on PostgreSQL; on SQLite, the
 * columns its triggers hold to the one form.
 */
async function instantColumns(app: FastifyInstance): Promise<Column[]> {
  if (app.database.kind === "postgres") {
    const { rows } = await sql<{ table_name: string; column_name: string }>`
      select table_name, column_name from information_schema.columns
      where table_schema = current_schema() and data_type = 'timestamp with time zone'`.execute(app.clinic.db);
    return rows.map((row) => ({ table: row.table_name, column: row.column_name }));
  }
  const { rows } = await sql<{ tbl_name: string; sql: string }>`
    select tbl_name, sql from sqlite_master where type = 'trigger' and name like '%_instants_insert'`.execute(app.clinic.db);
  return rows.flatMap((row) => [...row.sql.matchAll(/new\.(\w+) is null/g)].map((match) => ({ table: row.tbl_name, column: match[1]! })));
}

/** Every column of every table whose name says it holds an instant. */
async function columnsNamedAsInstants(app: FastifyInstance): Promise<Column[]> {
  // On PostgreSQL every test file has a schema of its own, and the introspection sees them all.
  const schema =
    app.database.kind === "postgres" ? (await sql<{ name: string }>`select current_schema() as name`.execute(app.clinic.db)).rows[0]?.name : undefined;
  const tables = await app.clinic.db.introspection.getTables();
  return tables
    .filter((table) => !table.name.startsWith("kysely_") && (schema === undefined || table.schema === schema))
    .flatMap((table) => table.columns.filter((column) => INSTANT_NAME.test(column.name)).map((column) => ({ table: table.name, column: column.name })));
}

const named = ({ table, column }: Column) => `${table}.${column}`;

/** The same moment as `iso`, written with New York's winter offset (as the demo seed once did). */
function withOffset(iso: string): string {
  return new Date(Date.parse(iso) - 5 * HOUR).toISOString().replace("Z", "-05:00");
}

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as object }) });
}

describeApp(
  "every stored instant in one form",
  (testApp) => {
    it("stores every instant as UTC in one form, whichever path writes it", async () => {
      const { app, advance } = testApp();
      // The demo seed ran at start. The CLI's create-user and reset-password use these functions.
      const doctor = await aStaffMember(app, "doctor");
      const admin = await signInAs(app, "admin", DEMO_PASSWORDS.admin);
      const patient = await aPatient(app);
      await signConsents(app, patient);
      expect((await app.inject({ method: "POST", url: "/api/login", payload: { username: "alex", password: "not-it" } })).statusCode).toBe(401);

      // Bookings and reschedules given with an offset; a cancellation; notes (which complete).
      const [first, second, third] = await slotsOf(app, patient, doctor.id, weekdayAhead(14));
      const booked = await book(app, patient, { doctorId: doctor.id, startTime: withOffset(first!) });
      expect(booked.json().startTime).toBe(first);
      const other = await book(app, patient, { doctorId: doctor.id, startTime: third });
      expect((await patch(app, patient, booked.json().id, { startTime: withOffset(second!) })).statusCode).toBe(200);
      expect((await patch(app, patient, other.json().id, { status: "cancelled" })).statusCode).toBe(200);
      // A weekly series, its first session given with an offset, one session of it moved.
      const [seriesStart] = await slotsOf(app, patient, doctor.id, weekdayAhead(21));
      const series = await call(app, patient, "POST", "/api/appointment-series", {
        doctorId: doctor.id,
        title: "Weekly therapy",
        firstStart: withOffset(seriesStart!),
        intervalWeeks: 1,
        count: 2,
      });
      expect(series.json().appointments[0].startTime).toBe(seriesStart);
      const [, later] = await slotsOf(app, patient, doctor.id, weekdayAhead(0, new Date(series.json().appointments[1].startTime)));
      expect(
        (
          await call(app, patient, "PATCH", `/api/appointments/${series.json().appointments[1].id}/series`, {
            scope: "following",
            startTime: withOffset(later!),
          })
        ).statusCode,
      ).toBe(200);
      // Confirmed from a reminder's link.
      const token = signLink(app.clinic.secrets, {
        purpose: "confirm_appointment",
        userId: patient.id,
        targetId: booked.json().id,
        expiresAt: second!,
        singleUse: true,
      });
      expect((await app.inject({ method: "POST", url: "/api/appointments/confirm", payload: { token } })).statusCode).toBe(200);
      // The session's video room, made when first asked for; an instant visit joined, begun and ended over /ws.
      expect((await call(app, patient, "GET", `/api/appointments/${booked.json().id}/visit`)).statusCode).toBe(200);
      const visitId = (await call(app, doctor, "POST", "/api/visits", { patientId: patient.id })).json().id;
      const base = await listen(app);
      const [patientSocket, doctorSocket] = [await openSocket(base, patient), await openSocket(base, doctor)];
      await ask(patientSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
      await ask(doctorSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
      await ask(doctorSocket, "visit_admit", { visitId }, (f) => f.type === "visit_admit");
      await ask(doctorSocket, "visit_end", { visitId }, (f) => f.type === "visit_end");
      patientSocket.socket.close();
      doctorSocket.socket.close();
      // Messaging keys: the patient's and the doctor's, and the clinic's records key. The demo seed
      // made one (its instant is checked below with the rest); so that the admin's path writes one
      // too, the seed's is taken away first.
      await giveKeys(app, patient);
      await giveKeys(app, doctor);
      await app.clinic.db.deleteFrom("records_key").execute();
      const clinic = await newKeyPair();
      expect((await call(app, admin, "PUT", "/api/admin/records-key", { publicKey: clinic.publicKey })).statusCode).toBe(200);
      useRecordsKey(app, clinic);

      // Messages and reading them; a calendar feed; a doctor opening a patient's account.
      expect((await sendSealed(app, patient, doctor, "See you soon")).statusCode).toBe(200);
      // A file uploaded (sealed in the browser), then sent with a message.
      const upload = await app.inject({
        method: "POST",
        url: "/api/attachments",
        payload: Buffer.alloc(100, 1),
        headers: { cookie: patient.cookie, "content-type": "application/octet-stream" },
      });
      expect(upload.statusCode, upload.body).toBe(200);
      expect((await sendSealed(app, patient, doctor, "The journal", { attachmentIds: [upload.json().id] })).statusCode).toBe(200);
      expect((await call(app, doctor, "POST", "/api/messages/read", { partnerId: patient.id })).statusCode).toBe(200);
      // A questionnaire asked for once and completed, raising a safety alert a doctor acknowledges.
      expect((await call(app, doctor, "POST", "/api/measures/assignments", { patientId: patient.id, instrument: "phq9", cadence: "once" })).statusCode).toBe(
        200,
      );
      expect((await call(app, patient, "POST", "/api/measures", { instrument: "phq9", answers: [0, 0, 0, 0, 0, 0, 0, 0, 1] })).json()).toMatchObject({
        safetyAlert: true,
      });
      const [alert] = (await call(app, doctor, "GET", "/api/measures/alerts")).json();
      expect((await call(app, doctor, "POST", `/api/measures/alerts/${alert.id}/acknowledge`, { note: "Called; safe." })).statusCode).toBe(200);
      expect((await call(app, patient, "POST", "/api/calendar-feed")).statusCode).toBe(200);
      const opened = await call(app, doctor, "POST", "/api/patients", {
        firstName: "Noor",
        lastName: "Haddad",
        phoneNumber: "(555) 333-4444",
        dateOfBirth: "1992-02-02",
      });
      expect(opened.statusCode).toBe(200);

      // Emergency access to a patient not in the doctor's care, and an admin's review of it.
      const stranger = await aPatient(app);
      const emergency = await call(app, doctor, "POST", "/api/emergency-access", {
        patientId: stranger.id,
        reason: "Crisis call from the patient's partner; their therapist is away.",
      });
      expect(emergency.statusCode, emergency.body).toBe(200);
      expect((await call(app, admin, "POST", `/api/admin/emergency-access/${emergency.json().id}/review`)).statusCode).toBe(200);
      // An admin ends a doctor's care of a patient; that doctor's emergency access then waits for an admin's approval.
      const former = await aPatient(app);
      expect((await call(app, admin, "POST", `/api/admin/patients/${former.id}/care`, { doctorId: doctor.id })).statusCode).toBe(200);
      expect((await call(app, admin, "DELETE", `/api/admin/patients/${former.id}/care/${doctor.id}`)).statusCode).toBe(200);
      const asked = await call(app, doctor, "POST", "/api/emergency-access", { patientId: former.id, reason: "Crisis call; their new therapist is away." });
      expect(asked.json()).toMatchObject({ status: "awaiting_approval" });
      expect((await call(app, admin, "POST", `/api/admin/emergency-access/${asked.json().id}/approve`)).statusCode).toBe(200);

      // Admin: a new account, a deactivation (and settings, below).
      const created = await call(app, admin, "POST", "/api/admin/users", {
        username: `instant${Date.now()}`,
        role: "patient",
        firstName: "Ines",
        lastName: "Moreno",
        phoneNumber: "5551234567",
        dateOfBirth: "1990-01-01",
      });
      expect(created.statusCode).toBe(200);
      expect((await call(app, admin, "PATCH", `/api/admin/users/${opened.json().patient.id}`, { active: false })).statusCode).toBe(200);
      await resetPassword(app.clinic, created.json().user.username, "a-new-long-passphrase");

      // Two-step sign-in: an authenticator turned on, a password re-checked, a sign-in left waiting for its code.
      const careful = await aPatient(app);
      const { secret } = (await call(app, careful, "POST", "/api/account/totp")).json();
      expect((await call(app, careful, "POST", "/api/account/totp/confirm", { code: await totpCodeAt(secret, app.clinic.now()) })).statusCode).toBe(200);
      const { username } = (await call(app, careful, "GET", "/api/user")).json();
      expect((await call(app, careful, "POST", "/api/account/reauth", { password: "quiet-harbour-42" })).statusCode).toBe(200);
      expect((await app.inject({ method: "POST", url: "/api/login", payload: { username, password: "quiet-harbour-42" } })).json()).toMatchObject({
        mfaRequired: true,
      });
      // An admin resets another member's: they find a notice at their next sign-in.
      const forgetful = await aPatient(app);
      await turnOnAuthenticator(app, forgetful);
      expect((await call(app, admin, "DELETE", `/api/admin/users/${forgetful.id}/two-step`)).statusCode).toBe(200);
      // An enrolment code for a doctor yet to set up two-step sign-in.
      expect((await call(app, admin, "POST", `/api/admin/users/${doctor.id}/enrolment-code`)).statusCode).toBe(200);
      // A passkey added and used, and a challenge left unanswered (the origin the request came to: no PUBLIC_ORIGIN here).
      const authenticator = new SoftAuthenticator("http://localhost:80");
      const creation = (await call(app, careful, "POST", "/api/account/passkeys/options")).json();
      expect((await call(app, careful, "POST", "/api/account/passkeys", { name: "Laptop", response: authenticator.create(creation) })).statusCode).toBe(200);
      // Messaging keys, and a seal of them under that passkey.
      const pair = await newKeyPair();
      const sealedPrivateKey = await sealWithKey(pair.privateKey, crypto.getRandomValues(new Uint8Array(32)));
      const keys = { publicKey: pair.publicKey, sealedPrivateKey, sealedRecoveryKey: await sealPrivateKey(pair.privateKey, "a recovery code") };
      expect((await call(app, careful, "PUT", "/api/keys/me", keys)).statusCode).toBe(200);
      const { credential_id: credentialId } = await app.clinic.db
        .selectFrom("passkeys")
        .select("credential_id")
        .where("user_id", "=", careful.id)
        .executeTakeFirstOrThrow();
      const sealed = await call(app, careful, "PUT", `/api/keys/me/passkey-seals/${credentialId}`, { sealedPrivateKey });
      expect(sealed.statusCode, sealed.body).toBe(200);
      const request = (await app.inject({ method: "POST", url: "/api/login/passkey/options" })).json();
      expect((await app.inject({ method: "POST", url: "/api/login/passkey", payload: { response: authenticator.get(request) } })).statusCode).toBe(200);
      expect((await app.inject({ method: "POST", url: "/api/login/passkey/options" })).statusCode).toBe(200);
      // A sign-in left waiting for its second step (adding the passkey ended the one before, as it ends other sessions).
      expect((await app.inject({ method: "POST", url: "/api/login", payload: { username, password: "quiet-harbour-42" } })).json()).toMatchObject({
        mfaRequired: true,
      });

      // Notice switches and settings; texts opted in to, then paused by a signed STOP (issue 34).
      expect((await call(app, careful, "PUT", "/api/account/notice-settings/switches", { topic: "reminders", email: false })).statusCode).toBe(200);
      expect((await call(app, careful, "PUT", "/api/account/notice-settings/texts", { enabled: true })).statusCode).toBe(200);
      const stop = { From: "+15551234567", Body: "STOP" };
      const signature = twilio.getExpectedTwilioSignature(TWILIO.TWILIO_AUTH_TOKEN, "http://localhost:80/api/notices/sms/inbound", stop);
      const stopped = await app.inject({
        method: "POST",
        url: "/api/notices/sms/inbound",
        payload: new URLSearchParams(stop).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature },
      });
      expect(stopped.statusCode, stopped.body).toBe(200);

      // Time passes: the session's activity is written back, and the doctor writes the notes.
      const shift = Date.parse(second!) - Date.now();
      advance(shift);
      try {
        const notes = await call(app, doctor, "POST", "/api/treatment-sessions", {
          appointmentId: booked.json().id,
          progressRating: 7,
          sessionNotes: "Settled in well.",
          subjective: "Nervous about starting.",
          objective: "Open and engaged.",
          assessment: "Good fit for weekly work.",
          plan: "Weekly sessions.",
        });
        expect(notes.statusCode).toBe(200);
        // Signed, with an addendum and a private note: each stores an instant of its own.
        const note = `/api/treatment-sessions/${notes.json().id}`;
        expect((await call(app, doctor, "PUT", `${note}/private-note`, { body: "First impressions." })).statusCode).toBe(200);
        expect((await call(app, doctor, "POST", `${note}/sign`)).statusCode).toBe(200);
        expect((await call(app, doctor, "POST", `${note}/addenda`, { body: "Called to confirm next week." })).statusCode).toBe(200);
      } finally {
        advance(-shift);
      }

      // The clinic's money (issue 35): the demo's waiting fee decided, a payment received at a time given with its offset.
      const [fee] = (await call(app, admin, "GET", "/api/billing/fees?status=pending")).json() as { id: number }[];
      expect((await call(app, admin, "POST", `/api/billing/fees/${fee!.id}/approve`)).statusCode).toBe(200);
      const paid = await call(app, admin, "POST", "/api/billing/payments", {
        patientId: patient.id,
        method: "cash",
        amountMinor: 5_000,
        receivedAt: "2026-11-30T10:00:00-05:00",
      });
      expect(paid.statusCode, paid.body).toBe(200);

      // A diagnosis recorded and resolved; the patient's details for their documents; the sweep's
      // estimate of the booked care, and the month's superbill the patient asked for.
      const diagnosis = await call(app, doctor, "POST", "/api/diagnoses", { patientId: patient.id, code: "F41.1" });
      expect(diagnosis.statusCode, diagnosis.body).toBe(200);
      expect((await call(app, doctor, "POST", `/api/diagnoses/${diagnosis.json().id}/resolve`)).statusCode).toBe(200);
      const details = await call(app, patient, "PUT", `/api/billing/patients/${patient.id}/document-details`, {
        postalAddress: "1 Harbour Street, Boston, MA 02110",
        monthlySuperbill: true,
      });
      expect(details.statusCode, details.body).toBe(200);
      await runBillingDocumentSweeps(app.clinic);
      // Card payments' own statements (no Stripe here): an event claimed, a card saved with the
      // patient's consent, a night's charge started and settled.
      const cardAt = app.clinic.now().toISOString();
      expect(await claimStripeEvent(app.clinic.db, { id: "evt_instants", type: "checkout.session.completed", processedAt: cardAt })).toBe(true);
      await insertStripeCustomer(app.clinic.db, patient.id, "cus_instants", cardAt);
      await recordCardConsent(app.clinic.db, patient.id, { text: "I agree to be charged.", at: cardAt, ip: null });
      await saveCard(app.clinic.db, { stripeCustomerId: "cus_instants", paymentMethodId: "pm_instants", brand: "visa", last4: "4242", savedAt: cardAt });
      const collection = await startCollection(app.clinic.db, { patientId: patient.id, night: "2026-11-30", amountMinor: 5_000, currency: "USD", at: cardAt });
      await updateCollection(app.clinic.db, collection!, { status: "charged", paymentIntentId: "pi_instants", at: cardAt });

      // The waitlist: a patient joins a doctor's list, a session of the doctor's is cancelled and
      // offered to them, they decline it and leave the list.
      const waiting = await aPatient(app);
      const allDay = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
      const joined = await call(app, waiting, "POST", "/api/waitlist", { doctorId: doctor.id, times: allDay, untilDate: weekdayAhead(60) });
      expect(joined.statusCode, joined.body).toBe(200);
      const freer = await aPatient(app);
      const [freed] = await slotsOf(app, freer, doctor.id, weekdayAhead(35));
      const toFree = await book(app, freer, { doctorId: doctor.id, startTime: freed });
      expect((await patch(app, freer, toFree.json().id, { status: "cancelled" })).statusCode).toBe(200);
      const [offer] = (await call(app, waiting, "GET", "/api/waitlist/offers")).json() as { id: number }[];
      expect((await call(app, waiting, "POST", `/api/waitlist/offers/${offer!.id}/decline`)).statusCode).toBe(200);
      expect((await call(app, waiting, "DELETE", `/api/waitlist/${joined.json().id}`)).statusCode).toBe(200);

      // A couple's session: booked naming the partner's verified address, who declines the invitation.
      const couples = await call(app, admin, "POST", "/api/billing/services", { name: "Couples Therapy", minutes: 53, feeMinor: 18_000, kind: "couples" });
      const partner = await aPatient(app);
      await app.clinic.db
        .updateTable("users")
        .set({ email: `partner${partner.id}@example.com`, email_verified_at: app.clinic.now().toISOString() })
        .where("id", "=", partner.id)
        .execute();
      const [together] = await slotsOf(app, freer, doctor.id, weekdayAhead(36));
      const couple = await book(app, freer, {
        doctorId: doctor.id,
        startTime: together,
        serviceId: couples.json().id,
        partnerEmail: `partner${partner.id}@example.com`,
      });
      expect(couple.statusCode, couple.body).toBe(200);
      const [invitation] = (await call(app, partner, "GET", "/api/party-invitations")).json() as { id: number }[];
      expect((await call(app, partner, "POST", `/api/party-invitations/${invitation!.id}/decline`)).statusCode).toBe(200);

      // A group's note: the group met an hour ago (moved there, as no booking is made in the past);
      // its doctor writes the note, signs it and shares it with the member.
      const groupService = await call(app, admin, "POST", "/api/billing/services", { name: "Group", minutes: 60, feeMinor: 6_000, kind: "group" });
      const [groupHour] = await slotsOf(app, doctor, doctor.id, weekdayAhead(37));
      const group = await call(app, doctor, "POST", "/api/groups", { title: "Circle", startTime: groupHour, capacity: 4, serviceId: groupService.json().id });
      expect(group.statusCode, group.body).toBe(200);
      const partyId = group.json().id as number;
      expect((await call(app, freer, "POST", `/api/groups/${partyId}/join`)).statusCode).toBe(200);
      const met = new Date(Math.floor(app.clinic.now().getTime() / 60_000) * 60_000 - 53 * 60_000);
      const metTimes = { start_time: met.toISOString(), end_time: new Date(met.getTime() + 3_600_000).toISOString() };
      await app.clinic.db.updateTable("appointment_parties").set(metTimes).where("id", "=", partyId).execute();
      await app.clinic.db.updateTable("appointments").set(metTimes).where("party_id", "=", partyId).execute();
      const draft = await call(app, doctor, "PUT", `/api/parties/${partyId}/note`, { body: "A settled hour." });
      expect(draft.statusCode, draft.body).toBe(200);
      expect((await call(app, doctor, "POST", `/api/parties/${partyId}/note/sign`, { readAt: draft.json().updatedAt })).statusCode).toBe(200);
      expect((await call(app, doctor, "POST", `/api/parties/${partyId}/note/shares`, { patientId: freer.id, shared: true })).statusCode).toBe(200);

      // (Last, and written out: the environment's long sessions are more than settings may keep.)
      const saved = await call(app, admin, "PUT", "/api/admin/settings", {
        clinicName: "Halcyon",
        clinicTimeZone: "America/New_York",
        defaultWorkingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" })),
        cancellationWindowHours: 24,
        idleTimeoutMinutes: 720,
      });
      expect(saved.statusCode, saved.body).toBe(200);

      // The outbox worker's own statements (no mail server here): a claim leaves its lease on a
      // notice, a send its time on another.
      await app.notices.stop();
      const at = app.clinic.now();
      const notice = { kind: "clinic_test_email", channel: "email" as const, userId: admin.id, toAddress: "admin@halcyon.example", subject: "A test" };
      await insertNotices(
        app.clinic.db,
        ["first", "second"].map((key) => ({
          ...notice,
          params: {},
          status: "waiting" as const,
          nextAttemptAt: at.toISOString(),
          createdAt: at.toISOString(),
          dedupeKey: key,
        })),
      );
      const claimed = await claimDueNotices(app.clinic.db, { now: at.toISOString(), leaseUntil: new Date(at.getTime() + 60_000).toISOString(), limit: 10 });
      expect(claimed.length).toBeGreaterThanOrEqual(2);
      await recordNoticeOutcomes(app.clinic.db, [{ id: claimed[0]!.id, status: "sent", result: "250 Accepted" }], at.toISOString());

      const columns = await columnsNamedAsInstants(app);
      expect(columns.length).toBeGreaterThan(15);
      for (const { table, column } of columns) {
        const { rows } = await sql<{ value: string }>`select ${sql.ref(column)} as value from ${sql.table(table)} where ${sql.ref(column)} is not null`.execute(
          app.clinic.db,
        );
        expect.soft(rows.length, `${table}.${column} was written`).toBeGreaterThan(0);
        for (const { value } of rows) expect(value, `${table}.${column}`).toMatch(ISO_UTC);
      }
    });

    it("holds every column that stores an instant to the one form (timestamptz on PostgreSQL)", async () => {
      const { app } = testApp();
      const held = (await instantColumns(app)).map(named).sort();
      expect(held.length).toBeGreaterThan(15);
      expect((await columnsNamedAsInstants(app)).map(named).sort()).toEqual(held);
    });

    it("lets a seeded session hold its hour: it is not offered, and cannot be booked twice", async () => {
      const { app } = testApp();
      const { db } = app.clinic;
      const seeded = await db
        .selectFrom("appointments as a")
        .innerJoin("users as d", "d.id", "a.doctor_id")
        .select(["a.start_time", "a.doctor_id"])
        .where("d.username", "=", "dr.vance")
        .where("a.status", "=", "scheduled")
        .orderBy("a.start_time", "desc")
        .executeTakeFirstOrThrow();
      const start = new Date(seeded.start_time).toISOString();
      const riley = await signInAs(app, "riley", DEMO_PASSWORDS.patient);
      const date = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date(start));
      const offered = await slotsOf(app, riley, seeded.doctor_id, date);
      expect(offered.length).toBeGreaterThan(0);
      expect(offered).not.toContain(start);
      const twice = await book(app, riley, { doctorId: seeded.doctor_id, startTime: start });
      expect(twice.statusCode).toBe(409);
      expect(twice.json().message).toMatch(/just been taken/);
    });
  },
  { SEED_DEMO: "true", SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000", ...TWILIO },
);
