// Issue 36, part 1 — a doctor's group over REST, on both databases: set at a free hour with a
// group service and 2 to 12 places; patients in the doctor's care join from the list of open
// groups (and see no other member), the doctor adds one; a full group says so and books nothing,
// however many join at once; a member leaves alone; the doctor cancels it for everyone; its hour is
// the doctor's, empty or not; who may do what.
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

const as = (who: SignedIn) => ({ cookie: who.cookie });

type GroupAnswer = {
  id: number;
  title: string;
  taken: number;
  capacity: number;
  full: boolean;
  placeId?: number;
  members?: { patientId: number; name: string }[];
};

const groupsOf = async (app: FastifyInstance, who: SignedIn): Promise<GroupAnswer[]> => {
  const response = await app.inject({ method: "GET", url: "/api/groups", headers: as(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};
const join = (app: FastifyInstance, who: SignedIn, id: number) => app.inject({ method: "POST", url: `/api/groups/${id}/join`, headers: as(who) });

describeApp("a doctor's group", (testApp) => {
  let admin: SignedIn;
  let doctor: SignedIn;
  let groupServiceId: number;
  let individualId: number;

  beforeAll(async () => {
    const { app } = testApp();
    admin = await aStaffMember(app, "admin");
    doctor = await aStaffMember(app, "doctor");
    const service = (body: Record<string, unknown>) => app.inject({ method: "POST", url: "/api/billing/services", payload: body, headers: as(admin) });
    groupServiceId = (await service({ name: "Mindfulness Group", minutes: 60, feeMinor: 6_000, kind: "group" })).json().id;
    individualId = (await service({ name: "Individual Therapy", minutes: 53, feeMinor: 15_000, kind: "individual" })).json().id;
  });

  /** A group of the doctor's at a free hour `daysAhead` on. */
  async function aGroup(capacity: number, daysAhead = 12) {
    const { app } = testApp();
    const [slot] = await slotsOf(app, doctor, doctor.id, weekdayAhead(daysAhead + Math.floor(Math.random() * 40)));
    const made = await app.inject({
      method: "POST",
      url: "/api/groups",
      payload: { title: "Breathing together", startTime: slot, capacity, serviceId: groupServiceId },
      headers: as(doctor),
    });
    expect(made.statusCode, made.body).toBe(200);
    return made.json() as GroupAnswer & { startTime: string };
  }

  /** A patient in the doctor's care (they booked and cancelled a session with them long ago... or simply booked one far ahead). */
  async function aCaredForPatient() {
    const { app } = testApp();
    const patient = await aPatient(app);
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(90 + Math.floor(Math.random() * 60)));
    expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    return patient;
  }

  it("lists a doctor's open groups to the patients in their care, who join one without seeing who else is in it", async () => {
    const { app } = testApp();
    const group = await aGroup(3);
    const [first, second] = [await aCaredForPatient(), await aCaredForPatient()];
    const stranger = await aPatient(app);
    expect((await groupsOf(app, stranger)).find((g) => g.id === group.id)).toBeUndefined();
    expect((await join(app, stranger, group.id)).statusCode).toBe(404);

    const listed = (await groupsOf(app, first)).find((g) => g.id === group.id);
    expect(listed).toMatchObject({ taken: 0, capacity: 3, full: false });
    expect(listed).not.toHaveProperty("members");
    const place = await join(app, first, group.id);
    expect(place.statusCode, place.body).toBe(200);
    expect(place.json()).toMatchObject({
      patientId: first.id,
      status: "scheduled",
      startTime: group.startTime,
      feeMinor: 6_000,
      party: { kind: "group", others: [] },
    });
    expect((await join(app, second, group.id)).statusCode).toBe(200);
    // A second join of the same patient is refused: they already have that hour.
    expect((await join(app, first, group.id)).statusCode).toBe(409);

    // Members see their place and the seats, never one another; the doctor sees both.
    const mine = (await groupsOf(app, first)).find((g) => g.id === group.id)!;
    expect(mine).toMatchObject({ taken: 2, placeId: place.json().id });
    const ownList = (await app.inject({ method: "GET", url: "/api/appointments", headers: as(first) })).json() as {
      id: number;
      party?: { others: unknown[] };
    }[];
    expect(ownList.find((a) => a.id === place.json().id)?.party?.others).toEqual([]);
    const doctorsView = (await groupsOf(app, doctor)).find((g) => g.id === group.id)!;
    expect(doctorsView.members?.map((m) => m.patientId).sort()).toEqual([first.id, second.id].sort());
  });

  it("fills up: one seat left and many joining at once seats exactly one, and a full group says so", async () => {
    const { app } = testApp();
    const group = await aGroup(2);
    const patients = await Promise.all(Array.from({ length: 5 }, () => aCaredForPatient()));
    const answers = await Promise.all(patients.map((patient) => join(app, patient, group.id)));
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(2);
    const refused = answers.filter((answer) => answer.statusCode !== 200);
    expect(refused.map((answer) => answer.statusCode)).toEqual([409, 409, 409]);
    expect(refused[0]!.json().message).toBe("This group is full.");
    expect((await groupsOf(app, doctor)).find((g) => g.id === group.id)).toMatchObject({ taken: 2, full: true });
    const places = await app.clinic.db.selectFrom("appointments").select("id").where("party_id", "=", group.id).execute();
    expect(places).toHaveLength(2);
  });

  it("lets the doctor add a patient in their care, a member leave alone, and the doctor cancel it for everyone", async () => {
    const { app } = testApp();
    const group = await aGroup(4);
    const [added, leaving] = [await aCaredForPatient(), await aCaredForPatient()];
    const outsider = await aPatient(app);
    const add = (who: SignedIn, patientId: number) =>
      app.inject({ method: "POST", url: `/api/groups/${group.id}/members`, payload: { patientId }, headers: as(who) });
    expect((await add(doctor, outsider.id)).statusCode).toBe(403);
    expect((await add(doctor, added.id)).statusCode).toBe(200);
    // Another doctor's group does not exist for them.
    const otherDoctor = await aStaffMember(app, "doctor");
    expect((await add(otherDoctor, added.id)).statusCode).toBe(404);
    // An admin adds anyone (which puts them in the doctor's care).
    expect((await add(admin, outsider.id)).statusCode).toBe(200);
    const left = (await join(app, leaving, group.id)).json();

    // Leaving cancels the member's own place; the group and the others stay, and its hour stays the doctor's.
    expect((await patch(app, leaving, left.id, { status: "cancelled" })).statusCode).toBe(200);
    expect((await groupsOf(app, doctor)).find((g) => g.id === group.id)).toMatchObject({ taken: 2 });
    expect(await slotsOf(app, await aPatient(app), doctor.id, group.startTime.slice(0, 10))).not.toContain(group.startTime);
    // A member's edit is their own place's: the group's title, which every patient in the doctor's care reads, stays the doctor's.
    const ownPlace = (await app.inject({ method: "GET", url: "/api/appointments", headers: as(added) }))
      .json()
      .find((a: { startTime: string }) => a.startTime === group.startTime);
    expect((await patch(app, added, ownPlace.id, { title: "Call 555-0100 instead" })).statusCode).toBe(200);
    expect((await groupsOf(app, added)).find((g) => g.id === group.id)).toMatchObject({ title: "Breathing together" });
    // A member cannot move a group's time.
    const addedPlace = (await app.inject({ method: "GET", url: "/api/appointments", headers: as(added) }))
      .json()
      .find((a: { startTime: string }) => a.startTime === group.startTime);
    expect((await patch(app, added, addedPlace.id, { startTime: new Date(Date.parse(group.startTime) + 3_600_000).toISOString() })).statusCode).toBe(400);

    const cancel = (who: SignedIn) => app.inject({ method: "POST", url: `/api/groups/${group.id}/cancel`, headers: as(who) });
    expect((await cancel(otherDoctor)).statusCode).toBe(404);
    expect((await cancel(added)).statusCode).toBe(403);
    expect((await cancel(doctor)).statusCode).toBe(200);
    const statuses = await app.clinic.db.selectFrom("appointments").select("status").where("party_id", "=", group.id).execute();
    expect(statuses.map((row) => row.status)).toEqual(["cancelled", "cancelled", "cancelled"]);
    expect((await groupsOf(app, doctor)).find((g) => g.id === group.id)).toBeUndefined();
    // Its hour is free again.
    expect(await slotsOf(app, await aPatient(app), doctor.id, group.startTime.slice(0, 10))).toContain(group.startTime);
  });

  it("lets its doctor move the group, every place with it, unless a member is busy then; a member never moves it", async () => {
    const { app } = testApp();
    const group = await aGroup(4);
    const [first, second] = [await aCaredForPatient(), await aCaredForPatient()];
    const places = [(await join(app, first, group.id)).json(), (await join(app, second, group.id)).json()] as { id: number }[];
    const [, later, latest] = await slotsOf(app, doctor, doctor.id, group.startTime.slice(0, 10));
    const startsOf = async () =>
      (await app.clinic.db.selectFrom("appointments").select("start_time").where("party_id", "=", group.id).where("status", "=", "scheduled").execute()).map(
        (row) => new Date(row.start_time).toISOString(),
      );

    // A member who has a session with another doctor at the new time: nothing moves, and whose it is is not said.
    const elsewhere = await aStaffMember(app, "doctor");
    expect((await book(app, second, { doctorId: elsewhere.id, startTime: later })).statusCode).toBe(200);
    const refused = await patch(app, doctor, places[0]!.id, { startTime: later });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe("That time is not free for every member of the group. Please choose another time.");
    expect(await startsOf()).toEqual([group.startTime, group.startTime]);

    // A member may not; its doctor may, through any place: the group and every place move, each member told.
    for (const who of [first, second, doctor]) {
      await app.clinic.db
        .updateTable("users")
        .set({ email: `member${who.id}@example.com`, email_verified_at: new Date().toISOString() })
        .where("id", "=", who.id)
        .execute();
    }
    expect((await patch(app, first, places[0]!.id, { startTime: latest })).statusCode).toBe(400);
    const moved = await patch(app, doctor, places[0]!.id, { startTime: latest });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await startsOf()).toEqual([latest, latest]);
    expect((await groupsOf(app, first)).find((g) => g.id === group.id)).toMatchObject({ startTime: latest });
    const told = await app.clinic.db
      .selectFrom("notices")
      .select("user_id")
      .where("kind", "=", "appointment_rescheduled")
      .where("user_id", "in", [first.id, second.id, doctor.id])
      .execute();
    // Each member once, and the doctor once for the group.
    expect(told.map((row) => row.user_id!).sort((a, b) => a - b)).toEqual([first.id, second.id, doctor.id].sort((a, b) => a - b));
    // Its old hour is free again.
    expect(await slotsOf(app, await aPatient(app), doctor.id, group.startTime.slice(0, 10))).toContain(group.startTime);
  });

  it("holds the doctor's hour while empty, and refuses bad groups with a clear 4xx that writes nothing", async () => {
    const { app } = testApp();
    const group = await aGroup(5);
    const single = await aPatient(app);
    expect(await slotsOf(app, single, doctor.id, group.startTime.slice(0, 10))).not.toContain(group.startTime);
    expect((await book(app, single, { doctorId: doctor.id, startTime: group.startTime })).statusCode).toBe(409);
    // The last member leaving frees no hour for the waitlist: the group still holds it.
    const anyTime = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: "00:00", end: "24:00" }));
    const waiting = await aPatient(app);
    const joined = await app.inject({
      method: "POST",
      url: "/api/waitlist",
      payload: { doctorId: doctor.id, times: anyTime, untilDate: weekdayAhead(120) },
      headers: as(waiting),
    });
    expect(joined.statusCode, joined.body).toBe(200);
    const member = await aCaredForPatient();
    const place = (await join(app, member, group.id)).json();
    expect((await patch(app, member, place.id, { status: "cancelled" })).statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/waitlist/offers", headers: as(waiting) })).json()).toEqual([]);

    // A waitlist offer holding an hour is withdrawn, with an apology, when a group is set at it.
    const freer = await aPatient(app);
    const [held] = await slotsOf(app, freer, doctor.id, weekdayAhead(65));
    const freed = (await book(app, freer, { doctorId: doctor.id, startTime: held })).json();
    expect((await patch(app, freer, freed.id, { status: "cancelled" })).statusCode).toBe(200);
    const offers = async () => (await app.inject({ method: "GET", url: "/api/waitlist/offers", headers: as(waiting) })).json() as { startTime: string }[];
    expect((await offers()).map((offer) => offer.startTime)).toEqual([held]);
    const over = await app.inject({
      method: "POST",
      url: "/api/groups",
      payload: { title: "Over it", startTime: held, capacity: 4, serviceId: groupServiceId },
      headers: as(doctor),
    });
    expect(over.statusCode, over.body).toBe(200);
    expect(await offers()).toEqual([]);
    const withdrawn = await app.clinic.db
      .selectFrom("waitlist_offers")
      .select("status")
      .where("patient_id", "=", waiting.id)
      .where("start_time", "=", held!)
      .execute();
    expect(withdrawn.map((offer) => offer.status)).toEqual(["withdrawn"]);

    const [slot] = await slotsOf(app, doctor, doctor.id, weekdayAhead(70));
    const count = async () =>
      Number(
        (
          await app.clinic.db
            .selectFrom("appointment_parties")
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const make = (who: SignedIn, body: Record<string, unknown>) =>
      app.inject({
        method: "POST",
        url: "/api/groups",
        payload: { title: "Group", startTime: slot, capacity: 6, serviceId: groupServiceId, ...body },
        headers: as(who),
      });
    const refusals: [SignedIn, Record<string, unknown>, number, RegExp][] = [
      [doctor, { capacity: 13 }, 400, /2 to 12 patients/],
      [doctor, { capacity: 1 }, 400, /2 to 12 patients/],
      [doctor, { serviceId: individualId }, 400, /group services/],
      [doctor, { title: " " }, 400, /title/],
      [doctor, { startTime: group.startTime }, 409, /just been taken/],
      [admin, {}, 400, /Choose the doctor/],
      [single, {}, 403, /./],
    ];
    for (const [who, body, status, message] of refusals) {
      const refused = await make(who, body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(status);
      expect(refused.json().message).toMatch(message);
    }
    expect(await count()).toBe(before);
  });
});
