// Care notices, the member's switches, one-click unsubscribe and texts (issue 34 items 5, 6), on
// each database. Until the outbox's worker merges, a notice is what the outbox holds: its row
// (kind, recipient, address, subject, params), each written once at its moment, never with content.
import { readTextNumbers } from "@halcyon/db";
import { NOTICE_KINDS, composeNotice, runCareSweeps, signLink, type NoticeKindSpec } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import twilio from "twilio";
import { describe, expect, it } from "vitest";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { readyToMessage, sendSealed } from "./sealing";

const PHQ9_ITEM9 = [0, 0, 0, 0, 0, 0, 0, 0, 1];
const HOUR = 3_600_000;

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PUT" | "PATCH", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** Gives a member a verified address: only such a member is emailed. */
async function verifiedEmail(app: FastifyInstance, who: SignedIn): Promise<string> {
  const email = `member${who.id}@example.com`;
  await app.clinic.db.updateTable("users").set({ email, email_verified_at: new Date().toISOString() }).where("id", "=", who.id).execute();
  return email;
}

async function noticesOf(app: FastifyInstance, userId: number, kind?: string) {
  let query = app.clinic.db.selectFrom("notices").selectAll().where("user_id", "=", userId);
  if (kind) query = query.where("kind", "=", kind);
  const rows = await query.orderBy("id").execute();
  return rows.map((row) => ({ ...row, params: JSON.parse(row.params) as Record<string, unknown> }));
}

/** A patient in the doctor's care through a booking `daysAhead` on; both with verified addresses. */
async function pair(app: FastifyInstance, daysAhead = 3) {
  const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
  const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(daysAhead));
  const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot });
  expect(booked.statusCode, booked.body).toBe(200);
  await verifiedEmail(app, patient);
  await verifiedEmail(app, doctor);
  return { patient, doctor, appointment: booked.json() as { id: number; startTime: string; endTime: string } };
}

/** The sweeps as the scheduler runs them, at a given moment. */
const sweepAt = (app: FastifyInstance, at: Date) => runCareSweeps({ ...app.clinic, now: () => at });

