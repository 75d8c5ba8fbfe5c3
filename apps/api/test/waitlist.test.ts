// Issue 36, part 3 — the waitlist over REST, on both databases: joining and leaving (bad input a
// clear 4xx that writes nothing), freed hours offered one at a time in the order people joined,
// accepting (books it, once), declining (moves on), expiry, a direct booking withdrawing an offer,
// a doctor's added hours, and who may see or answer what.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { expireWaitlistOffers } from "@halcyon/domain";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

const MINUTE = 60_000;
/** Every day, all day: any freed hour suits. */
const ANY_TIME = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
/** Sundays just after midnight: no session suits. */
const NO_TIME = [{ weekday: 0, start: "00:00", end: "01:00" }];

const as = (who: SignedIn) => ({ cookie: who.cookie });

describeApp("waitlist", (testApp) => {
  const untilDate = () => weekdayAhead(60, testApp().app.clinic.now());

  function join(app: FastifyInstance, who: SignedIn, body: Record<string, unknown>) {
    return app.inject({ method: "POST", url: "/api/waitlist", payload: { untilDate: untilDate(), times: ANY_TIME, ...body }, headers: as(who) });
  }
  async function offersOf(app: FastifyInstance, who: SignedIn): Promise<{ id: number; startTime: string; expiresAt: string; doctorId: number }[]> {
    const response = await app.inject({ method: "GET", url: "/api/waitlist/offers", headers: as(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  }
  const answer = (app: FastifyInstance, who: SignedIn, offerId: number, how: "accept" | "decline") =>
    app.inject({ method: "POST", url: `/api/waitlist/offers/${offerId}/${how}`, headers: as(who) });
  const scheduledWith = async (app: FastifyInstance, doctorId: number) =>
    (
      await app.clinic.db
        .selectFrom("appointments")
        .select(["patient_id", "start_time"])
        .where("doctor_id", "=", doctorId)
        .where("status", "=", "scheduled")
        .execute()
    ).map((row) => ({ patientId: row.patient_id, startTime: new Date(row.start_time).toISOString() }));

  /** A doctor whose session at `start` its patient then cancels, with `waiting` on the list, joined in that order. */
  async function aFreedHour(app: FastifyInstance, waiting: { times: typeof ANY_TIME }[]) {
    const doctor = await aStaffMember(app, "doctor");
    const booker = await aPatient(app);
    const [start] = await slotsOf(app, booker, doctor.id, weekdayAhead(8, app.clinic.now()));
    const booked = await book(app, booker, { doctorId: doctor.id, startTime: start });
    expect(booked.statusCode, booked.body).toBe(200);
    const patients: SignedIn[] = [];
    for (const { times } of waiting) {
      const patient = await aPatient(app);
      const joined = await join(app, patient, { doctorId: doctor.id, times });
      expect(joined.statusCode, joined.body).toBe(200);
      patients.push(patient);
    }
    const cancelled = await patch(app, booker, booked.json().id, { status: "cancelled" });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    return { doctor, booker, start: start!, patients };
  }

  it("lets a patient join, see and leave their entries; bad input is a clear 4xx and writes nothing", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const entries = async () => (await app.inject({ method: "GET", url: "/api/waitlist", headers: as(patient) })).json() as { id: number }[];
    const rows = async () => (await app.clinic.db.selectFrom("waitlist_entries").select("id").execute()).length;

    const before = await rows();
    for (const [body, status] of [
      [{ doctorId: doctor.id, times: [] }, 400],
      [{ doctorId: doctor.id, times: [{ weekday: 2, start: "18:00", end: "17:00" }] }, 400],
      [{ doctorId: doctor.id, untilDate: "2020-01-01" }, 400],
      [{ doctorId: doctor.id, untilDate: "2031-02-30" }, 400],
      [{ doctorId: doctor.id, untilDate: weekdayAhead(400, app.clinic.now()) }, 400],
      [{}, 400],
      [{ doctorId: 999_999 }, 404],
    ] as const) {
      const refused = await join(app, patient, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
    }
    expect(await rows()).toBe(before);

    const joined = await join(app, patient, { doctorId: doctor.id, times: [{ weekday: 2, start: "17:00", end: "20:00" }] });
    expect(joined.statusCode, joined.body).toBe(200);
    expect(joined.json()).toMatchObject({ doctorId: doctor.id, times: [{ weekday: 2, start: "17:00", end: "20:00" }], waitedDays: 0 });
    expect((await join(app, patient, { doctorId: doctor.id })).statusCode).toBe(409);
    expect((await entries()).map((entry) => entry.id)).toEqual([joined.json().id]);

    // Someone else's entry does not exist for another patient; a doctor may not remove one.
    const other = await aPatient(app);
    expect((await app.inject({ method: "DELETE", url: `/api/waitlist/${joined.json().id}`, headers: as(other) })).statusCode).toBe(404);
    expect((await app.inject({ method: "DELETE", url: `/api/waitlist/${joined.json().id}`, headers: as(doctor) })).statusCode).toBe(403);
    const left = await app.inject({ method: "DELETE", url: `/api/waitlist/${joined.json().id}`, headers: as(patient) });
    expect(left.statusCode, left.body).toBe(200);
    expect(await entries()).toEqual([]);
    expect((await app.inject({ method: "DELETE", url: `/api/waitlist/${joined.json().id}`, headers: as(patient) })).statusCode).toBe(409);

    // Joining twice at once (a double tap, two tabs) makes one entry: the other is told it is there.
    for (let round = 0; round < 3; round += 1) {
      const twice = await aPatient(app);
      const answers = await Promise.all([join(app, twice, { doctorId: doctor.id }), join(app, twice, { doctorId: doctor.id })]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
      const theirs = await app.clinic.db.selectFrom("waitlist_entries").select("id").where("patient_id", "=", twice.id).where("ended_at", "is", null).execute();
      expect(theirs).toHaveLength(1);
    }
  });

  it("offers a cancelled hour to the first who joined and whom it suits, one at a time, and no one else may see or answer it", async () => {
    const { app } = testApp();
    const { doctor, start, patients } = await aFreedHour(app, [{ times: NO_TIME }, { times: ANY_TIME }, { times: ANY_TIME }]);
    const [unsuited, first, second] = patients as [SignedIn, SignedIn, SignedIn];
    const [offer, ...more] = await offersOf(app, first);
    expect(more).toEqual([]);
    expect(offer).toMatchObject({ startTime: start, doctorId: doctor.id });
    expect(Date.parse(offer!.expiresAt) - app.clinic.now().getTime()).toBeGreaterThan(14 * MINUTE);
    expect(Date.parse(offer!.expiresAt) - app.clinic.now().getTime()).toBeLessThanOrEqual(15 * MINUTE);
    expect(await offersOf(app, unsuited)).toEqual([]);
    expect(await offersOf(app, second)).toEqual([]);
    // Another patient: no such offer; staff do not answer offers. Nothing is written.
    const admin = await aStaffMember(app, "admin");
    for (const [who, status] of [
      [second, 404],
      [doctor, 403],
      [admin, 403],
    ] as const) {
      expect((await answer(app, who, offer!.id, "accept")).statusCode).toBe(status);
      expect((await answer(app, who, offer!.id, "decline")).statusCode).toBe(status);
    }
    expect(await scheduledWith(app, doctor.id)).toEqual([]);
    expect(await offersOf(app, first)).toHaveLength(1);
  });

  it("books an accepted offer through the booking path, once; a second accept or one after the hold is a 409 that writes nothing", async () => {
    const { app, advance } = testApp();
    const { doctor, start, patients } = await aFreedHour(app, [{ times: ANY_TIME }, { times: ANY_TIME }]);
    const [first, second] = patients as [SignedIn, SignedIn];
    const [offer] = await offersOf(app, first);
    const accepted = await answer(app, first, offer!.id, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ patientId: first.id, doctorId: doctor.id, startTime: start, status: "scheduled" });
    const again = await answer(app, first, offer!.id, "accept");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/already accepted/);
    expect(await scheduledWith(app, doctor.id)).toEqual([{ patientId: first.id, startTime: start }]);
    // Their entry ended with the booking.
    expect((await app.inject({ method: "GET", url: "/api/waitlist", headers: as(first) })).json()).toEqual([]);

    // The second waits on; a second freed hour is theirs, until its hold runs out.
    const other = await aPatient(app);
    const [later] = (await slotsOf(app, other, doctor.id, weekdayAhead(9, app.clinic.now()))).filter((slot) => slot !== start);
    const booked = await book(app, other, { doctorId: doctor.id, startTime: later });
    await patch(app, other, booked.json().id, { status: "cancelled" });
    const [held] = await offersOf(app, second);
    expect(held).toMatchObject({ startTime: later });
    advance(16 * MINUTE);
    const late = await answer(app, second, held!.id, "accept");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/run out/);
    expect(await scheduledWith(app, doctor.id)).toEqual([{ patientId: first.id, startTime: start }]);
    // The sweep closes it; it is not offered to them again.
    await expireWaitlistOffers(app.clinic);
    expect(await offersOf(app, second)).toEqual([]);
    expect((await answer(app, second, held!.id, "accept")).statusCode).toBe(409);
  });

  it("moves a declined offer on to the next in line", async () => {
    const { app } = testApp();
    const { start, patients } = await aFreedHour(app, [{ times: ANY_TIME }, { times: ANY_TIME }]);
    const [first, second] = patients as [SignedIn, SignedIn];
    const [offer] = await offersOf(app, first);
    const declined = await answer(app, first, offer!.id, "decline");
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await offersOf(app, first)).toEqual([]);
    expect(await offersOf(app, second)).toMatchObject([{ startTime: start }]);
    expect((await answer(app, first, offer!.id, "decline")).statusCode).toBe(409);
  });

  it("passes over a deactivated patient (an offer they held goes on at once), and names the offer an accepted hour was booked from in its audit row", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const booker = await aPatient(app);
    const [start] = await slotsOf(app, booker, doctor.id, weekdayAhead(8, app.clinic.now()));
    const booked = await book(app, booker, { doctorId: doctor.id, startTime: start });
    const [gone, waiting] = [await aPatient(app), await aPatient(app)];
    for (const patient of [gone, waiting]) expect((await join(app, patient, { doctorId: doctor.id })).statusCode).toBe(200);
    await app.clinic.db.updateTable("users").set({ deactivated_at: app.clinic.now().toISOString() }).where("id", "=", gone.id).execute();
    expect((await patch(app, booker, booked.json().id, { status: "cancelled" })).statusCode).toBe(200);
    const offered = await app.clinic.db.selectFrom("waitlist_offers").select("patient_id").where("doctor_id", "=", doctor.id).execute();
    expect(offered.map((offer) => offer.patient_id)).toEqual([waiting.id]);

    const [offer] = await offersOf(app, waiting);
    const accepted = await answer(app, waiting, offer!.id, "accept");
    expect(accepted.statusCode, accepted.body).toBe(200);
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "appointment.book")
      .where("target_id", "=", String(accepted.json().id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audited.details))).toEqual({ waitlistOfferId: offer!.id });

    // Deactivated while an offer is held for them: it goes to the next in line at once.
    const admin = await aStaffMember(app, "admin");
    const { patients } = await aFreedHour(app, [{ times: ANY_TIME }, { times: ANY_TIME }]);
    const [holder, next] = patients as [SignedIn, SignedIn];
    const [held] = await offersOf(app, holder);
    const deactivated = await app.inject({ method: "PATCH", url: `/api/admin/users/${holder.id}`, payload: { active: false }, headers: as(admin) });
    expect(deactivated.statusCode, deactivated.body).toBe(200);
    const closed = await app.clinic.db.selectFrom("waitlist_offers").select("status").where("id", "=", held!.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe("declined");
    expect(await offersOf(app, next)).toMatchObject([{ startTime: held!.startTime }]);
  });

  it("never offers a declined hour back to the same patient through another of their entries, nor to the one who cancelled it", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const booker = await aPatient(app);
    const [start] = await slotsOf(app, booker, doctor.id, weekdayAhead(8, app.clinic.now()));
    const booked = await book(app, booker, { doctorId: doctor.id, startTime: start });
    expect(booked.statusCode, booked.body).toBe(200);
    // The booker waits for this doctor too; the first in line is on this doctor's list and on "any doctor".
    expect((await join(app, booker, { doctorId: doctor.id })).statusCode).toBe(200);
    const [first, second] = [await aPatient(app), await aPatient(app)];
    expect((await join(app, first, { doctorId: doctor.id })).statusCode).toBe(200);
    const admin = await aStaffMember(app, "admin");
    const service = await app.inject({
      method: "POST",
      url: "/api/billing/services",
      payload: { name: `Waitlist Therapy ${first.id}`, minutes: 53, feeMinor: 15_000, kind: "individual" },
      headers: as(admin),
    });
    expect(service.statusCode, service.body).toBe(200);
    expect((await join(app, first, { serviceId: service.json().id })).statusCode).toBe(200);
    expect((await join(app, second, { doctorId: doctor.id })).statusCode).toBe(200);
    expect((await patch(app, booker, booked.json().id, { status: "cancelled" })).statusCode).toBe(200);

    const [offer] = await offersOf(app, first);
    expect(offer?.startTime).toBe(start);
    expect((await answer(app, first, offer!.id, "decline")).statusCode).toBe(200);
    expect(await offersOf(app, first)).toEqual([]);
    expect(await offersOf(app, booker)).toEqual([]);
    expect(await offersOf(app, second)).toMatchObject([{ startTime: start }]);

    // Off every list again: an "any doctor" entry would be first in line for the other tests' hours.
    for (const who of [booker, first, second]) {
      for (const entry of (await app.inject({ method: "GET", url: "/api/waitlist", headers: as(who) })).json() as { id: number }[]) {
        expect((await app.inject({ method: "DELETE", url: `/api/waitlist/${entry.id}`, headers: as(who) })).statusCode).toBe(200);
      }
    }
  });

  it("withdraws an offer, with an apology, when someone books the hour directly or moves a session onto it", async () => {
    const { app } = testApp();
    const { doctor, start, patients } = await aFreedHour(app, [{ times: ANY_TIME }]);
    const [first] = patients as [SignedIn];
    // An address the outbox reaches, for the apology.
    await app.clinic.db
      .updateTable("users")
      .set({ email: `waiting${first.id}@example.com`, email_verified_at: new Date().toISOString() })
      .where("id", "=", first.id)
      .execute();
    const [offer] = await offersOf(app, first);
    const walkIn = await aPatient(app);
    const direct = await book(app, walkIn, { doctorId: doctor.id, startTime: start });
    expect(direct.statusCode, direct.body).toBe(200);
    expect(await offersOf(app, first)).toEqual([]);
    const late = await answer(app, first, offer!.id, "accept");
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/booked by someone else/);
    const apology = await app.clinic.db
      .selectFrom("notices")
      .select("subject")
      .where("user_id", "=", first.id)
      .where("kind", "=", "waitlist_offer_withdrawn")
      .execute();
    expect(apology).toEqual([{ subject: expect.stringMatching(/^Sorry, the time offered is no longer free/) }]);
    expect(await scheduledWith(app, doctor.id)).toEqual([{ patientId: walkIn.id, startTime: start }]);

    // A session moved onto an offered hour takes it as a booking would: the offer is withdrawn.
    const again = await aFreedHour(app, [{ times: ANY_TIME }]);
    const [waiting] = again.patients as [SignedIn];
    const [held] = await offersOf(app, waiting);
    const mover = await aPatient(app);
    const [elsewhere] = (await slotsOf(app, mover, again.doctor.id, weekdayAhead(9, app.clinic.now()))).filter((slot) => slot !== again.start);
    const moving = await book(app, mover, { doctorId: again.doctor.id, startTime: elsewhere });
    expect((await patch(app, mover, moving.json().id, { startTime: again.start })).statusCode).toBe(200);
    // (The hour the move gave up is theirs to take now instead.)
    expect(await offersOf(app, waiting)).toMatchObject([{ startTime: elsewhere }]);
    const status = await app.clinic.db.selectFrom("waitlist_offers").select("status").where("id", "=", held!.id).executeTakeFirstOrThrow();
    expect(status.status).toBe("withdrawn");
  });

  it("takes a weekly series as single bookings: its booking withdraws an offer of one of its hours, its cancellation offers the hours it frees", async () => {
    const { app } = testApp();
    const { doctor, start, patients } = await aFreedHour(app, [{ times: ANY_TIME }]);
    const [first] = patients as [SignedIn];
    const [offer] = await offersOf(app, first);
    expect(offer?.startTime).toBe(start);
    // Another patient books a weekly series whose first session is the offered hour: the offer is withdrawn.
    const regular = await aPatient(app);
    const series = await app.inject({
      method: "POST",
      url: "/api/appointment-series",
      payload: { title: "Weekly therapy", doctorId: doctor.id, firstStart: start, intervalWeeks: 1, count: 3 },
      headers: as(regular),
    });
    expect(series.statusCode, series.body).toBe(200);
    expect(await offersOf(app, first)).toEqual([]);
    expect((await answer(app, first, offer!.id, "accept")).statusCode).toBe(409);
    // Cancelling the whole series frees its three hours: the first of them is offered to the one waiting.
    const sessions = series.json().appointments as { id: number; startTime: string }[];
    const cancelled = await app.inject({
      method: "PATCH",
      url: `/api/appointments/${sessions[0]!.id}/series`,
      payload: { scope: "series", status: "cancelled" },
      headers: as(regular),
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const offered = await offersOf(app, first);
    expect(offered).toHaveLength(1);
    expect(sessions.map((session) => session.startTime)).toContain(offered[0]!.startTime);
  });

  it("shows a doctor their own waitlist with how long each has waited, and no other doctor's; admins see every list", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const otherDoctor = await aStaffMember(app, "doctor");
    const [early, late] = [await aPatient(app), await aPatient(app)];
    const joined = await join(app, early, { doctorId: doctor.id });
    // Joined two days ago (moving the clock that far would end everyone's sign-in).
    const twoDaysAgo = new Date(app.clinic.now().getTime() - 2 * 86_400_000 - MINUTE).toISOString();
    await app.clinic.db.updateTable("waitlist_entries").set({ joined_at: twoDaysAgo }).where("id", "=", joined.json().id).execute();
    await join(app, late, { doctorId: doctor.id });
    await join(app, late, { doctorId: otherDoctor.id });
    const list = (who: SignedIn, query = "") => app.inject({ method: "GET", url: `/api/waitlist${query}`, headers: as(who) });

    const own = (await list(doctor)).json() as { patientId: number; doctorId: number; waitedDays: number }[];
    expect(own.map(({ patientId, waitedDays }) => ({ patientId, waitedDays }))).toEqual([
      { patientId: early.id, waitedDays: 2 },
      { patientId: late.id, waitedDays: 0 },
    ]);
    expect((await list(doctor, `?doctorId=${otherDoctor.id}`)).statusCode).toBe(403);
    expect(((await list(otherDoctor)).json() as { patientId: number }[]).map((entry) => entry.patientId)).toEqual([late.id]);
    // A patient sees their own entries only, whatever they ask for.
    expect(((await list(early, `?doctorId=${otherDoctor.id}`)).json() as { patientId: number }[]).map((entry) => entry.patientId)).toEqual([early.id]);
    const admin = await aStaffMember(app, "admin");
    const everyone = (await list(admin, `?doctorId=${doctor.id}`)).json() as { patientId: number }[];
    expect(everyone.map((entry) => entry.patientId)).toEqual([early.id, late.id]);
  });

  it("offers the hours a doctor's new working hours add to those waiting for them", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const admin = await aStaffMember(app, "admin");
    const patient = await aPatient(app);
    await join(app, patient, { doctorId: doctor.id, times: [{ weekday: 6, start: "10:00", end: "12:00" }] });
    expect(await offersOf(app, patient)).toEqual([]);
    const weekdays = [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "09:00", end: "17:00" }));
    const changed = await app.inject({
      method: "PATCH",
      url: `/api/admin/users/${doctor.id}`,
      payload: { workingHours: [...weekdays, { weekday: 6, start: "10:00", end: "12:00" }] },
      headers: as(admin),
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const [offer, ...more] = await offersOf(app, patient);
    expect(more).toEqual([]);
    // The first added hour: a Saturday, 10:00 on the clinic's clock.
    const clock = new Intl.DateTimeFormat("en-US", { timeZone: app.clinic.config.clinicTimeZone, weekday: "short", hour: "2-digit", hourCycle: "h23" });
    const parts = Object.fromEntries(clock.formatToParts(new Date(offer!.startTime)).map((part) => [part.type, part.value]));
    expect({ weekday: parts.weekday, hour: parts.hour }).toEqual({ weekday: "Sat", hour: "10" });
  });
});
