// Issue 34, appointment notices: what booking, rescheduling and cancelling write to the outbox
// (to whom, what the subject says, and nothing it must not say), the reminder scheduler (due, not
// due, cancelled, quiet hours, a lengthened lead, booked inside a lead, rescheduled, run twice),
// the reminder's signed links (used twice, expired, tampered, someone else's), the settings, and
// the calendar feed's alarms. Until the outbox's worker merges, notices are read as rows.
import { NOTICE_KINDS, composeNotice, enqueueDueReminders, reminderDueAt, signLink, type NoticeKindSpec } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { describeApp, describeTwoInstances } from "./helper";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";

const HOUR = 3_600_000;
const MINUTE = 60_000;
const FORBIDDEN_WORDS = /therap|counsel|psych|mental|session notes|phq|gad-7|individual/i;

/** A member whose address is verified, so notices reach them (and a time zone of their own, if given). */
async function reachable(app: FastifyInstance, who: SignedIn, timeZone: string | null = null): Promise<void> {
  await app.clinic.db
    .updateTable("users")
    .set({ email: `member${who.id}@example.com`, email_verified_at: new Date().toISOString(), time_zone: timeZone })
    .where("id", "=", who.id)
    .execute();
}

async function noticesOf(app: FastifyInstance, userId: number, kind?: string) {
  let query = app.clinic.db
    .selectFrom("notices")
    .select(["id", "kind", "user_id", "to_address", "subject", "params", "dedupe_key", "status"])
    .where("user_id", "=", userId);
  if (kind) query = query.where("kind", "=", kind);
  return (await query.orderBy("id").execute()).map((row) => ({ ...row, params: JSON.parse(row.params) as Record<string, unknown> }));
}

/** A doctor and a patient who both get email, and a booked session `daysAhead` on. */
async function aBooking(app: FastifyInstance, { daysAhead = 8, patientZone = null as string | null } = {}) {
  const doctor = await aStaffMember(app, "doctor");
  const patient = await aPatient(app);
  await reachable(app, doctor);
  await reachable(app, patient, patientZone);
  const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(daysAhead));
  const booked = await book(app, patient, { doctorId: doctor.id, startTime: slot });
  expect(booked.statusCode).toBe(200);
  return { doctor, patient, appointment: booked.json() as { id: number; startTime: string; endTime: string } };
}

/** Every text a notice of `kind` with these params says, composed for a reader in `timeZone`. */
function composed(kind: string, params: unknown, timeZone = "America/New_York", nameClinician = false) {
  const spec = NOTICE_KINDS[kind as keyof typeof NOTICE_KINDS] as NoticeKindSpec<unknown>;
  return composeNotice(spec, params, { userId: 1, firstName: "Morgan", timeZone }, { clinicName: "Halcyon", nameClinician });
}

