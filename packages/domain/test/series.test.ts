// Weekly series across both daylight-saving changes of three zones: the rule keeps the clinic's
// clock time (never 7 × 24 hours), exceptions stay exceptions, and each edit scope changes exactly
// the sessions it names, on both databases. The calendar feed carries the rule and its exceptions.
import { appointmentsOfSeries, findSeries, insertAppointment, insertUser, type AppointmentView, type User } from "@halcyon/db";
import { describeEachDatabase, TEST_SECRETS_KEY, testUser } from "@halcyon/db/testing";
import { describe, expect, it } from "vitest";
import type { RequestContext } from "../src/context";
import { AppError } from "../src/errors";
import { createClinicServices, DEFAULT_CLINIC_CONFIG } from "../src/index";
import { zonedInstant, calendarDateIn, type WorkingPeriod } from "../src/appointments/slots";
import { renderCalendar } from "../src/calendar/ics";
import { feedSeriesOf } from "../src/calendar/series-feed";
import { bookSeries } from "../src/series/book-series";
import { changeSeries, sessionsInScope } from "../src/series/change-series";
import { addDays, occurrencesOf, ruleText } from "../src/series/recurrence";
import { requestedSeries } from "../src/series/series-plan";

const ZONES = ["America/New_York", "Europe/London", "Australia/Sydney"] as const;
const HOUR = 3_600_000;

/** The clock time and weekday of an instant in a zone, as "Tue 15:00". */
const wallClock = (instant: Date | string, timeZone: string) =>
  new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
    .format(new Date(instant))
    .replace(",", "");
const utcHour = (instant: Date | string) => new Date(instant).getUTCHours();

describe("a series' occurrences", () => {
  for (const zone of ZONES) {
    it(`keeps Tuesday 15:00 through both clock changes of 2027 in ${zone}`, () => {
      // 5 January to 28 December 2027: New York changes on 14 March and 7 November, London on
      // 28 March and 31 October, Sydney on 4 April and 3 October.
      const shape = { firstDate: "2027-01-05", clockMinute: 15 * 60, intervalWeeks: 1 as const, timeZone: zone, end: { occurrences: 52 } };
      const occurrences = occurrencesOf(shape);
      expect(occurrences).toHaveLength(52);
      expect(new Set(occurrences.map((o) => wallClock(o.start, zone)))).toEqual(new Set(["Tue 15:00"]));
      expect(occurrences.at(-1)!.date).toBe("2027-12-28");
      // The UTC hour changes exactly twice: a rule of 7 × 24 hours would have kept it.
      const hours = occurrences.map((o) => utcHour(o.start));
      expect(hours.filter((hour, i) => i > 0 && hour !== hours[i - 1])).toHaveLength(2);
      const gaps = new Set(occurrences.slice(1).map((o, i) => o.start.getTime() - occurrences[i]!.start.getTime()));
      expect(gaps).toEqual(new Set([168 * HOUR, 167 * HOUR, 169 * HOUR]));
    });
  }

  it("repeats every two or four weeks, until a date inclusive", () => {
    const base = { firstDate: "2027-01-05", clockMinute: 9 * 60, timeZone: "Europe/London" };
    const fortnightly = occurrencesOf({ ...base, intervalWeeks: 2, end: { untilDate: "2027-03-02" } });
    expect(fortnightly.map((o) => o.date)).toEqual(["2027-01-05", "2027-01-19", "2027-02-02", "2027-02-16", "2027-03-02"]);
    const monthly = occurrencesOf({ ...base, intervalWeeks: 4, end: { occurrences: 3 } });
    expect(monthly.map((o) => o.date)).toEqual(["2027-01-05", "2027-02-02", "2027-03-02"]);
    expect(ruleText({ ...base, intervalWeeks: 4, end: { occurrences: 3 } }, monthly)).toBe("FREQ=WEEKLY;INTERVAL=4;BYDAY=TU;COUNT=3");
    // UNTIL is the last occurrence's instant in UTC, as RFC 5545 asks with a zoned DTSTART.
    expect(ruleText({ ...base, intervalWeeks: 2, end: { untilDate: "2027-03-02" } }, fortnightly)).toBe(
      "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU;UNTIL=20270302T090000Z",
    );
  });

  it("refuses a series past 52 sessions, and one that ends before it begins", () => {
    const services = { config: { ...DEFAULT_CLINIC_CONFIG, clinicTimeZone: "America/New_York" }, now: () => new Date("2027-01-01T00:00:00.000Z") };
    const firstStart = zonedInstant("2027-01-05", 15 * 60, "America/New_York").toISOString();
    expect(requestedSeries(services, { firstStart, intervalWeeks: 1, count: 52 }).occurrences).toHaveLength(52);
    expect(() => requestedSeries(services, { firstStart, intervalWeeks: 1, untilDate: "2028-01-04" })).toThrow(/at most 52/);
    expect(() => requestedSeries(services, { firstStart, intervalWeeks: 1, untilDate: "2027-01-04" })).toThrow(/before its first/);
    expect(() => requestedSeries(services, { firstStart, intervalWeeks: 4, untilDate: "2027-02-30" })).toThrow(/real date/);
    // Neither in the past nor more than a year ahead.
    expect(() => requestedSeries(services, { firstStart: "2026-12-29T20:00:00.000Z", intervalWeeks: 1, count: 2 })).toThrow(/already passed/);
    expect(() => requestedSeries(services, { firstStart: "9999-12-28T20:00:00.000Z", intervalWeeks: 4, count: 52 })).toThrow(/within 365 days/);
  });
});

