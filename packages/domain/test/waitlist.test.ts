// The waitlist's rules on the domain (issue 36, part 3): a freed hour goes to the first person it
// suits, in the order they joined, one at a time; the hold lasts the clinic's setting; declining
// and expiry move it on and never back; a direct booking withdraws it with an apology; accepting
// books it once. On both databases, with the clock in the test's hand, across New York's spring
// change of clocks (9 March 2031): the freed hour is 15:00 on the clinic's clock.
import { insertUser, type User } from "@halcyon/db";
import { describeEachDatabase, TEST_SECRETS_KEY, testUser } from "@halcyon/db/testing";
import { describe, expect, it } from "vitest";
import { bookAppointment } from "../src/appointments/book-appointment";
import { updateAppointment } from "../src/appointments/update-appointment";
import type { RequestContext } from "../src/context";
import { createClinicServices, DEFAULT_CLINIC_CONFIG, expireWaitlistOffers, type ClinicEvent } from "../src/index";
import { acceptOffer, declineOffer, listOwnOffers } from "../src/waitlist/answers";
import { joinWaitlist, leaveWaitlist, listWaitlist } from "../src/waitlist/entries";
import type { JoinWaitlistInput } from "../src/waitlist/waitlist.schema";
import { addedStarts, suits } from "../src/waitlist/waitlist-times";

const MINUTE = 60_000;
/** Monday 3 March 2031, 12:00 UTC: before the clocks change in New York. */
const START = Date.parse("2031-03-03T12:00:00.000Z");
/** Tuesday 11 March 2031, 15:00 in New York (EDT, UTC−4): after the change. */
const TUESDAY_3PM = "2031-03-11T19:00:00.000Z";
const TUESDAY_4PM = "2031-03-11T20:00:00.000Z";

const TUESDAY_AFTERNOONS: JoinWaitlistInput["times"] = [{ weekday: 2, start: "14:00", end: "17:00" }];
const TUESDAYS: JoinWaitlistInput["times"] = [{ weekday: 2, start: "09:00", end: "17:00" }];
const WEDNESDAYS: JoinWaitlistInput["times"] = [{ weekday: 3, start: "09:00", end: "17:00" }];

