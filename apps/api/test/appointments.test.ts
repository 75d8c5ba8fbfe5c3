import { expect, it } from "vitest";
import { APPOINTMENT_LIST_DEFAULT } from "@halcyon/domain";
import { describeApp } from "./helper";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";

const HOUR = 3_600_000;
/** What an appointment shows its reader: never who cancelled it, nor when it last changed. */
const APPOINTMENT_FIELDS = [
  "cancelledAt",
  "confirmedAt",
  "createdAt",
  "description",
  "doctorId",
  "doctorName",
  "endTime",
  "feeMinor",
  "id",
  "lateCancellation",
  "notes",
  "paperworkDue",
  "patientId",
  "patientName",
  "progressRating",
  "serviceId",
  "serviceName",
  "startTime",
  "status",
  "title",
];
/** Tests that move the clock by days keep their sessions alive across the jump. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

describeApp("booking against real availability", (testApp) => {
  it("offers a doctor's free hour-long slots in the clinic's hours and books one", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const date = weekdayAhead(7);
    const slots = await slotsOf(app, patient, doctor.id, date);
    // Monday–Friday 09:00–17:00 in America/New_York: eight sessions.
    expect(slots).toHaveLength(8);
    const booked = await book(app, patient, { doctorId: doctor.id, startTime: slots[2], description: "Talk about sleep" });
    expect(booked.statusCode).toBe(200);
    expect(booked.json()).toMatchObject({ patientId: patient.id, doctorId: doctor.id, status: "scheduled", startTime: slots[2] });
    expect(Date.parse(booked.json().endTime) - Date.parse(booked.json().startTime)).toBe(HOUR);
    expect(await slotsOf(app, patient, doctor.id, date)).not.toContain(slots[2]);
    const list = await app.inject({ method: "GET", url: "/api/appointments", headers: { cookie: patient.cookie } });
    // The booking answers the appointment exactly as it reads back.
    expect(list.json().find((a: { id: number }) => a.id === booked.json().id)).toEqual(booked.json());
    expect(Object.keys(booked.json()).sort()).toEqual(APPOINTMENT_FIELDS);
    expect(Object.keys(list.json()[0]).sort()).toEqual(APPOINTMENT_FIELDS);
  });

  it("writes a booking whole: the care relationship, the appointment and the audit row naming it, or nothing", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const [first, second] = [await aPatient(app), await aPatient(app)];
    const [slot] = await slotsOf(app, first, doctor.id, weekdayAhead(9));
    const db = app.clinic.db;
    const careOf = (patientId: number) => db.selectFrom("care_relationships").select("doctor_id").where("patient_id", "=", patientId).execute();
    const bookedBy = async (actorId: number) =>
      (await db.selectFrom("audit_log").select("target_id").where("action", "=", "appointment.book").where("actor_id", "=", actorId).execute()).map(
        (row) => row.target_id,
      );

    const booked = await book(app, first, { doctorId: doctor.id, startTime: slot });
    expect(booked.statusCode).toBe(200);
    expect(await careOf(first.id)).toEqual([{ doctor_id: doctor.id }]);
    expect(await bookedBy(first.id)).toEqual([String(booked.json().id)]);

    // The doctor's hour is taken: the second booking leaves no trace, and says why.
    const refused = await book(app, second, { doctorId: doctor.id, startTime: slot });
    expect(refused.statusCode).toBe(409);
    expect(await careOf(second.id)).toEqual([]);
    expect(await bookedBy(second.id)).toEqual([]);
    expect(await db.selectFrom("appointments").select("id").where("patient_id", "=", second.id).execute()).toEqual([]);
  });

  it("accepts the specification's body (patientId, endTime, status) and computes the end itself", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(8));
    const response = await book(app, patient, {
      patientId: patient.id,
      doctorId: doctor.id,
      startTime: slot,
      endTime: "2000-01-01T00:00:00Z",
      status: "scheduled",
      description: "",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().endTime).toBe(new Date(Date.parse(slot!) + HOUR).toISOString());
  });

  it("refuses past times, times outside working hours and times off the hour, saying why", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const past = await book(app, patient, { doctorId: doctor.id, startTime: "2020-01-06T15:00:00Z" });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toMatch(/already passed/);
    const saturday = new Date(`${weekdayAhead(7)}T15:00:00Z`);
    while (saturday.getUTCDay() !== 6) saturday.setUTCDate(saturday.getUTCDate() + 1);
    const weekend = await book(app, patient, { doctorId: doctor.id, startTime: saturday.toISOString() });
    expect(weekend.statusCode).toBe(400);
    expect(weekend.json().message).toMatch(/does not hold sessions then/);
    const evening = await book(app, patient, { doctorId: doctor.id, startTime: `${weekdayAhead(7)}T23:00:00Z` });
    expect(evening.statusCode).toBe(400);
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(7));
    const offHour = await book(app, patient, { doctorId: doctor.id, startTime: new Date(Date.parse(slot!) + 30 * 60_000).toISOString() });
    expect(offHour.statusCode).toBe(400);
    const missing = await book(app, patient, { doctorId: doctor.id, title: "", startTime: slot });
    expect(missing.json().message).toBe("Doctor, title and date/time are required");
  });

  it("refuses an overlap with the doctor's or the patient's own sessions (409)", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const otherDoctor = await aStaffMember(app, "doctor");
    const [first, second] = [await aPatient(app), await aPatient(app)];
    const [slot] = await slotsOf(app, first, doctor.id, weekdayAhead(9));
    expect((await book(app, first, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    const sameDoctor = await book(app, second, { doctorId: doctor.id, startTime: slot });
    expect(sameDoctor.statusCode).toBe(409);
    expect(sameDoctor.json().message).toMatch(/just been taken/);
    const samePatient = await book(app, first, { doctorId: otherDoctor.id, startTime: slot });
    expect(samePatient.statusCode).toBe(409);
    expect(samePatient.json().message).toMatch(/already has a session/);
    // The patient's own busy hours are not offered to them with another doctor either.
    expect(await slotsOf(app, first, otherDoctor.id, weekdayAhead(9))).not.toContain(slot);
  });

  it("books exactly one of many simultaneous requests for one slot", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patients = await Promise.all(Array.from({ length: 12 }, () => aPatient(app)));
    const [slot] = await slotsOf(app, patients[0]!, doctor.id, weekdayAhead(10));
    const results = await Promise.all(patients.map((patient) => book(app, patient, { doctorId: doctor.id, startTime: slot })));
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(11);
    const stored = await app.clinic.db.selectFrom("appointments").select("id").where("doctor_id", "=", doctor.id).where("start_time", "=", slot!).execute();
    expect(stored).toHaveLength(1);
  });

  it("lets patients book for themselves only, doctors with themselves only, admins for anyone", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const otherDoctor = await aStaffMember(app, "doctor");
    const admin = await aStaffMember(app, "admin");
    const [patient, someoneElse] = [await aPatient(app), await aPatient(app)];
    const slots = await slotsOf(app, doctor, doctor.id, weekdayAhead(11));
    expect((await book(app, patient, { doctorId: doctor.id, patientId: someoneElse.id, startTime: slots[0] })).statusCode).toBe(403);
    expect((await book(app, doctor, { doctorId: otherDoctor.id, patientId: patient.id, startTime: slots[0] })).statusCode).toBe(403);
    expect((await book(app, doctor, { doctorId: doctor.id, startTime: slots[0] })).json().message).toMatch(/patientId/);
    expect((await book(app, patient, { doctorId: doctor.id, startTime: slots[0] })).statusCode).toBe(200);
    expect((await book(app, doctor, { doctorId: doctor.id, patientId: patient.id, startTime: slots[1] })).statusCode).toBe(200);
    expect((await book(app, admin, { doctorId: doctor.id, patientId: someoneElse.id, startTime: slots[2] })).statusCode).toBe(200);
    expect((await book(app, admin, { doctorId: doctor.id, patientId: doctor.id, startTime: slots[3] })).statusCode).toBe(404);
  });

  it("shows each person their own appointments, and answers 404 for anyone else's", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const admin = await aStaffMember(app, "admin");
    const [owner, stranger] = [await aPatient(app), await aPatient(app)];
    const [slot] = await slotsOf(app, owner, doctor.id, weekdayAhead(12));
    const { id } = (await book(app, owner, { doctorId: doctor.id, startTime: slot })).json();
    const listed = async (who: typeof owner) =>
      (await app.inject({ method: "GET", url: "/api/appointments?limit=500", headers: { cookie: who.cookie } })).json().map((a: { id: number }) => a.id);
    expect(await listed(owner)).toContain(id);
    expect(await listed(doctor)).toContain(id);
    expect(await listed(admin)).toContain(id);
    expect(await listed(stranger)).not.toContain(id);
    const probe = await patch(app, stranger, id, { status: "cancelled" });
    expect(probe.statusCode).toBe(404);
    expect((await patch(app, stranger, 999_999, { status: "cancelled" })).statusCode).toBe(404);
  });
});

describeApp(
  "the life of a session",
  (testApp) => {
    it("reschedules into a free slot, releasing the old one at the same moment", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const date = weekdayAhead(14);
      const [first, second] = await slotsOf(app, patient, doctor.id, date);
      const { id } = (await book(app, patient, { doctorId: doctor.id, startTime: first })).json();
      const moved = await patch(app, patient, id, { startTime: second });
      expect(moved.statusCode).toBe(200);
      expect(moved.json().startTime).toBe(second);
      const free = await slotsOf(app, patient, doctor.id, date);
      expect(free).toContain(first);
      expect(free).not.toContain(second);
      const other = await aPatient(app);
      const { id: otherId } = (await book(app, other, { doctorId: doctor.id, startTime: first })).json();
      expect((await patch(app, other, otherId, { startTime: second })).statusCode).toBe(409);
    });

    it("records a patient's cancellation inside the window as late, and the doctor sees it", async () => {
      const { app, advance } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const [early, late] = await slotsOf(app, patient, doctor.id, weekdayAhead(20));
      const a = (await book(app, patient, { doctorId: doctor.id, startTime: early })).json();
      const b = (await book(app, patient, { doctorId: doctor.id, startTime: late })).json();
      const onTime = await patch(app, patient, a.id, { status: "cancelled" });
      expect(onTime.json()).toMatchObject({ status: "cancelled", lateCancellation: false });
      expect(Object.keys(onTime.json()).sort()).toEqual(APPOINTMENT_FIELDS);
      // Move the clock to 3 hours before the second session.
      advance(Date.parse(b.startTime) - Date.now() - 3 * HOUR);
      const tooLateToMove = await patch(app, patient, b.id, { startTime: early });
      expect(tooLateToMove.statusCode).toBe(403);
      expect(tooLateToMove.json().message).toMatch(/can't be moved online/);
      expect((await patch(app, patient, b.id, { status: "cancelled" })).json().lateCancellation).toBe(true);
      const doctorsView = (
        await app.inject({
          method: "GET",
          url: `/api/appointments?from=${encodeURIComponent(new Date(Date.parse(b.startTime) - HOUR).toISOString())}`,
          headers: { cookie: doctor.cookie },
        })
      ).json();
      expect(doctorsView.find((x: { id: number }) => x.id === b.id)).toMatchObject({ status: "cancelled", lateCancellation: true });
      const activity = (await app.inject({ method: "GET", url: "/api/activity", headers: { cookie: doctor.cookie } })).json();
      expect(activity[0]).toMatchObject({ kind: "session_cancelled", lateCancellation: true, patientId: patient.id });
      advance(-(Date.parse(b.startTime) - Date.now() - 3 * HOUR));
    });

    it("filters a list by status, by range and by order, each combination answering for itself", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const [first, second, third] = await slotsOf(app, patient, doctor.id, weekdayAhead(22));
      const booked = [];
      for (const startTime of [first, second, third]) booked.push((await book(app, patient, { doctorId: doctor.id, startTime })).json());
      await patch(app, patient, booked[1].id, { status: "cancelled" });
      const ids = async (query: string) =>
        (await app.inject({ method: "GET", url: `/api/appointments?${query}`, headers: { cookie: patient.cookie } })).json().map((a: { id: number }) => a.id);
      const [a, b, c] = booked.map((appointment: { id: number }) => appointment.id);
      expect(await ids("status=cancelled")).toEqual([b]);
      expect(await ids("status=scheduled")).toEqual([a, c]);
      expect(await ids("status=scheduled&status=cancelled&status=scheduled&order=desc")).toEqual([c, b, a]);
      expect(await ids(`status=scheduled&from=${encodeURIComponent(second!)}`)).toEqual([c]);
      expect(await ids(`to=${encodeURIComponent(third!)}&from=${encodeURIComponent(first!)}`)).toEqual([a, b]);
    });

    it("answers a plain list one page at a time: the first 50, more on asking, never over 500", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const dates = new Set<string>();
      for (let days = 30; dates.size < 7; days += 1) dates.add(weekdayAhead(days));
      const starts: string[] = [];
      for (const date of dates) starts.push(...(await slotsOf(app, patient, doctor.id, date)));
      for (const startTime of starts.slice(0, APPOINTMENT_LIST_DEFAULT + 2))
        expect((await book(app, patient, { doctorId: doctor.id, startTime })).statusCode).toBe(200);
      const list = (query: string) => app.inject({ method: "GET", url: `/api/appointments${query}`, headers: { cookie: doctor.cookie } });
      const page = (await list("")).json() as { startTime: string }[];
      expect(page).toHaveLength(APPOINTMENT_LIST_DEFAULT);
      expect(page.map((a) => a.startTime)).toEqual(starts.slice(0, APPOINTMENT_LIST_DEFAULT));
      const next = (await list(`?from=${encodeURIComponent(new Date(Date.parse(page.at(-1)!.startTime) + 1).toISOString())}`)).json();
      expect(next.map((a: { startTime: string }) => a.startTime)).toEqual(starts.slice(APPOINTMENT_LIST_DEFAULT, APPOINTMENT_LIST_DEFAULT + 2));
      expect((await list(`?limit=${APPOINTMENT_LIST_DEFAULT + 2}`)).json()).toHaveLength(APPOINTMENT_LIST_DEFAULT + 2);
      const tooMany = await list("?limit=501");
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/At most 500 appointments/);
    });

    it("lets only the session's doctor complete it or mark a no-show, once it has started; then it is final", async () => {
      const { app, advance } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const admin = await aStaffMember(app, "admin");
      const patient = await aPatient(app);
      const [slot, next] = await slotsOf(app, patient, doctor.id, weekdayAhead(21));
      const { id } = (await book(app, patient, { doctorId: doctor.id, startTime: slot })).json();
      const { id: secondId } = (await book(app, patient, { doctorId: doctor.id, startTime: next })).json();
      expect((await patch(app, patient, id, { status: "completed" })).statusCode).toBe(403);
      expect((await patch(app, admin, id, { status: "no_show" })).statusCode).toBe(403);
      expect((await patch(app, doctor, id, { status: "completed" })).json().message).toMatch(/only once it has started/);
      const shift = Date.parse(next!) - Date.now() + 5 * 60_000;
      advance(shift);
      expect((await patch(app, doctor, id, { status: "completed" })).json().status).toBe("completed");
      expect((await patch(app, doctor, secondId, { status: "no_show" })).json().status).toBe("no_show");
      const again = await patch(app, doctor, id, { status: "cancelled" });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toMatch(/already completed/);
      advance(-shift);
    });

    it("lets the doctor write notes and a rating, which completes the session and shows to the patient", async () => {
      const { app, advance } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const otherDoctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const stranger = await aPatient(app);
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(22));
      const { id } = (await book(app, patient, { doctorId: doctor.id, startTime: slot })).json();
      const write = (who: SignedIn, body: Record<string, unknown>) =>
        app.inject({ method: "POST", url: "/api/treatment-sessions", payload: { appointmentId: id, ...body }, headers: { cookie: who.cookie } });
      expect((await write(doctor, { progressRating: 7, sessionNotes: "Too early" })).json().message).toMatch(/half an hour before/);
      const shift = Date.parse(slot!) - Date.now();
      advance(shift);
      expect((await write(doctor, { progressRating: 11, sessionNotes: "x" })).json().message).toBe("Give a progress rating from 1 to 10");
      expect((await write(otherDoctor, { progressRating: 7, sessionNotes: "Not mine" })).statusCode).toBe(404);
      expect((await write(patient, { progressRating: 7, sessionNotes: "Not a doctor" })).statusCode).toBe(403);
      const written = await write(doctor, { progressRating: 7, sessionNotes: "Explored sleep hygiene; agreed on a wind-down routine." });
      expect(written.statusCode).toBe(200);
      expect(written.json()).toMatchObject({ progressRating: 7, patientId: patient.id, appointmentId: id });
      expect((await write(doctor, { progressRating: 8, sessionNotes: "Twice" })).statusCode).toBe(409);
      const sessions = await app.inject({ method: "GET", url: `/api/treatment-sessions/${patient.id}`, headers: { cookie: patient.cookie } });
      expect(sessions.json()[0]).toMatchObject({ progressRating: 7, sessionNotes: expect.stringMatching(/sleep hygiene/) });
      const appointments = (
        await app.inject({ method: "GET", url: `/api/appointments?from=${encodeURIComponent(slot!)}`, headers: { cookie: patient.cookie } })
      ).json();
      expect(appointments.find((a: { id: number }) => a.id === id)).toMatchObject({ status: "completed", progressRating: 7 });
      // Health records are visible to the patient, their doctors and admins only.
      expect((await app.inject({ method: "GET", url: `/api/treatment-sessions/${patient.id}`, headers: { cookie: stranger.cookie } })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: `/api/treatment-sessions/${patient.id}`, headers: { cookie: otherDoctor.cookie } })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: `/api/treatment-sessions/${patient.id}`, headers: { cookie: doctor.cookie } })).statusCode).toBe(200);
      advance(-shift);
    });
  },
  LONG_SESSIONS,
);

describeApp("patients, dashboards and calendar feeds", (testApp) => {
  it("lists a doctor's own patients with their latest rating, all patients for admins, nobody for patients", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const admin = await aStaffMember(app, "admin");
    const [mine, notMine] = [await aPatient(app), await aPatient(app)];
    const [slot] = await slotsOf(app, mine, doctor.id, weekdayAhead(15));
    await book(app, mine, { doctorId: doctor.id, startTime: slot });
    const ids = async (who: typeof doctor) =>
      (await app.inject({ method: "GET", url: "/api/patients?limit=200", headers: { cookie: who.cookie } })).json().map((p: { id: number }) => p.id);
    expect(await ids(doctor)).toEqual([mine.id]);
    expect(await ids(admin)).toEqual(expect.arrayContaining([mine.id, notMine.id]));
    expect((await app.inject({ method: "GET", url: "/api/patients", headers: { cookie: mine.cookie } })).statusCode).toBe(403);
    const [row] = (await app.inject({ method: "GET", url: "/api/patients", headers: { cookie: doctor.cookie } })).json();
    expect(row.nextAppointmentAt).toBe(slot);
  });

  it("lets a doctor add a patient with a one-time password that must be replaced", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const added = await app.inject({
      method: "POST",
      url: "/api/patients",
      payload: { firstName: "Quinn", lastName: "Avery", phoneNumber: "(555) 333-4444", dateOfBirth: "1992-02-02" },
      headers: { cookie: doctor.cookie },
    });
    expect(added.statusCode).toBe(200);
    const { patient, oneTimePassword } = added.json();
    expect(patient).toMatchObject({ username: "quinn.avery", role: "patient", mustChangePassword: true });
    expect(oneTimePassword).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const ids = (await app.inject({ method: "GET", url: "/api/patients", headers: { cookie: doctor.cookie } })).json().map((p: { id: number }) => p.id);
    expect(ids).toContain(patient.id);
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: "quinn.avery", password: oneTimePassword } });
    expect(login.json().mustChangePassword).toBe(true);
    const cookie = login.cookies.find((c) => c.name === "halcyon_session")!;
    const changed = await app.inject({
      method: "POST",
      url: "/api/user/password",
      payload: { currentPassword: oneTimePassword, newPassword: "my-own-quiet-place-9" },
      headers: { cookie: `halcyon_session=${cookie.value}` },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().mustChangePassword).toBe(false);
    // The session that changed the password continues on a fresh token; the old one is over.
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: `halcyon_session=${cookie.value}` } })).statusCode).toBe(401);
    const again = await app.inject({
      method: "POST",
      url: "/api/patients",
      payload: { firstName: "Quinn", lastName: "Avery", phoneNumber: "(555) 333-4444", dateOfBirth: "1992-02-02" },
      headers: { cookie: doctor.cookie },
    });
    expect(again.json().patient.username).toBe("quinn.avery2");
    for (const [field, value] of [
      ["dateOfBirth", "2099-01-01"],
      ["phoneNumber", "555"],
    ] as const) {
      const refused = await app.inject({
        method: "POST",
        url: "/api/patients",
        payload: { firstName: "Quinn", lastName: "Avery", phoneNumber: "(555) 333-4444", dateOfBirth: "1992-02-02", [field]: value },
        headers: { cookie: doctor.cookie },
      });
      expect(refused.statusCode, `${field} ${value}`).toBe(400);
    }
  });

  it("counts this week's, today's and completed sessions for the dashboard", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const slots = await slotsOf(app, patient, doctor.id, weekdayAhead(30));
    await book(app, patient, { doctorId: doctor.id, startTime: slots[0] });
    await book(app, patient, { doctorId: doctor.id, startTime: slots[1] });
    const summary = (await app.inject({ method: "GET", url: "/api/appointments/summary", headers: { cookie: doctor.cookie } })).json();
    expect(summary).toMatchObject({ upcoming: 2, completed: 0, activePatients: 1, thisWeek: 0, timeZone: "America/New_York" });
  });

  it("serves a private calendar feed without health details, until it is revoked", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(16));
    await book(app, patient, { doctorId: doctor.id, startTime: slot, title: "Grief counselling", description: "Loss of a parent" });
    const created = await app.inject({ method: "POST", url: "/api/calendar-feed", headers: { cookie: patient.cookie } });
    const { path } = created.json();
    expect(path).toMatch(/^\/api\/calendar\.ics\?token=[\w-]{40,}$/);
    const feed = await app.inject({ method: "GET", url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers["content-type"]).toMatch(/text\/calendar/);
    expect(feed.body).toContain("SUMMARY:Session at Halcyon");
    expect(feed.body).toContain(`DTSTART:${slot!.replace(/[-:]/g, "").replace(".000", "")}`);
    expect(feed.body).not.toMatch(/Grief|parent|Helena|Staff/);
    await app.inject({ method: "DELETE", url: "/api/calendar-feed", headers: { cookie: patient.cookie } });
    expect((await app.inject({ method: "GET", url: path })).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: "/api/calendar.ics?token=guess" })).statusCode).toBe(404);
  });
});

describeApp(
  "a clinic in another time zone",
  (testApp) => {
    it("places working hours in the clinic's zone", async () => {
      const { app } = testApp();
      const doctor = await aStaffMember(app, "doctor");
      const patient = await aPatient(app);
      const date = weekdayAhead(7);
      const slots = await slotsOf(app, patient, doctor.id, date);
      // 09:00 in Tokyo (UTC+9, no daylight saving) is 00:00 UTC.
      expect(slots[0]).toBe(`${date}T00:00:00.000Z`);
    });
  },
  { CLINIC_TIMEZONE: "Asia/Tokyo" },
);
