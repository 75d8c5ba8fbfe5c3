// Weekly series over the API, on both databases: the preview of taken dates, booking all or
// nothing, concurrent series, bad input, each edit scope, who may do what, and the calendar feed.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { describeApp } from "./helper";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";

const ZONE = "America/New_York";
/** Weekday and clock time in the clinic's zone, as "Wed 14:00". */
const wallClock = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone: ZONE, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(new Date(iso))
    .replace(",", "");

interface Occurrence {
  occurrence: string;
  date: string;
  problem: string | null;
}
interface Session {
  id: number;
  startTime: string;
  status: string;
  seriesId?: number;
  lateCancellation: boolean;
}

function preview(app: FastifyInstance, who: SignedIn, doctorId: number, query: Record<string, string | number>) {
  const search = new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)]));
  return app.inject({ method: "GET", url: `/api/doctors/${doctorId}/series-preview?${search}`, headers: { cookie: who.cookie } });
}
function bookSeries(app: FastifyInstance, who: SignedIn, body: Record<string, unknown>) {
  return app.inject({ method: "POST", url: "/api/appointment-series", payload: { title: "Weekly therapy", ...body }, headers: { cookie: who.cookie } });
}
function changeSeries(app: FastifyInstance, who: SignedIn, id: number, body: Record<string, unknown>) {
  return app.inject({ method: "PATCH", url: `/api/appointments/${id}/series`, payload: body, headers: { cookie: who.cookie } });
}