describeApp("appointment notices", (testApp) => {
  it("writes a booking's notices to the patient and the doctor, in the booking's transaction, discreetly", async () => {
    const { app } = testApp();
    const { doctor, patient, appointment } = await aBooking(app, { patientZone: "Europe/Paris" });
    const [toPatient] = await noticesOf(app, patient.id, "appointment_booked");
    const [toDoctor] = await noticesOf(app, doctor.id, "appointment_booked");
    expect(toPatient).toMatchObject({ to_address: `member${patient.id}@example.com` });
    expect(toPatient!.params).toMatchObject({ appointmentId: appointment.id, audience: "patient", sequence: 0 });
    expect(toDoctor!.params).toMatchObject({ appointmentId: appointment.id, audience: "doctor" });
    // In the patient's own zone, named.
    expect(toPatient!.subject).toMatch(/^Appointment booked: .* GMT\+1|CET/);
    const content = composed("appointment_booked", toPatient!.params, "Europe/Paris");
    expect(JSON.stringify(content)).toMatch(/Central European Standard Time/);
    expect(JSON.stringify(content)).not.toMatch(FORBIDDEN_WORDS);
    expect(JSON.stringify(content)).not.toContain("Staff");
    expect(content.calendar).toMatchObject({ uid: `appointment-${appointment.id}@halcyon`, status: "confirmed", sequence: 0 });
    // The clinic may choose to name the clinician.
    expect(JSON.stringify(composed("appointment_booked", toPatient!.params, "Europe/Paris", true))).toContain("Helena Staff");
    // A member without a verified address gets nothing.
    const unverified = await aPatient(app);
    const [slot] = await slotsOf(app, unverified, doctor.id, weekdayAhead(9));
    expect((await book(app, unverified, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    expect(await noticesOf(app, unverified.id, "appointment_booked")).toEqual([]);
  });

  it("tells both of a reschedule and a cancellation, with a rising SEQUENCE, saying who cancelled in neutral words", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, appointment } = await aBooking(app);
    const [later] = (await slotsOf(app, patient, doctor.id, weekdayAhead(10))).slice(-1);
    advance(5_000);
    expect((await patch(app, patient, appointment.id, { startTime: later })).statusCode).toBe(200);
    const [moved] = await noticesOf(app, doctor.id, "appointment_rescheduled");
    expect(moved!.params).toMatchObject({ previousStartTime: appointment.startTime, startTime: later });
    expect(moved!.params.sequence).toBeGreaterThan(0);
    expect(moved!.subject).toMatch(/^Appointment moved: /);
    advance(5_000);
    expect((await patch(app, doctor, appointment.id, { status: "cancelled" })).statusCode).toBe(200);
    const [cancelled] = await noticesOf(app, patient.id, "appointment_cancelled");
    expect(cancelled!.params).toMatchObject({ cancelledBy: "doctor", startTime: later });
    expect(cancelled!.params.sequence as number).toBeGreaterThan(moved!.params.sequence as number);
    const forPatient = composed("appointment_cancelled", cancelled!.params);
    expect(forPatient.paragraphs).toEqual(expect.arrayContaining([expect.stringContaining("Your clinician cancelled it.")]));
    expect(forPatient.calendar).toMatchObject({ status: "cancelled" });
    const [doctorCopy] = await noticesOf(app, doctor.id, "appointment_cancelled");
    expect(JSON.stringify(composed("appointment_cancelled", doctorCopy!.params))).toContain("You cancelled it.");
    // An edit of the title alone tells no one.
    const second = await aBooking(app, { daysAhead: 11 });
    expect((await patch(app, second.patient, second.appointment.id, { title: "Another title" })).statusCode).toBe(200);
    expect((await noticesOf(app, second.patient.id)).map((n) => n.kind).filter((kind) => kind.startsWith("appointment_"))).toEqual(["appointment_booked"]);
  });

  it("tells both when an admin's ending of care cancels their sessions", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const { doctor, patient, appointment } = await aBooking(app, { daysAhead: 12 });
    const ended = await app.inject({ method: "DELETE", url: `/api/admin/patients/${patient.id}/care/${doctor.id}`, headers: { cookie: admin.cookie } });
    expect(ended.statusCode, ended.body).toBe(200);
    for (const who of [patient, doctor]) {
      const [notice] = await noticesOf(app, who.id, "appointment_cancelled");
      expect(notice!.params).toMatchObject({ appointmentId: appointment.id, cancelledBy: "clinic" });
    }
    expect(composed("appointment_cancelled", (await noticesOf(app, patient.id, "appointment_cancelled"))[0]!.params).paragraphs).toEqual(
      expect.arrayContaining([expect.stringContaining("The clinic cancelled it.")]),
    );
  });

  it("composes every appointment kind without a forbidden word", () => {
    for (const kind of ["appointment_booked", "appointment_rescheduled", "appointment_cancelled", "appointment_reminder"] as const) {
      for (const example of NOTICE_KINDS[kind].examples) {
        const text = JSON.stringify(composed(kind, example));
        expect(text, kind).not.toMatch(FORBIDDEN_WORDS);
        expect(text, kind).not.toContain("Vance");
      }
    }
  });
});