describeApp("care notices", (testApp) => {
  it("tells of new messages once per unread conversation, never their content, naming the sender only if allowed", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    const address = await verifiedEmail(app, doctor);
    await readyToMessage(app, patient, doctor);
    for (const text of ["First of a burst", "Second", "Third"]) expect((await sendSealed(app, patient, doctor, text)).statusCode).toBe(200);
    let notices = await noticesOf(app, doctor.id, "new_message");
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ channel: "email", to_address: address, subject: "You have a new message", params: { from: null } });
    expect(JSON.stringify(notices)).not.toMatch(/burst|Second|Third/);

    // Read, then written to again: a new notice; the doctor now lets notices name the sender.
    expect((await call(app, doctor, "POST", "/api/messages/read", { partnerId: patient.id })).statusCode).toBe(200);
    expect((await call(app, doctor, "PATCH", "/api/account/notice-settings", { nameSenders: true })).json().nameSenders).toBe(true);
    await sendSealed(app, patient, doctor, "After you read");
    await sendSealed(app, patient, doctor, "And again, unread");
    notices = await noticesOf(app, doctor.id, "new_message");
    expect(notices).toHaveLength(2);
    expect(notices[1]!.params.from).toMatch(/\S+ \S+/);

    // Unread past the quiet interval: told once more (the last notice is made older than it).
    await app.clinic.db
      .updateTable("notices")
      .set({ created_at: new Date(Date.now() - 6 * HOUR - 1000).toISOString() })
      .where("id", "=", notices[1]!.id)
      .execute();
    await sendSealed(app, patient, doctor, "Still unread");
    expect(await noticesOf(app, doctor.id, "new_message")).toHaveLength(3);

    // Switched off: nothing more, however long it waits.
    expect((await call(app, doctor, "PUT", "/api/account/notice-settings/switches", { topic: "messages", email: false })).statusCode).toBe(200);
    await app.clinic.db
      .updateTable("notices")
      .set({ created_at: new Date(Date.now() - 7 * HOUR).toISOString() })
      .where("user_id", "=", doctor.id)
      .execute();
    await sendSealed(app, patient, doctor, "Switched off");
    expect(await noticesOf(app, doctor.id, "new_message")).toHaveLength(3);
    // The patient, never verified, is never emailed.
    await sendSealed(app, doctor, patient, "Reply");
    expect(await noticesOf(app, patient.id, "new_message")).toHaveLength(0);
  });

  it("tells each of the patient's doctors of a safety alert in the alert's transaction, without a name", async () => {
    const { app } = testApp();
    const { patient, doctor } = await pair(app);
    const submitted = await call(app, patient, "POST", "/api/measures", { instrument: "phq9", answers: PHQ9_ITEM9 });
    expect(submitted.json().safetyAlert).toBe(true);
    const [notice, ...more] = await noticesOf(app, doctor.id, "safety_alert");
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({ subject: "A patient needs your attention", params: {} });
    const patientRow = await app.clinic.db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", patient.id).executeTakeFirstOrThrow();
    expect(JSON.stringify(notice)).not.toContain(patientRow.last_name);
    expect(JSON.stringify(notice)).not.toMatch(/PHQ|phq/);
  });

  it("asks for a form once when a doctor asks for it, and once before a visit when asked before every session", async () => {
    const { app } = testApp();
    const { patient, doctor, appointment } = await pair(app);
    const assign = (cadence: string) => call(app, doctor, "POST", "/api/measures/assignments", { patientId: patient.id, instrument: "gad7", cadence });
    expect((await assign("once")).statusCode).toBe(200);
    expect((await noticesOf(app, patient.id, "form_due")).map((notice) => notice.params)).toEqual([{ before: null }]);

    expect((await assign("before_every_session")).statusCode).toBe(200);
    const start = Date.parse(appointment.startTime);
    // Not yet: the window opens 48 hours before the visit.
    await sweepAt(app, new Date(start - 50 * HOUR));
    expect(await noticesOf(app, patient.id, "form_due")).toHaveLength(1);
    await sweepAt(app, new Date(start - 47 * HOUR));
    await sweepAt(app, new Date(start - 46 * HOUR));
    const due = await noticesOf(app, patient.id, "form_due");
    expect(due.map((notice) => notice.params)).toEqual([{ before: null }, { before: appointment.startTime }]);
    expect(due[1]!.subject).toBe("A short form is waiting for you");
  });

  it("asks once for the intake and consents before a visit, and not of a patient who completed them", async () => {
    const { app } = testApp();
    const { patient, appointment } = await pair(app);
    const start = Date.parse(appointment.startTime);
    await sweepAt(app, new Date(start - 30 * HOUR));
    await sweepAt(app, new Date(start - 29 * HOUR));
    const [notice, ...more] = await noticesOf(app, patient.id, "forms_to_sign");
    expect(more).toHaveLength(0);
    expect(notice).toMatchObject({ subject: "Please complete your forms before your visit", params: { before: appointment.startTime } });

    // Another patient who has signed everything hears nothing.
    const other = await pair(app, 4);
    const intake = { reason: "Sleep", medications: "None", emergencyContactName: "Sam Lee", emergencyContactPhone: "(555) 123-4567" };
    expect((await call(app, other.patient, "PUT", "/api/intake", intake)).statusCode).toBe(200);
    const status = (await call(app, other.patient, "GET", "/api/intake")).json() as { consents: { kind: string; version: number }[] };
    const me = await app.clinic.db.selectFrom("users").select(["first_name", "last_name"]).where("id", "=", other.patient.id).executeTakeFirstOrThrow();
    for (const consent of status.consents) {
      const signed = await call(app, other.patient, "POST", `/api/consents/${consent.kind}/sign`, {
        version: consent.version,
        typedName: `${me.first_name} ${me.last_name}`,
      });
      expect(signed.statusCode, signed.body).toBe(200);
    }
    await sweepAt(app, new Date(Date.parse(other.appointment.startTime) - 30 * HOUR));
    expect(await noticesOf(app, other.patient.id, "forms_to_sign")).toHaveLength(0);
  });

  it("sends a doctor's digest of unsigned notes once a day, at the time they chose on their own clock", async () => {
    const { app } = testApp();
    const { doctor, appointment } = await pair(app);
    await app.clinic.db.updateTable("users").set({ time_zone: "Asia/Tokyo" }).where("id", "=", doctor.id).execute();
    expect((await call(app, doctor, "PATCH", "/api/account/notice-settings", { digestTime: "25:00" })).statusCode).toBe(400);
    expect((await call(app, doctor, "PATCH", "/api/account/notice-settings", { digestTime: "18:30" })).json().digestTime).toBe("18:30");
    // The day after the visit, 18:00 and 18:31 in Tokyo (09:00 and 09:31 UTC).
    const dayAfter = new Date(Date.parse(appointment.endTime) + 24 * HOUR).toISOString().slice(0, 10);
    await sweepAt(app, new Date(`${dayAfter}T09:00:00Z`));
    expect(await noticesOf(app, doctor.id, "note_digest")).toHaveLength(0);
    await sweepAt(app, new Date(`${dayAfter}T09:31:00Z`));
    await sweepAt(app, new Date(`${dayAfter}T12:00:00Z`));
    const digests = await noticesOf(app, doctor.id, "note_digest");
    expect(digests).toHaveLength(1);
    expect(digests[0]).toMatchObject({ subject: "Records waiting for your signature", params: { count: 1 } });
    expect(digests[0]!.dedupe_key).toBe(`note_digest:${doctor.id}:${dayAfter}:email`);
    // A patient has no digest to choose.
    const { patient } = await pair(app, 5);
    expect((await call(app, patient, "PATCH", "/api/account/notice-settings", { digestTime: "08:00" })).statusCode).toBe(400);
  });

  it("keeps essential notices on, audits each switch, and offers no texts without a provider", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const settings = (await call(app, patient, "GET", "/api/account/notice-settings")).json();
    expect(settings.switches.map((s: { topic: string }) => s.topic)).toEqual(["appointments", "reminders", "messages", "care_tasks", "payments", "security"]);
    expect(settings.switches.find((s: { topic: string }) => s.topic === "security")).toMatchObject({ essential: true, email: true });
    expect(settings.texts).toEqual({ offered: false, optedInAt: null, number: null, stopped: false });

    const refused = await call(app, patient, "PUT", "/api/account/notice-settings/switches", { topic: "security", email: false });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/always sent/);
    const off = await call(app, patient, "PUT", "/api/account/notice-settings/switches", { topic: "reminders", email: false });
    expect(
      off
        .json()
        .switches.filter((s: { email: boolean }) => !s.email)
        .map((s: { topic: string }) => s.topic),
    ).toEqual(["reminders"]);
    const audit = await app.clinic.db
      .selectFrom("audit_log")
      .select(["action", "details"])
      .where("actor_id", "=", patient.id)
      .where("action", "=", "notice.switch")
      .execute();
    expect(audit).toHaveLength(1);

    const texts = await call(app, patient, "PUT", "/api/account/notice-settings/texts", { enabled: true });
    expect(texts.statusCode).toBe(409);
    expect(texts.json().message).toBe("This clinic does not send text messages.");
    expect(
      (
        await app.inject({
          method: "POST",
          url: "/api/notices/sms/inbound",
          payload: "From=%2B15551230000&Body=STOP",
          headers: { "content-type": "application/x-www-form-urlencoded" },
        })
      ).statusCode,
    ).toBe(404);
  });

  it("unsubscribes one topic by the one-click link, again harmlessly, and refuses tampered or essential links", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const link = (subject: string) =>
      signLink(app.clinic.secrets, { purpose: "unsubscribe", userId: patient.id, subject, expiresAt: "2099-01-01T00:00:00.000Z", singleUse: false });
    const oneClick = (token: string) =>
      app.inject({
        method: "POST",
        url: `/api/notices/unsubscribe?token=${encodeURIComponent(token)}`,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
    const token = link("care_tasks");
    const described = await app.inject({ method: "GET", url: `/api/notices/unsubscribe/link?token=${encodeURIComponent(token)}` });
    expect(described.json()).toEqual({ topic: "care_tasks", label: "Forms to complete" });
    for (let time = 0; time < 2; time += 1) {
      const done = await oneClick(token);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json()).toEqual({ topic: "care_tasks", label: "Forms to complete" });
    }
    const switches = (await call(app, patient, "GET", "/api/account/notice-settings")).json().switches as { topic: string; email: boolean }[];
    expect(switches.filter((s) => !s.email).map((s) => s.topic)).toEqual(["care_tasks"]);

    const [payload, signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, "base64url").toString()), subject: "appointments" })).toString("base64url");
    expect((await oneClick(`${forged}.${signature}`)).statusCode).toBe(400);
    expect((await oneClick(link("security"))).statusCode).toBe(400);
    expect((await oneClick("")).statusCode).toBe(400);
    // The web app's button posts JSON to the procedure's own door.
    const viaPage = await app.inject({ method: "POST", url: "/api/notices/unsubscribe/link", payload: { token: link("messages") } });
    expect(viaPage.statusCode).toBe(200);
    // A mail client that opens the link lands on the web app's page.
    const opened = await app.inject({ method: "GET", url: `/api/notices/unsubscribe?token=${encodeURIComponent(token)}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/notices/unsubscribe?token=${encodeURIComponent(token)}`);
  });
});