describeApp("weekly series", (testApp) => {
  /** The 14:00 slot of a clinic weekday `daysAhead` from now. */
  const firstSlot = async (app: FastifyInstance, who: SignedIn, doctorId: number, daysAhead: number) => {
    const slots = await slotsOf(app, who, doctorId, weekdayAhead(daysAhead));
    return slots.find((slot) => wallClock(slot).endsWith("14:00"))!;
  };
  const sessionsOf = async (app: FastifyInstance, patientId: number) =>
    app.clinic.db
      .selectFrom("appointments")
      .select(["id", "start_time", "status", "series_id"])
      .where("patient_id", "=", patientId)
      .orderBy("start_time")
      .execute();
  const seriesOf = async (app: FastifyInstance, patientId: number) =>
    app.clinic.db.selectFrom("appointment_series").select("id").where("patient_id", "=", patientId).execute();

  it("previews each date with the taken ones, refuses a series with a taken date whole, and books it with the patient's choices", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const [patient, other] = [await aPatient(app), await aPatient(app)];
    const firstStart = await firstSlot(app, patient, doctor.id, 8);
    // Twenty weeks from December: across the change of clocks in March, at the same clock time.
    const asked = await preview(app, patient, doctor.id, { firstStart, intervalWeeks: 1, count: 20 });
    expect(asked.statusCode).toBe(200);
    const dates: Occurrence[] = asked.json().occurrences;
    expect(dates).toHaveLength(20);
    expect(asked.json().rule).toMatch(/^FREQ=WEEKLY;INTERVAL=1;BYDAY=[A-Z]{2};COUNT=20$/);
    expect(new Set(dates.map((d) => wallClock(d.occurrence)))).toEqual(new Set([wallClock(firstStart)]));
    expect(new Set(dates.map((d) => new Date(d.occurrence).getUTCHours())).size).toBe(2);
    expect(dates.every((d) => d.problem === null)).toBe(true);

    // Another patient takes the third date.
    const taken = dates[2]!;
    const single = await book(app, other, { doctorId: doctor.id, startTime: taken.occurrence });
    expect(single.statusCode).toBe(200);
    // A single session's answer is as it always was: no series in it.
    expect(single.json()).not.toHaveProperty("seriesId");
    const again: Occurrence[] = (await preview(app, patient, doctor.id, { firstStart, intervalWeeks: 1, count: 20 })).json().occurrences;
    expect(again.map((d) => d.problem)).toEqual(dates.map((d) => (d === taken ? "doctor_busy" : null)));

    // Booked as it is, the series is refused whole, naming the date; nothing is written.
    const refused = await bookSeries(app, patient, { doctorId: doctor.id, firstStart, intervalWeeks: 1, count: 20 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain(taken.date);
    expect(await sessionsOf(app, patient.id)).toEqual([]);
    expect(await seriesOf(app, patient.id)).toEqual([]);

    // Skipping it, and taking another hour on the fifth date, books the rest as one series.
    const fifth = dates[4]!;
    const otherHour = (await slotsOf(app, patient, doctor.id, fifth.date)).find((slot) => slot !== fifth.occurrence)!;
    const booked = await bookSeries(app, patient, {
      doctorId: doctor.id,
      firstStart,
      intervalWeeks: 1,
      count: 20,
      exceptions: [
        { occurrence: taken.occurrence, skip: true },
        { occurrence: fifth.occurrence, moveTo: otherHour },
      ],
    });
    expect(booked.statusCode).toBe(200);
    const { seriesId, appointments } = booked.json() as { seriesId: number; appointments: Session[] };
    expect(appointments).toHaveLength(19);
    expect(appointments.every((a) => a.seriesId === seriesId)).toBe(true);
    expect(appointments.map((a) => a.startTime)).not.toContain(taken.occurrence);
    expect(appointments.map((a) => a.startTime)).toContain(otherHour);
    const listed: Session[] = (await app.inject({ method: "GET", url: "/api/appointments?limit=100", headers: { cookie: patient.cookie } })).json();
    expect(listed.filter((a) => a.seriesId === seriesId)).toHaveLength(19);

    // Its patient and its doctor are each told once of a series, never once per session.
    // (Told by email: each has a verified address from here on, and books the series again.)
    for (const who of [patient, doctor]) {
      await app.clinic.db
        .updateTable("users")
        .set({ email: `member${who.id}@example.com`, email_verified_at: app.clinic.now().toISOString() })
        .where("id", "=", who.id)
        .execute();
    }
    const week = 7 * 86_400_000;
    const later = await bookSeries(app, patient, {
      doctorId: doctor.id,
      firstStart: new Date(Date.parse(firstStart) + 30 * week).toISOString(),
      intervalWeeks: 1,
      count: 4,
    });
    expect(later.statusCode, later.body).toBe(200);
    const laterStarts = (later.json() as { appointments: Session[] }).appointments.map((a) => a.startTime).sort();
    const told = await app.clinic.db
      .selectFrom("notices")
      .select(["user_id", "kind", "params"])
      .where("user_id", "in", [patient.id, doctor.id])
      .where("kind", "in", ["appointment_booked", "series_booked"])
      .orderBy("id")
      .execute();
    expect(told.map((notice) => [notice.user_id, notice.kind])).toEqual([
      [patient.id, "series_booked"],
      [doctor.id, "series_booked"],
    ]);
    expect(JSON.parse(told[0]!.params)).toMatchObject({ count: 4, firstStartTime: laterStarts[0], lastStartTime: laterStarts.at(-1), audience: "patient" });
  });

  it("books one series of two racing for the same hours: one booking per hour", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const [first, second] = [await aPatient(app), await aPatient(app)];
    const start = await firstSlot(app, first, doctor.id, 9);
    const dates: Occurrence[] = (await preview(app, first, doctor.id, { firstStart: start, intervalWeeks: 1, count: 6 })).json().occurrences;
    // The second series begins a week later: five of its hours are the first's.
    const [a, b] = await Promise.all([
      bookSeries(app, first, { doctorId: doctor.id, firstStart: start, intervalWeeks: 1, count: 6 }),
      bookSeries(app, second, { doctorId: doctor.id, firstStart: dates[1]!.occurrence, intervalWeeks: 1, count: 6 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? first : second;
    expect(await sessionsOf(app, loser.id)).toEqual([]);
    expect(await seriesOf(app, loser.id)).toEqual([]);
    const hours = await app.clinic.db
      .selectFrom("appointments")
      .select("start_time")
      .where("doctor_id", "=", doctor.id)
      .where("status", "=", "scheduled")
      .execute();
    const perHour = new Map<string, number>();
    for (const { start_time } of hours) perHour.set(String(start_time), (perHour.get(String(start_time)) ?? 0) + 1);
    expect([...perHour.values()].every((count) => count === 1)).toBe(true);
    expect(hours).toHaveLength(6);
  });

  it("refuses bad input with a clear 400 and writes nothing", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const firstStart = await firstSlot(app, patient, doctor.id, 8);
    const firstDate = firstStart.slice(0, 10);
    const farAway = new Date(Date.parse(firstStart) + 60 * 7 * 86_400_000).toISOString().slice(0, 10);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ intervalWeeks: 1, count: 53 }, /at most 52/],
      [{ intervalWeeks: 1, untilDate: farAway }, /at most 52/],
      [{ intervalWeeks: 3, count: 4 }, /every 1, 2 or 4 weeks/],
      [{ intervalWeeks: 1, count: 0 }, /at least one/],
      [{ intervalWeeks: 1, count: 4, untilDate: farAway }, /not both/],
      [{ intervalWeeks: 1 }, /not both/],
      [{ intervalWeeks: 1, untilDate: "2020-01-01" }, /before its first/],
      [{ intervalWeeks: 1, untilDate: "next week" }, /YYYY-MM-DD/],
      [{ intervalWeeks: 1, untilDate: "2027-02-30" }, /real date/],
      [{ intervalWeeks: 1, count: 2, firstStart: "2020-01-07T19:00:00.000Z" }, /already passed/],
      [{ intervalWeeks: 1, count: 2, firstStart: "9999-12-31T23:59:59Z" }, /within 365 days/],
      [{ intervalWeeks: 1, count: 4, exceptions: [{ occurrence: `${firstDate}T03:00:00Z`, skip: true }] }, /not one of the series' dates/],
      [{ intervalWeeks: 1, count: 1, exceptions: [{ occurrence: firstStart, skip: true }] }, /nothing to book/],
    ];
    for (const [body, message] of cases) {
      const response = await bookSeries(app, patient, { doctorId: doctor.id, firstStart, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().message).toMatch(message);
    }
    const badPreview = await preview(app, patient, doctor.id, { firstStart, intervalWeeks: 2, count: 99 });
    expect(badPreview.statusCode).toBe(400);
    expect(badPreview.json().message).toMatch(/at most 52/);
    expect(await sessionsOf(app, patient.id)).toEqual([]);
    expect(await seriesOf(app, patient.id)).toEqual([]);
  });

  it("refuses whole a series change that another change came before, writing nothing twice", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const firstStart = await firstSlot(app, patient, doctor.id, 8);
    const booked: Session[] = (await bookSeries(app, patient, { doctorId: doctor.id, firstStart, intervalWeeks: 1, count: 4 })).json().appointments;
    // The same "cancel the whole series" twice at once (two tabs): one cancels, the other is told it came second.
    const answers = await Promise.all([0, 1].map(() => changeSeries(app, patient, booked[0]!.id, { scope: "series", status: "cancelled" })));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await sessionsOf(app, patient.id)).every((s) => s.status === "cancelled")).toBe(true);
    // One audit row per session: nothing written twice.
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select("target_id")
      .where("action", "=", "appointment.update")
      .where(
        "target_id",
        "in",
        booked.map((session) => String(session.id)),
      )
      .execute();
    expect(audited).toHaveLength(booked.length);
  });

  it("changes exactly the sessions each scope names", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const firstStart = await firstSlot(app, patient, doctor.id, 8);
    const booked: Session[] = (await bookSeries(app, patient, { doctorId: doctor.id, firstStart, intervalWeeks: 2, count: 6 })).json().appointments;
    const state = async () => new Map((await sessionsOf(app, patient.id)).map((s) => [s.id, `${s.status} ${String(s.start_time)}`]));
    const changedSince = async (before: Map<number, string>) => [...(await state())].filter(([id, now]) => before.get(id) !== now).map(([id]) => id);

    // The scope is always said.
    expect((await changeSeries(app, patient, booked[1]!.id, { status: "cancelled" })).statusCode).toBe(400);
    expect((await changeSeries(app, patient, booked[1]!.id, { scope: "all", status: "cancelled" })).statusCode).toBe(400);

    // This session: the second alone.
    let before = await state();
    const one = await changeSeries(app, patient, booked[1]!.id, { scope: "this", status: "cancelled" });
    expect(one.statusCode).toBe(200);
    expect(await changedSince(before)).toEqual([booked[1]!.id]);

    // This and following, from the fourth, one day later at 10:00: the fourth to sixth move, the first three stay.
    before = await state();
    const fourth = booked[3]!;
    const nextDay = new Date(Date.parse(fourth.startTime) + 86_400_000);
    const tenOClock = (await slotsOf(app, patient, doctor.id, weekdayAhead(0, nextDay))).find((slot) => wallClock(slot).endsWith("10:00"))!;
    const moved = await changeSeries(app, patient, fourth.id, { scope: "following", startTime: tenOClock });
    expect(moved.statusCode).toBe(200);
    const movedSessions: Session[] = moved.json().appointments;
    expect(movedSessions.map((a) => a.id)).toEqual(booked.slice(3).map((a) => a.id));
    expect(new Set(movedSessions.map((a) => wallClock(a.startTime)))).toEqual(new Set([wallClock(tenOClock)]));
    expect((await changedSince(before)).sort()).toEqual(
      booked
        .slice(3)
        .map((a) => a.id)
        .sort(),
    );

    // The whole series, asked from the fifth: every session still scheduled, the first included.
    before = await state();
    const all = await changeSeries(app, patient, booked[4]!.id, { scope: "series", status: "cancelled" });
    expect(all.statusCode).toBe(200);
    expect((await changedSince(before)).sort()).toEqual([booked[0]!, booked[2]!, booked[3]!, booked[4]!, booked[5]!].map((a) => a.id).sort());
    expect((await sessionsOf(app, patient.id)).every((s) => s.status === "cancelled")).toBe(true);
    // A cancelled session can no longer be changed, in any scope.
    expect((await changeSeries(app, patient, booked[0]!.id, { scope: "series", title: "Again" })).statusCode).toBe(409);

    // A single session has no series to change.
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(30));
    const alone = (await book(app, patient, { doctorId: doctor.id, startTime: slot })).json();
    const refused = await changeSeries(app, patient, alone.id, { scope: "series", status: "cancelled" });
    expect(refused.statusCode).toBe(400);
    expect((await sessionsOf(app, patient.id)).find((s) => s.id === alone.id)?.status).toBe("scheduled");
  });

  it("lets only the patient, a doctor in their care and admins book or change a series", async () => {
    const { app } = testApp();
    const [doctor, outsider, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    const [patient, stranger] = [await aPatient(app), await aPatient(app)];
    const firstStart = await firstSlot(app, patient, doctor.id, 8);
    const series = { doctorId: doctor.id, firstStart, intervalWeeks: 1, count: 3 };
    const booked: Session[] = (await bookSeries(app, patient, series)).json().appointments;
    expect(booked).toHaveLength(3);

    // Another patient: not for someone else, and the series' sessions do not exist for them.
    expect((await bookSeries(app, stranger, { ...series, patientId: patient.id })).statusCode).toBe(403);
    expect((await preview(app, stranger, doctor.id, { ...series, patientId: patient.id })).statusCode).toBe(403);
    expect((await changeSeries(app, stranger, booked[0]!.id, { scope: "series", status: "cancelled" })).statusCode).toBe(404);
    // A doctor outside the care: not with another doctor, not for a patient outside their care, and no change.
    expect((await bookSeries(app, outsider, { ...series, patientId: patient.id })).statusCode).toBe(403);
    const outsiderStart = await firstSlot(app, outsider, outsider.id, 15);
    expect(
      (await bookSeries(app, outsider, { doctorId: outsider.id, firstStart: outsiderStart, intervalWeeks: 1, count: 3, patientId: patient.id })).statusCode,
    ).toBe(403);
    expect((await preview(app, outsider, outsider.id, { firstStart: outsiderStart, intervalWeeks: 1, count: 3, patientId: patient.id })).statusCode).toBe(403);
    expect((await changeSeries(app, outsider, booked[0]!.id, { scope: "series", status: "cancelled" })).statusCode).toBe(404);
    expect((await sessionsOf(app, patient.id)).every((s) => s.status === "scheduled")).toBe(true);

    // The doctor whose care the booking began books another series for the patient, with themselves.
    const later = await firstSlot(app, doctor, doctor.id, 40);
    const byDoctor = await bookSeries(app, doctor, { doctorId: doctor.id, patientId: patient.id, firstStart: later, intervalWeeks: 4, count: 2 });
    expect(byDoctor.statusCode, byDoctor.body).toBe(200);
    // Its doctor and an admin change it.
    expect((await changeSeries(app, doctor, booked[0]!.id, { scope: "following", title: "Renamed" })).statusCode).toBe(200);
    const byAdmin = await changeSeries(app, admin, booked[1]!.id, { scope: "series", status: "cancelled" });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().appointments).toHaveLength(3);
  });

  it("carries a series in the calendar feed as one event with its rule and exceptions", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const firstStart = await firstSlot(app, patient, doctor.id, 8);
    const dates: Occurrence[] = (await preview(app, patient, doctor.id, { firstStart, intervalWeeks: 1, count: 4 })).json().occurrences;
    const booked = await bookSeries(app, patient, {
      doctorId: doctor.id,
      firstStart,
      intervalWeeks: 1,
      count: 4,
      exceptions: [{ occurrence: dates[1]!.occurrence, skip: true }],
    });
    const { seriesId, appointments } = booked.json() as { seriesId: number; appointments: Session[] };
    const [elevenOClock] = (await slotsOf(app, patient, doctor.id, dates[2]!.date)).filter((slot) => wallClock(slot).endsWith("11:00"));
    expect((await changeSeries(app, patient, appointments[1]!.id, { scope: "this", startTime: elevenOClock })).statusCode).toBe(200);

    const { path } = (await app.inject({ method: "POST", url: "/api/calendar-feed", headers: { cookie: patient.cookie } })).json();
    const feed = (await app.inject({ method: "GET", url: path })).body.replace(/\r\n /g, "");
    const local = (iso: string) =>
      new Intl.DateTimeFormat("sv-SE", { timeZone: ZONE, dateStyle: "short", timeStyle: "medium" })
        .format(new Date(iso))
        .replace(/[-:]/g, "")
        .replace(" ", "T");
    expect(feed).toContain(`BEGIN:VTIMEZONE\r\nTZID:${ZONE}`);
    expect(feed.match(new RegExp(`UID:series-${seriesId}@halcyon`, "g"))).toHaveLength(2);
    expect(feed).toContain(`DTSTART;TZID=${ZONE}:${local(dates[0]!.occurrence)}`);
    expect(feed).toMatch(/RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=[A-Z]{2};COUNT=4\r\n/);
    expect(feed).toContain(`EXDATE;TZID=${ZONE}:${local(dates[1]!.occurrence)}\r\n`);
    expect(feed).toContain(`RECURRENCE-ID;TZID=${ZONE}:${local(dates[2]!.occurrence)}\r\nDTSTART:${elevenOClock!.replace(/[-:]/g, "").replace(".000", "")}`);
    // Its sessions are not events of their own too.
    for (const session of appointments) expect(feed).not.toContain(`UID:appointment-${session.id}@halcyon`);
  });
});