describeEachDatabase("waitlist", (database) => {
  let clock = START;
  const events: ClinicEvent[] = [];
  let services: ReturnType<typeof createClinicServices> | undefined;
  const clinic = () => {
    if (!services) {
      services = createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: database(), config: DEFAULT_CLINIC_CONFIG, now: () => new Date(clock) });
      services.events.subscribe((event) => events.push(event));
    }
    return services;
  };
  const as = (user: User): RequestContext & { user: User } => ({
    ...clinic(),
    user,
    sessionToken: null,
    request: { ip: null, userAgent: null },
    cookies: { set: () => {}, clear: () => {} },
    pendingSignIn: { set: () => {}, clear: () => {}, token: null },
  });

  let people = 0;
  /** A member who gets email, so notices are written for them. */
  async function aMember(role: "patient" | "doctor"): Promise<User> {
    people += 1;
    const user = await insertUser(clinic().db, { ...testUser(`${role}${people}`, role), email: `${role}${people}@example.com` });
    await clinic().db.updateTable("users").set({ email_verified_at: "2026-11-22T10:00:00.000Z" }).where("id", "=", user.id).execute();
    return user;
  }

  /** Joins `doctor`'s waitlist a minute after whoever joined before. */
  async function join(patient: User, doctor: User, times: JoinWaitlistInput["times"]) {
    clock += MINUTE;
    return joinWaitlist(as(patient), { doctorId: doctor.id, times, untilDate: "2031-04-30" });
  }

  async function noticesOf(userId: number, kind: string) {
    return clinic().db.selectFrom("notices").select(["kind", "params", "subject"]).where("user_id", "=", userId).where("kind", "=", kind).execute();
  }

  /** A doctor with a Tuesday 15:00 session whose patient then cancels it, and three people waiting. */
  async function aCancelledHourWithThreeWaiting() {
    clock = START;
    const doctor = await aMember("doctor");
    const booker = await aMember("patient");
    const [first, second, never] = [await aMember("patient"), await aMember("patient"), await aMember("patient")];
    const session = await bookAppointment(as(booker), { doctorId: doctor.id, startTime: TUESDAY_3PM, title: "Weekly" });
    // Joined in this order: Tuesday afternoons, all of Tuesday, Wednesdays only.
    await join(first, doctor, TUESDAY_AFTERNOONS);
    await join(second, doctor, TUESDAYS);
    await join(never, doctor, WEDNESDAYS);
    clock += MINUTE;
    events.length = 0;
    await updateAppointment(as(booker), { id: session.id, status: "cancelled" });
    return { doctor, booker, first, second, never, session };
  }

  it("offers a cancelled hour to the first who joined and whom it suits, holds it 15 minutes, and never says who cancelled", async () => {
    const { first, second, never, doctor } = await aCancelledHourWithThreeWaiting();
    const [offer, ...more] = await listOwnOffers(as(first));
    expect(more).toEqual([]);
    expect(offer).toMatchObject({ startTime: TUESDAY_3PM, expiresAt: new Date(clock + 15 * MINUTE).toISOString() });
    expect(await listOwnOffers(as(second))).toEqual([]);
    expect(await listOwnOffers(as(never))).toEqual([]);
    // In the app at once (to them alone), and by email; neither names the one who cancelled.
    expect(events.filter((event) => event.type === "waitlist_offer_changed")).toEqual([
      { type: "waitlist_offer_changed", data: { offerId: offer!.id }, recipients: [first.id] },
    ]);
    const [email] = await noticesOf(first.id, "waitlist_offer");
    const params: unknown = typeof email!.params === "string" ? JSON.parse(email!.params) : email!.params;
    expect(params).toEqual({
      offerId: offer!.id,
      startTime: TUESDAY_3PM,
      expiresAt: offer!.expiresAt,
      clinicianName: `${doctor.firstName} ${doctor.lastName}`,
    });
    expect(email!.subject).not.toMatch(/cancel/i);
  });

  it("moves a declined offer on to the next in line, and never back to one who declined", async () => {
    const { first, second, never } = await aCancelledHourWithThreeWaiting();
    const [offer] = await listOwnOffers(as(first));
    await declineOffer(as(first), offer!.id);
    expect(await listOwnOffers(as(first))).toEqual([]);
    const [next] = await listOwnOffers(as(second));
    expect(next).toMatchObject({ startTime: TUESDAY_3PM });
    // The second declines too: nobody left whom it suits (the first declined it; Wednesdays do not suit).
    await declineOffer(as(second), next!.id);
    expect(await listOwnOffers(as(first))).toEqual([]);
    expect(await listOwnOffers(as(never))).toEqual([]);
    // A declined offer cannot be answered again.
    await expect(acceptOffer(as(first), offer!.id)).rejects.toMatchObject({ appCode: "CONFLICT" });
  });

  it("expires a hold after the setting's minutes and moves the hour on; an expired offer cannot be accepted", async () => {
    const { first, second, doctor } = await aCancelledHourWithThreeWaiting();
    const [offer] = await listOwnOffers(as(first));
    clock += 14 * MINUTE;
    await expireWaitlistOffers(clinic());
    expect(await listOwnOffers(as(first))).toHaveLength(1);
    clock += 2 * MINUTE;
    // Past the hold, before the sweep: already refused, nothing booked.
    await expect(acceptOffer(as(first), offer!.id)).rejects.toMatchObject({ appCode: "CONFLICT" });
    await expireWaitlistOffers(clinic());
    expect(await listOwnOffers(as(second))).toMatchObject([{ startTime: TUESDAY_3PM }]);
    await expect(acceptOffer(as(first), offer!.id)).rejects.toMatchObject({ appCode: "CONFLICT" });
    const booked = await clinic()
      .db.selectFrom("appointments")
      .select("patient_id")
      .where("doctor_id", "=", doctor.id)
      .where("status", "=", "scheduled")
      .execute();
    expect(booked).toEqual([]);
  });

  it("follows the clinic's hold setting", async () => {
    clinic().config.waitlistHoldMs = 5 * MINUTE;
    try {
      const { first } = await aCancelledHourWithThreeWaiting();
      expect(await listOwnOffers(as(first))).toMatchObject([{ expiresAt: new Date(clock + 5 * MINUTE).toISOString() }]);
    } finally {
      clinic().config.waitlistHoldMs = DEFAULT_CLINIC_CONFIG.waitlistHoldMs;
    }
  });

  it("withdraws an offer, with an apology, when someone books the hour directly; the person offered it stays on the list", async () => {
    const { first, doctor } = await aCancelledHourWithThreeWaiting();
    const [offer] = await listOwnOffers(as(first));
    const walkIn = await aMember("patient");
    await bookAppointment(as(walkIn), { doctorId: doctor.id, startTime: TUESDAY_3PM, title: "Booked directly" });
    expect(await listOwnOffers(as(first))).toEqual([]);
    expect(await noticesOf(first.id, "waitlist_offer_withdrawn")).toHaveLength(1);
    await expect(acceptOffer(as(first), offer!.id)).rejects.toMatchObject({ appCode: "CONFLICT", message: expect.stringMatching(/booked by someone else/) });
    expect((await listWaitlist(as(first), undefined)).map((entry) => entry.doctorId)).toEqual([doctor.id]);
  });

  it("books an accepted offer once: the entry ends, a second accept is refused and writes nothing", async () => {
    const { first, doctor } = await aCancelledHourWithThreeWaiting();
    const [offer] = await listOwnOffers(as(first));
    const booked = await acceptOffer(as(first), offer!.id);
    expect(booked).toMatchObject({ patientId: first.id, doctorId: doctor.id, startTime: TUESDAY_3PM, status: "scheduled" });
    expect(await listWaitlist(as(first), undefined)).toEqual([]);
    await expect(acceptOffer(as(first), offer!.id)).rejects.toMatchObject({ appCode: "CONFLICT", message: expect.stringMatching(/already accepted/) });
    const sessions = await clinic().db.selectFrom("appointments").select("id").where("doctor_id", "=", doctor.id).where("status", "=", "scheduled").execute();
    expect(sessions).toHaveLength(1);
  });

  it("gives a person one offer at a time: a second freed hour goes to the next in line", async () => {
    const { first, second, doctor } = await aCancelledHourWithThreeWaiting();
    const other = await aMember("patient");
    const later = await bookAppointment(as(other), { doctorId: doctor.id, startTime: TUESDAY_4PM, title: "Weekly" });
    await updateAppointment(as(other), { id: later.id, status: "cancelled" });
    expect((await listOwnOffers(as(first))).map((offer) => offer.startTime)).toEqual([TUESDAY_3PM]);
    expect((await listOwnOffers(as(second))).map((offer) => offer.startTime)).toEqual([TUESDAY_4PM]);
  });

  it("never offers a patient back the hour they have just cancelled", async () => {
    clock = START;
    const doctor = await aMember("doctor");
    const booker = await aMember("patient");
    const waiting = await aMember("patient");
    const session = await bookAppointment(as(booker), { doctorId: doctor.id, startTime: TUESDAY_3PM, title: "Weekly" });
    // The booker waits for an earlier Tuesday too, and joined first.
    await join(booker, doctor, TUESDAYS);
    await join(waiting, doctor, TUESDAYS);
    await updateAppointment(as(booker), { id: session.id, status: "cancelled" });
    expect(await listOwnOffers(as(booker))).toEqual([]);
    expect(await listOwnOffers(as(waiting))).toMatchObject([{ startTime: TUESDAY_3PM }]);
  });

  it("passes an offer held by an entry its patient leaves to the next in line", async () => {
    const { first, second } = await aCancelledHourWithThreeWaiting();
    const [entry] = await listWaitlist(as(first), undefined);
    await leaveWaitlist(as(first), entry!.id);
    expect(await listOwnOffers(as(first))).toEqual([]);
    expect(await listOwnOffers(as(second))).toMatchObject([{ startTime: TUESDAY_3PM }]);
  });
});