describeApp("the reminder scheduler", (testApp) => {
  const at = (instant: string, deltaMs: number) => new Date(Date.parse(instant) + deltaMs);
  const reminders = (app: FastifyInstance, userId: number) => noticesOf(app, userId, "appointment_reminder");
  /** No quiet hours: the tests that are not about them see the leads alone. */
  const noQuiet = (app: FastifyInstance) =>
    (app.clinic.config.notices = { ...app.clinic.config.notices, reminderLeadHours: [48, 2], quietHours: { start: "00:00", end: "00:00" } });

  it("writes a reminder once it is due, not before, once however often it runs, and none to the doctor", async () => {
    const { app } = testApp();
    noQuiet(app);
    const { doctor, patient, appointment } = await aBooking(app, { daysAhead: 14 });
    await enqueueDueReminders(app.clinic, at(appointment.startTime, -48 * HOUR - MINUTE));
    expect(await reminders(app, patient.id)).toEqual([]);
    await enqueueDueReminders(app.clinic, at(appointment.startTime, -48 * HOUR + MINUTE));
    await enqueueDueReminders(app.clinic, at(appointment.startTime, -47 * HOUR));
    const written = await reminders(app, patient.id);
    expect(written).toHaveLength(1);
    expect(written[0]!.dedupe_key).toBe(`reminder:${appointment.id}:${appointment.startTime}:2880:${patient.id}:email`);
    expect(written[0]!.subject).toMatch(/^Reminder: appointment /);
    expect(await reminders(app, doctor.id)).toEqual([]);
    // The second lead, then nothing once the session has started.
    await enqueueDueReminders(app.clinic, at(appointment.startTime, -2 * HOUR + MINUTE));
    await enqueueDueReminders(app.clinic, at(appointment.startTime, MINUTE));
    expect((await reminders(app, patient.id)).map((r) => r.dedupe_key)).toEqual([
      `reminder:${appointment.id}:${appointment.startTime}:2880:${patient.id}:email`,
      `reminder:${appointment.id}:${appointment.startTime}:120:${patient.id}:email`,
    ]);
    const content = composed("appointment_reminder", written[0]!.params);
    expect(content.actions).toEqual([
      {
        label: "Confirm",
        link: {
          path: "/appointments/confirm",
          signed: { purpose: "confirm_appointment", targetId: appointment.id, expiresAt: appointment.startTime, singleUse: true },
        },
      },
      {
        label: "Cancel or reschedule",
        link: {
          path: "/appointments/manage",
          signed: { purpose: "manage_appointment", targetId: appointment.id, expiresAt: appointment.startTime, singleUse: true },
        },
      },
      { label: "Join the video visit", link: { path: `/appointments/${appointment.id}/visit` } },
    ]);
    expect(JSON.stringify(content)).not.toMatch(FORBIDDEN_WORDS);
  });

  it("writes every reminder of a window wider than the scheduler reads at once, each once, sessions at one start across a page's edge included", async () => {
    const { app } = testApp();
    noQuiet(app);
    const db = app.clinic.db;
    const { doctor, patient, appointment } = await aBooking(app, { daysAhead: 20 });
    // 520 more sessions (the scheduler reads 500 at a time): copies of the booking's two members,
    // 260 doctors each with two patients, at the booking's start and an hour later.
    const memberRow = (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
    const [doctorRow, patientRow] = [await memberRow(doctor.id), await memberRow(patient.id)];
    const copies = async (row: typeof doctorRow, count: number, label: string) => {
      const ids: number[] = [];
      for (let k = 0; k < count; k += 1) {
        const { id: _id, ...rest } = row;
        const username = `${label}${row.id}x${k}`;
        ids.push(
          (
            await db
              .insertInto("users")
              .values({ ...rest, username, username_key: username })
              .returning("id")
              .executeTakeFirstOrThrow()
          ).id,
        );
      }
      return ids;
    };
    const doctors = await copies(doctorRow, 260, "d");
    const patients = await copies(patientRow, 520, "p");
    const { id: _id, ...session } = await db.selectFrom("appointments").selectAll().where("id", "=", appointment.id).executeTakeFirstOrThrow();
    const later = (instant: string) => new Date(Date.parse(instant) + HOUR).toISOString();
    await db
      .insertInto("appointments")
      .values(
        patients.map((patientId, k) => ({
          ...session,
          patient_id: patientId,
          doctor_id: doctors[k % 260]!,
          start_time: k < 260 ? session.start_time : later(session.start_time),
          end_time: k < 260 ? session.end_time : later(session.end_time),
        })),
      )
      .execute();

    const due = at(appointment.startTime, -47 * HOUR);
    expect(await enqueueDueReminders(app.clinic, due)).toBe(521);
    expect(await enqueueDueReminders(app.clinic, due)).toBe(0);
    const written = await db
      .selectFrom("notices")
      .select(["user_id"])
      .where("kind", "=", "appointment_reminder")
      .where("user_id", "in", [patient.id, ...patients])
      .execute();
    expect(new Set(written.map((row) => row.user_id)).size).toBe(521);
    expect(written).toHaveLength(521);
  });

  it("writes none for a cancelled session, one for a session booked inside both leads, and new ones for a rescheduled session", async () => {
    const { app } = testApp();
    noQuiet(app);
    const { patient, appointment } = await aBooking(app, { daysAhead: 15 });
    expect((await patch(app, patient, appointment.id, { status: "cancelled" })).statusCode).toBe(200);
    await enqueueDueReminders(app.clinic, at(appointment.startTime, -HOUR));
    expect(await reminders(app, patient.id)).toEqual([]);

    // Booked an hour before it starts (as the scheduler sees it): one reminder, the nearest lead's.
    const inside = await aBooking(app, { daysAhead: 16 });
    await enqueueDueReminders(app.clinic, at(inside.appointment.startTime, -HOUR));
    expect((await reminders(app, inside.patient.id)).map((r) => r.dedupe_key)).toEqual([
      `reminder:${inside.appointment.id}:${inside.appointment.startTime}:120:${inside.patient.id}:email`,
    ]);

    // Rescheduled after its first reminder: the new time gets its own.
    const moving = await aBooking(app, { daysAhead: 17 });
    await enqueueDueReminders(app.clinic, at(moving.appointment.startTime, -47 * HOUR));
    const [later] = (await slotsOf(app, moving.patient, moving.doctor.id, weekdayAhead(18))).slice(-1);
    expect((await patch(app, moving.doctor, moving.appointment.id, { startTime: later })).statusCode).toBe(200);
    await enqueueDueReminders(app.clinic, at(later!, -47 * HOUR));
    expect((await reminders(app, moving.patient.id)).map((r) => r.params.startTime)).toEqual([moving.appointment.startTime, later]);
  });

  it("writes a reminder within a run of a lead an admin lengthened", async () => {
    const { app } = testApp();
    noQuiet(app);
    const { patient, appointment } = await aBooking(app, { daysAhead: 19 });
    const now = at(appointment.startTime, -60 * HOUR);
    await enqueueDueReminders(app.clinic, now);
    expect(await reminders(app, patient.id)).toEqual([]);
    app.clinic.config.notices = { ...app.clinic.config.notices, reminderLeadHours: [72, 2] };
    await enqueueDueReminders(app.clinic, now);
    expect((await reminders(app, patient.id)).map((r) => r.dedupe_key)).toEqual([
      `reminder:${appointment.id}:${appointment.startTime}:4320:${patient.id}:email`,
    ]);
    noQuiet(app);
  });

  it("moves a reminder due in the member's quiet hours to their beginning, on the member's own clock", async () => {
    const { app } = testApp();
    app.clinic.config.notices = { ...app.clinic.config.notices, reminderLeadHours: [12], quietHours: { start: "21:00", end: "08:00" } };
    // A weekday morning in New York is the afternoon in Paris: 12 hours before is the small hours there.
    const { patient, appointment } = await aBooking(app, { daysAhead: 21, patientZone: "Europe/Paris" });
    const start = new Date(appointment.startTime);
    const due = reminderDueAt(start, 12, "Europe/Paris", { start: "21:00", end: "08:00" });
    const parisClock = new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/Paris", hour: "2-digit", minute: "2-digit" });
    expect(parisClock.format(due)).toBe("21:00");
    expect(start.getTime() - due.getTime()).toBeGreaterThan(12 * HOUR);
    expect(start.getTime() - due.getTime()).toBeLessThan(36 * HOUR);
    await enqueueDueReminders(app.clinic, new Date(due.getTime() - MINUTE));
    expect(await reminders(app, patient.id)).toEqual([]);
    await enqueueDueReminders(app.clinic, due);
    expect(await reminders(app, patient.id)).toHaveLength(1);
    // Outside quiet hours nothing moves; across midnight, a moment after it belongs to the evening before.
    expect(reminderDueAt(new Date("2026-12-08T20:00:00.000Z"), 2, "UTC", { start: "21:00", end: "08:00" }).toISOString()).toBe("2026-12-08T18:00:00.000Z");
    expect(reminderDueAt(new Date("2026-12-08T05:00:00.000Z"), 2, "UTC", { start: "21:00", end: "08:00" }).toISOString()).toBe("2026-12-07T21:00:00.000Z");
    expect(reminderDueAt(new Date("2026-12-08T23:30:00.000Z"), 2, "UTC", { start: "21:00", end: "08:00" }).toISOString()).toBe("2026-12-08T21:00:00.000Z");
    noQuiet(app);
  });
});

describeApp("a reminder's links", (testApp) => {
  const signed = (
    app: FastifyInstance,
    purpose: "confirm_appointment" | "manage_appointment",
    userId: number,
    appointment: { id: number; startTime: string },
  ) => signLink(app.clinic.secrets, { purpose, userId, targetId: appointment.id, expiresAt: appointment.startTime, singleUse: true });
  const confirm = (app: FastifyInstance, token: string) => app.inject({ method: "POST", url: "/api/appointments/confirm", payload: { token } });
  const manage = (app: FastifyInstance, who: SignedIn, token: string) =>
    app.inject({ method: "POST", url: "/api/appointments/manage-link", payload: { token }, headers: { cookie: who.cookie } });

  it("confirms without signing in, once, audited, and the doctor sees it", async () => {
    const { app } = testApp();
    const { doctor, patient, appointment } = await aBooking(app, { daysAhead: 8 });
    const token = signed(app, "confirm_appointment", patient.id, appointment);
    const first = await confirm(app, token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ startTime: appointment.startTime });
    const again = await confirm(app, token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/used already/);
    const list = await app.inject({ method: "GET", url: "/api/appointments", headers: { cookie: doctor.cookie } });
    expect(list.json().find((a: { id: number }) => a.id === appointment.id).confirmedAt).toBe(first.json().confirmedAt);
    const audit = await app.clinic.db.selectFrom("audit_log").select(["actor_id", "target_id"]).where("action", "=", "appointment.confirm").execute();
    expect(audit).toEqual([{ actor_id: patient.id, target_id: String(appointment.id) }]);
  });

  it("refuses a tampered, expired, moved or someone else's link", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, appointment } = await aBooking(app, { daysAhead: 9 });
    const token = signed(app, "confirm_appointment", patient.id, appointment);
    const [payload, mac] = token.split(".");
    const claims = JSON.parse(Buffer.from(payload!, "base64url").toString());
    const forged = `${Buffer.from(JSON.stringify({ ...claims, targetId: appointment.id + 1 })).toString("base64url")}.${mac}`;
    expect((await confirm(app, forged)).json().message).toMatch(/not valid/);
    // Someone else's confirm link for this appointment: not its patient's.
    expect((await confirm(app, signed(app, "confirm_appointment", doctor.id, appointment))).statusCode).toBe(400);
    // A manage link used as a confirm link.
    expect((await confirm(app, signed(app, "manage_appointment", patient.id, appointment))).statusCode).toBe(400);

    // Someone else's manage link opens nothing, and stays unspent for its owner.
    const other = await aPatient(app);
    const manageToken = signed(app, "manage_appointment", patient.id, appointment);
    const refused = await manage(app, other, manageToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/sent to someone else/);
    const opened = await manage(app, patient, manageToken);
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({ id: appointment.id, status: "scheduled" });
    expect((await manage(app, patient, manageToken)).statusCode).toBe(409);

    // Moved since: the old time's link confirms nothing.
    const stale = signed(app, "confirm_appointment", patient.id, appointment);
    const [later] = (await slotsOf(app, patient, doctor.id, weekdayAhead(10))).slice(-1);
    expect((await patch(app, patient, appointment.id, { startTime: later })).statusCode).toBe(200);
    const moved = await confirm(app, stale);
    expect(moved.statusCode).toBe(409);
    expect(moved.json().message).toMatch(/has moved/);

    // Expired at the session's start.
    const fresh = signed(app, "confirm_appointment", patient.id, { id: appointment.id, startTime: later! });
    advance(Date.parse(later!) - Date.now() + MINUTE);
    const expired = await confirm(app, fresh);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toMatch(/expired/);
  });
});