describe("the care notices' words", () => {
  const CARE_KINDS = ["new_message", "form_due", "forms_to_sign", "safety_alert", "note_digest"] as const;
  const FORBIDDEN = /therap|counsel|psych|mental|session notes|phq|gad|questionnaire|depress|anxi|suicid|crisis/i;

  it("say nothing of health, in the member's own zone, whatever the example", () => {
    const to = { userId: 1, firstName: "Alex", timeZone: "Asia/Tokyo" };
    for (const kind of CARE_KINDS) {
      const spec = NOTICE_KINDS[kind] as NoticeKindSpec<unknown>;
      for (const example of spec.examples) {
        const words = JSON.stringify(composeNotice(spec, example, to, { clinicName: "Halcyon", nameClinician: false }));
        expect(words, kind).not.toMatch(FORBIDDEN);
        expect(words, kind).toContain("Alex");
      }
    }
    const due = composeNotice(NOTICE_KINDS.forms_to_sign, { before: "2026-12-03T15:00:00.000Z" }, to, { clinicName: "Halcyon", nameClinician: false });
    expect(due.paragraphs[0]).toContain("Friday, December 4, 2026 at 12:00 AM Japan Standard Time");
  });
});

const TWILIO_ENV = {
  TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
  TWILIO_AUTH_TOKEN: "a-test-auth-token-of-twilio",
  TWILIO_FROM: "+15550001111",
  PUBLIC_ORIGIN: "https://clinic.example.com",
};