describe("which hours suit whom, on the clinic's clock", () => {
  const zone = "America/New_York";
  it("reads a patient's times in the clinic's zone on both sides of a change of clocks", () => {
    const tuesdays = [{ weekday: 2, startMinute: 15 * 60, endMinute: 16 * 60 }];
    // 15:00 in New York: UTC−5 before 9 March 2031, UTC−4 after.
    expect(suits(tuesdays, new Date("2031-03-04T20:00:00.000Z"), zone)).toBe(true);
    expect(suits(tuesdays, new Date("2031-03-11T19:00:00.000Z"), zone)).toBe(true);
    expect(suits(tuesdays, new Date("2031-03-11T20:00:00.000Z"), zone)).toBe(false);
    // The whole session must fit: 15:30 to 16:30 does not.
    expect(suits(tuesdays, new Date("2031-03-11T19:30:00.000Z"), zone)).toBe(false);
  });

  it("finds the hours a change of working hours adds, and only those", () => {
    const before = [{ weekday: 2, startMinute: 9 * 60, endMinute: 12 * 60 }];
    const after = [{ weekday: 2, startMinute: 9 * 60, endMinute: 14 * 60 }];
    expect(addedStarts(before, after, "2031-03-10", 9, zone).map((start) => start.toISOString())).toEqual([
      "2031-03-11T16:00:00.000Z",
      "2031-03-11T17:00:00.000Z",
      "2031-03-18T16:00:00.000Z",
      "2031-03-18T17:00:00.000Z",
    ]);
    expect(addedStarts(after, before, "2031-03-10", 9, zone)).toEqual([]);
  });
});