describeApp("reminder settings", (testApp) => {
  it("saves lead times, quiet hours and naming the clinician, refuses bad ones with a sentence, and the feed gains alarms", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const put = (body: Record<string, unknown>) => app.inject({ method: "PUT", url: "/api/admin/settings", payload: body, headers: { cookie: admin.cookie } });
    const settings = (await app.inject({ method: "GET", url: "/api/admin/settings", headers: { cookie: admin.cookie } })).json();
    expect(settings).toMatchObject({ reminderLeadHours: [48, 2], quietHours: { start: "21:00", end: "08:00" }, nameClinicianInNotices: false });
    for (const [change, message] of [
      [{ reminderLeadHours: [48, 24, 2, 1] }, /At most three reminders/],
      [{ reminderLeadHours: [0] }, /at least 1 hour/],
      [{ reminderLeadHours: [2, 2] }, /different lead time/],
      [{ reminderLeadHours: [1.5] }, /whole hours/],
      [{ quietHours: { start: "25:00", end: "08:00" } }, /Quiet hours start at a time like 21:00/],
    ] as const) {
      const refused = await put({ ...settings, ...change });
      expect(refused.statusCode, JSON.stringify(change)).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const saved = await put({ ...settings, reminderLeadHours: [2, 24], quietHours: { start: "22:00", end: "07:30" }, nameClinicianInNotices: true });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ reminderLeadHours: [24, 2], quietHours: { start: "22:00", end: "07:30" }, nameClinicianInNotices: true });
    expect(app.clinic.config.notices).toMatchObject({ reminderLeadHours: [24, 2], nameClinician: true });
    const stored = await app.clinic.db.selectFrom("clinic_settings").selectAll().execute();
    expect(JSON.stringify(stored)).toContain("reminderLeadHours");

    const { patient } = await aBooking(app, { daysAhead: 8 });
    const feed = await app.inject({ method: "POST", url: "/api/calendar-feed", headers: { cookie: patient.cookie } });
    const ics = (await app.inject({ method: "GET", url: feed.json().path })).body;
    expect(ics).toContain("TRIGGER:-PT24H");
    expect(ics).toContain("TRIGGER:-PT2H");
    expect(ics).toMatch(/SEQUENCE:\d+/);
    // Back as it was, for the tests that follow on this database.
    expect((await put(settings)).statusCode).toBe(200);
  });
});

describeTwoInstances("the reminder scheduler on two instances", (instances) => {
  it("writes a reminder once when both instances find it due at the same moment", async () => {
    const [first, second] = instances();
    const { patient, appointment } = await aBooking(first, { daysAhead: 13 });
    const due = new Date(Date.parse(appointment.startTime) - 47 * HOUR);
    await Promise.all([enqueueDueReminders(first.clinic, due), enqueueDueReminders(second.clinic, due), enqueueDueReminders(first.clinic, due)]);
    expect(await noticesOf(second, patient.id, "appointment_reminder")).toHaveLength(1);
  });
});