describeApp(
  "texts with a provider",
  (testApp) => {
    const inbound = (app: FastifyInstance, params: Record<string, string>, signature?: string) =>
      app.inject({
        method: "POST",
        url: "/api/notices/sms/inbound",
        payload: new URLSearchParams(params).toString(),
        headers: { "content-type": "application/x-www-form-urlencoded", ...(signature === undefined ? {} : { "x-twilio-signature": signature }) },
      });
    const signed = (params: Record<string, string>, token = TWILIO_ENV.TWILIO_AUTH_TOKEN) =>
      twilio.getExpectedTwilioSignature(token, `${TWILIO_ENV.PUBLIC_ORIGIN}/api/notices/sms/inbound`, params);

    it("records the opt-in with its time and number, and turns texts off on a signed STOP and back on at START", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      await app.clinic.db.updateTable("users").set({ phone_number: "12" }).where("id", "=", patient.id).execute();
      const noNumber = await call(app, patient, "PUT", "/api/account/notice-settings/texts", { enabled: true });
      expect(noNumber.statusCode).toBe(400);
      expect(noNumber.json().message).toMatch(/country code/);
      await app.clinic.db.updateTable("users").set({ phone_number: "(555) 234-5678" }).where("id", "=", patient.id).execute();
      const optedIn = await call(app, patient, "PUT", "/api/account/notice-settings/texts", { enabled: true });
      expect(optedIn.statusCode, optedIn.body).toBe(200);
      expect(optedIn.json().texts).toMatchObject({ offered: true, number: "+15552345678", stopped: false, optedInAt: expect.any(String) });
      expect(await readTextNumbers(app.clinic.db, [patient.id])).toEqual(new Map([[patient.id, "+15552345678"]]));

      const stop = { From: "+15552345678", Body: "Stop", To: TWILIO_ENV.TWILIO_FROM, MessageSid: `SM${"2".repeat(32)}` };
      expect((await inbound(app, stop)).statusCode).toBe(403);
      expect((await inbound(app, stop, signed(stop, "another-token-entirely"))).statusCode).toBe(403);
      expect((await inbound(app, { ...stop, From: "+15550009999" }, signed(stop))).statusCode).toBe(403);
      expect(
        (await app.clinic.db.selectFrom("notice_settings").select("sms_stopped_at").where("user_id", "=", patient.id).executeTakeFirstOrThrow()).sms_stopped_at,
      ).toBeNull();

      const stopped = await inbound(app, stop, signed(stop));
      expect(stopped.statusCode, stopped.body).toBe(200);
      expect(stopped.body).toBe("<Response></Response>");
      expect((await call(app, patient, "GET", "/api/account/notice-settings")).json().texts.stopped).toBe(true);
      expect(await readTextNumbers(app.clinic.db, [patient.id])).toEqual(new Map());

      const start = { ...stop, Body: "START" };
      expect((await inbound(app, start, signed(start))).statusCode).toBe(200);
      expect(await readTextNumbers(app.clinic.db, [patient.id])).toEqual(new Map([[patient.id, "+15552345678"]]));

      expect((await call(app, patient, "PUT", "/api/account/notice-settings/texts", { enabled: false })).json().texts).toMatchObject({ optedInAt: null });
      expect(await readTextNumbers(app.clinic.db, [patient.id])).toEqual(new Map());
    });
  },
  TWILIO_ENV,
);