describe("which sessions a scope names", () => {
  const session = (id: number, occurrence: string) => ({ id, seriesOccurrence: occurrence }) as AppointmentView;
  const sessions = [1, 2, 3, 4].map((id) => session(id, `2027-01-0${id + 4}T20:00:00.000Z`));
  it("is the chosen one alone, it and those after it, or every one", () => {
    const ids = (scope: "this" | "following" | "series") => sessionsInScope(sessions, sessions[2]!, scope).map((s) => s.id);
    expect(ids("this")).toEqual([3]);
    expect(ids("following")).toEqual([3, 4]);
    expect(ids("series")).toEqual([1, 2, 3, 4]);
  });
});

/** Every day 07:00–21:00: the series' weekday is always within hours. */
const ALL_WEEK: WorkingPeriod[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, startMinute: 7 * 60, endMinute: 21 * 60 }));

describeEachDatabase("a series booked and changed", (database) => {
  let people = 0;
  const context = (zone: string, clock: { now: Date }) => {
    const services = createClinicServices({
      secretsKey: TEST_SECRETS_KEY,
      database: database(),
      config: { ...DEFAULT_CLINIC_CONFIG, clinicTimeZone: zone, defaultWorkingHours: ALL_WEEK },
      now: () => clock.now,
    });
    const noCookies = { set: () => {}, clear: () => {} };
    return (user: User) =>
      ({
        ...services,
        user,
        sessionToken: null,
        request: { ip: null, userAgent: null },
        cookies: noCookies,
        pendingSignIn: { ...noCookies, token: null },
      }) as RequestContext & {
        user: User;
      };
  };
  const member = async (role: "patient" | "doctor") => insertUser(database().db, testUser(`series-${role}-${++people}`, role));
  const local = (iso: string, zone: string) => `${calendarDateIn(new Date(iso), zone)} ${wallClock(iso, zone)}`;
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };

  for (const zone of ZONES) {
    it(`keeps its exceptions and each edit scope across both clock changes in ${zone}`, async () => {
      const clock = { now: new Date("2027-01-01T00:00:00.000Z") };
      const as = context(zone, clock);
      const [doctor, patient, other] = [await member("doctor"), await member("patient"), await member("patient")];
      const occurrence = (date: string, minute = 15 * 60) => zonedInstant(date, minute, zone).toISOString();
      const request = { doctorId: doctor.id, firstStart: occurrence("2027-01-05"), intervalWeeks: 1, count: 52, title: "Weekly therapy" };
      const plan = occurrencesOf({ firstDate: "2027-01-05", clockMinute: 900, intervalWeeks: 1, timeZone: zone, end: { occurrences: 52 } });

      // Another patient holds the third Tuesday: the whole series is refused and nothing is written.
      await insertAppointment(database().db, {
        patientId: other.id,
        doctorId: doctor.id,
        title: "Session",
        description: null,
        startTime: plan[2]!.start.toISOString(),
        endTime: new Date(plan[2]!.start.getTime() + HOUR).toISOString(),
        status: "scheduled",
        createdAt: clock.now.toISOString(),
      });
      const refused = await refusal(bookSeries(as(patient), request));
      expect(refused.code).toBe("CONFLICT");
      expect(refused.message).toContain(plan[2]!.date);
      const written = await database().db.selectFrom("appointments").select("id").where("patient_id", "=", patient.id).execute();
      expect(written).toEqual([]);

      // Skipping the taken date and moving the fifth to the Wednesday at 10:00 books the other 51.
      const moved = occurrence("2027-02-03", 10 * 60);
      const { seriesId, appointments } = await bookSeries(as(patient), {
        ...request,
        exceptions: [
          { occurrence: plan[2]!.start.toISOString(), skip: true },
          { occurrence: plan[4]!.start.toISOString(), moveTo: moved },
        ],
      });
      expect(appointments).toHaveLength(51);
      expect(appointments.every((a) => a.seriesId === seriesId)).toBe(true);
      expect(appointments.find((a) => a.seriesOccurrence === plan[4]!.start.toISOString())?.startTime).toBe(moved);
      expect(appointments.filter((a) => a.startTime !== moved).every((a) => wallClock(a.startTime, zone) === "Tue 15:00")).toBe(true);

      const sessions = async () => appointmentsOfSeries(database().db, seriesId);
      const at = async (index: number) => (await sessions()).find((s) => s.seriesOccurrence === plan[index]!.start.toISOString())!;
      const snapshot = async () => new Map((await sessions()).map((s) => [s.id, `${s.status} ${s.startTime} ${s.title}`]));

      // This session: only the seventh moves, to Thursday 09:00.
      let before = await snapshot();
      const seventh = await at(6);
      const [thisOne] = await changeSeries(as(patient), { id: seventh.id, scope: "this", startTime: occurrence("2027-02-18", 9 * 60) });
      expect(local(thisOne!.startTime, zone)).toBe("2027-02-18 Thu 09:00");
      let after = await snapshot();
      expect([...after].filter(([id, state]) => before.get(id) !== state).map(([id]) => id)).toEqual([seventh.id]);

      // This and following, from the 21st (after the spring change): every later session moves to
      // Wednesday 16:00, through the autumn change; the ones before stay where they were.
      before = after;
      const twentyFirst = await at(20);
      const following = await changeSeries(as(patient), { id: twentyFirst.id, scope: "following", startTime: occurrence(addDays(plan[20]!.date, 1), 16 * 60) });
      expect(following).toHaveLength(32);
      expect(new Set(following.map((a) => wallClock(a.startTime, zone)))).toEqual(new Set(["Wed 16:00"]));
      expect(new Set(following.map((a) => utcHour(a.startTime))).size).toBe(2);
      after = await snapshot();
      const changed = new Set([...after].filter(([id, state]) => before.get(id) !== state).map(([id]) => id));
      expect(changed).toEqual(new Set(following.map((a) => a.id)));
      expect(
        (await sessions()).filter((s) => !changed.has(s.id)).every((s) => Date.parse(s.seriesOccurrence!) < Date.parse(plan[20]!.start.toISOString())),
      ).toBe(true);
      // Still one series: the rule is the booked one, the moved sessions are its exceptions.
      expect((await findSeries(database().db, seriesId))?.rule).toBe("FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=52");

      // Cancelling this one (the 26th) cancels it alone.
      before = after;
      const twentySixth = await at(25);
      await changeSeries(as(patient), { id: twentySixth.id, scope: "this", status: "cancelled" });
      after = await snapshot();
      expect([...after].filter(([id, state]) => before.get(id) !== state).map(([id]) => id)).toEqual([twentySixth.id]);

      // A new title for the whole series reaches every session still to come, and no cancelled one.
      await changeSeries(as(patient), { id: (await at(40)).id, scope: "series", title: "Renamed" });
      const renamed = await sessions();
      expect(renamed.filter((s) => s.status === "scheduled").every((s) => s.title === "Renamed")).toBe(true);
      expect(renamed.find((s) => s.id === twentySixth.id)?.title).toBe("Weekly therapy");

      // The feed: one event with the rule, the skipped and cancelled dates excluded, moved sessions as exceptions.
      const calendar = renderCalendar({
        clinicName: "Halcyon",
        now: clock.now,
        alarmLeadHours: [],
        series: await feedSeriesOf(database().db, renamed),
        events: [],
      });
      const zoned = (iso: string) => {
        const digits = new Intl.DateTimeFormat("sv-SE", { timeZone: zone, dateStyle: "short", timeStyle: "medium" }).format(new Date(iso));
        return digits.replace(/[-:]/g, "").replace(" ", "T");
      };
      expect(calendar).toContain(`UID:series-${seriesId}@halcyon`);
      expect(calendar).toContain(`DTSTART;TZID=${zone}:20270105T150000`);
      expect(calendar).toContain("RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=TU;COUNT=52");
      const exdate = calendar
        .replace(/\r\n /g, "")
        .split("\r\n")
        .find((line) => line.startsWith("EXDATE"));
      expect(exdate).toBe(`EXDATE;TZID=${zone}:${zoned(plan[2]!.start.toISOString())},${zoned(plan[25]!.start.toISOString())}`);
      expect(calendar).toContain(`RECURRENCE-ID;TZID=${zone}:${zoned(plan[4]!.start.toISOString())}`);
      expect(calendar.match(/RECURRENCE-ID/g)).toHaveLength(1 + 1 + 31);
      expect(calendar).toContain(`BEGIN:VTIMEZONE\r\nTZID:${zone}`);
      expect(calendar.match(/BEGIN:DAYLIGHT/g)!.length).toBeGreaterThanOrEqual(1);

      // This and following, cancelled from the 41st: those from it on, and no earlier one.
      const fortyFirst = await at(40);
      const cancelled = await changeSeries(as(patient), { id: fortyFirst.id, scope: "following", status: "cancelled" });
      expect(cancelled.map((a) => a.id).sort()).toEqual(
        (await sessions())
          .filter((s) => Date.parse(s.seriesOccurrence!) >= Date.parse(fortyFirst.seriesOccurrence!))
          .map((s) => s.id)
          .sort(),
      );
      expect((await sessions()).filter((s) => s.status === "scheduled")).toHaveLength(51 - 1 - 12);

      // The whole series, from any session: every session still to come, so none is left.
      const whole = await changeSeries(as(patient), { id: (await at(10)).id, scope: "series", status: "cancelled" });
      expect(whole).toHaveLength(38);
      expect((await sessions()).filter((s) => s.status === "scheduled")).toEqual([]);
    });
  }

  it("applies the cancellation window to each session on its own", async () => {
    const zone = "Europe/London";
    const clock = { now: new Date("2027-03-20T12:00:00.000Z") };
    const as = context(zone, clock);
    const [doctor, patient] = [await member("doctor"), await member("patient")];
    const first = zonedInstant("2027-03-21", 10 * 60, zone).toISOString();
    const { appointments } = await bookSeries(as(patient), { doctorId: doctor.id, firstStart: first, intervalWeeks: 2, count: 4, title: "Therapy" });
    // The first session is under 24 hours away, the others weeks away.
    const moveAll = refusal(
      changeSeries(as(patient), { id: appointments[0]!.id, scope: "series", startTime: zonedInstant("2027-03-21", 11 * 60, zone).toISOString() }),
    );
    expect((await moveAll).message).toMatch(/2027-03-21 is less than 24 hours away/);
    // Moving from the second on is allowed: its own window is far off.
    const later = await changeSeries(as(patient), {
      id: appointments[1]!.id,
      scope: "following",
      startTime: zonedInstant("2027-04-04", 11 * 60, zone).toISOString(),
    });
    expect(later.map((a) => wallClock(a.startTime, zone))).toEqual(["Sun 11:00", "Sun 11:00", "Sun 11:00"]);
    const cancelled = await changeSeries(as(patient), { id: appointments[0]!.id, scope: "series", status: "cancelled" });
    expect(cancelled.map((a) => a.lateCancellation)).toEqual([true, false, false, false]);
  });
});
