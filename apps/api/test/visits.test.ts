// Video visits' rooms: one per appointment for its two parties only, open from 15 minutes before
// to 30 minutes after the session; instant visits a doctor starts with a patient in their care;
// and the ICE servers each party is given, TURN credentials included.
import { createHmac } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { parseEnv } from "../src/env";
import { aPatient, aStaffMember, book, patch, signInAs, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

const MINUTE = 60_000;

function get(app: FastifyInstance, who: SignedIn, url: string) {
  return app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
}

/** A patient's booking with a new doctor, three clinic days ahead. */
async function aBooking(app: FastifyInstance) {
  const doctor = await aStaffMember(app, "doctor");
  const patient = await aPatient(app);
  const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
  const booked = await book(app, patient, { doctorId: doctor.id, startTime });
  expect(booked.statusCode, booked.body).toBe(200);
  return { doctor, patient, appointment: booked.json() as { id: number; startTime: string; endTime: string } };
}

describeApp("video visits", (testApp) => {
  it("gives an appointment's patient and doctor the same room, open from 15 minutes before to 30 after", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, appointment } = await aBooking(app);
    const url = `/api/appointments/${appointment.id}/visit`;

    const forPatient = await get(app, patient, url);
    expect(forPatient.statusCode, forPatient.body).toBe(200);
    expect(forPatient.json()).toEqual({
      id: expect.any(Number),
      appointmentId: appointment.id,
      state: "not_open",
      role: "patient",
      otherParty: { id: doctor.id, firstName: "Helena", lastName: expect.stringMatching(/^Staff/) },
      opensAt: new Date(Date.parse(appointment.startTime) - 15 * MINUTE).toISOString(),
      closesAt: new Date(Date.parse(appointment.endTime) + 30 * MINUTE).toISOString(),
      closedBecause: null,
      startedAt: null,
      endedAt: null,
      // A new patient: the telehealth consent is to sign before joining (paperwork.test.ts).
      consentNeeded: expect.stringContaining("sign the telehealth consent"),
      iceServers: [],
    });
    const forDoctor = await get(app, doctor, url);
    expect(forDoctor.json().id).toBe(forPatient.json().id);
    expect((await get(app, doctor, `/api/visits/${forPatient.json().id}`)).json()).toEqual(forDoctor.json());
    expect(forDoctor.json()).toMatchObject({ role: "doctor", otherParty: { id: patient.id } });

    // Days later (signed in again): open a quarter of an hour before, ended half an hour after.
    advance(Date.parse(forPatient.json().opensAt) - app.clinic.now().getTime() - MINUTE);
    expect((await get(app, await signInAs(app, patient.username, patient.password), url)).json().state).toBe("not_open");
    advance(2 * MINUTE);
    expect((await get(app, await signInAs(app, patient.username, patient.password), url)).json().state).toBe("open");
    advance(Date.parse(forPatient.json().closesAt) - app.clinic.now().getTime());
    expect((await get(app, await signInAs(app, doctor.username, doctor.password), url)).json()).toMatchObject({ state: "ended", closedBecause: "time_up" });
  });

  it("is no one else's room: other patients, other doctors and admins are told it does not exist", async () => {
    const { app } = testApp();
    const { patient, appointment } = await aBooking(app);
    const visitId = (await get(app, patient, `/api/appointments/${appointment.id}/visit`)).json().id;
    const strangers = [await aPatient(app), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    for (const stranger of strangers) {
      for (const url of [`/api/appointments/${appointment.id}/visit`, `/api/visits/${visitId}`]) {
        const refused = await get(app, stranger, url);
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json().message).toBe("No such visit.");
      }
    }
    expect((await get(app, patient, "/api/appointments/999999/visit")).statusCode).toBe(404);
    expect((await app.inject({ method: "GET", url: `/api/visits/${visitId}` })).statusCode).toBe(401);
  });

  it("has no room for a cancelled appointment", async () => {
    const { app } = testApp();
    const { patient, appointment } = await aBooking(app);
    expect((await patch(app, patient, appointment.id, { status: "cancelled" })).statusCode).toBe(200);
    const refused = await get(app, patient, `/api/appointments/${appointment.id}/visit`);
    expect(refused.statusCode).toBe(404);
    expect(refused.json().message).toBe("This appointment was cancelled: it has no visit.");
  });

  it("lets a doctor start an instant visit with a patient in their care only, open for two hours at most, audited", async () => {
    const { app } = testApp();
    const { doctor, patient } = await aBooking(app);
    const started = await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } });
    expect(started.statusCode, started.body).toBe(200);
    const visit = (await get(app, patient, `/api/visits/${started.json().id}`)).json();
    expect(visit).toMatchObject({ appointmentId: null, state: "open", closesAt: new Date(Date.parse(visit.opensAt) + 120 * MINUTE).toISOString() });
    const audited = await app.clinic.db.selectFrom("audit_log").select(["actor_id", "target_id", "details"]).where("action", "=", "visit.start").execute();
    expect(audited).toEqual([{ actor_id: doctor.id, target_id: String(visit.id), details: expect.stringContaining(`"patientId":${patient.id}`) }]);

    const stranger = await aPatient(app);
    const notInCare = await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: stranger.id }, headers: { cookie: doctor.cookie } });
    expect(notInCare.statusCode).toBe(404);
    const byPatient = await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: patient.cookie } });
    expect(byPatient.statusCode).toBe(403);
  });
});

describeApp("the room a member and their partner meet in", (testApp) => {
  it("is their open instant visit, else their session's open room, else says when the next one opens", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, appointment } = await aBooking(app);
    const withDoctor = () => get(app, patient, `/api/visits/with/${doctor.id}`);
    const opensAt = new Date(Date.parse(appointment.startTime) - 15 * MINUTE).toISOString();
    expect((await withDoctor()).json()).toEqual({ visitId: null, nextOpensAt: opensAt });
    // A stranger's pair has nothing, and an admin has no partner.
    expect((await get(app, await aPatient(app), `/api/visits/with/${doctor.id}`)).json()).toEqual({ visitId: null, nextOpensAt: null });
    expect((await get(app, await aStaffMember(app, "admin"), `/api/visits/with/${doctor.id}`)).statusCode).toBe(403);

    const instant = (await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } })).json();
    expect((await withDoctor()).json()).toEqual({ visitId: instant.id, nextOpensAt: null });
    expect((await get(app, doctor, `/api/visits/with/${patient.id}`)).json()).toEqual({ visitId: instant.id, nextOpensAt: null });

    // Once the session's room opens (the instant visit aside), it is the session's.
    await app.clinic.db.updateTable("visits").set({ ended_at: app.clinic.now().toISOString() }).where("id", "=", instant.id).execute();
    advance(Date.parse(opensAt) - app.clinic.now().getTime());
    const again = await signInAs(app, patient.username, patient.password);
    const room = (await get(app, again, `/api/appointments/${appointment.id}/visit`)).json();
    expect((await get(app, again, `/api/visits/with/${doctor.id}`)).json()).toEqual({ visitId: room.id, nextOpensAt: null });
  });
});

const TURN_SECRET = "a-turn-secret-of-some-length";

describeApp(
  "video visits' ICE servers",
  (testApp) => {
    it("hands each party the clinic's STUN server and a TURN credential of their own, only while the room is open, expiring with it", async () => {
      const { app, advance } = testApp();
      const { doctor, patient, appointment } = await aBooking(app);
      const url = `/api/appointments/${appointment.id}/visit`;
      // Not before the room opens.
      expect((await get(app, patient, url)).json().iceServers).toEqual([]);

      const instant = (await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } })).json();
      const now = Math.floor(app.clinic.now().getTime() / 1000);
      const [forPatient, forDoctor] = await Promise.all(
        [patient, doctor].map(async (who) => (await get(app, who, `/api/visits/${instant.id}`)).json().iceServers),
      );
      expect(forPatient[0]).toEqual({ urls: "stun:stun.clinic.example:3478" });
      const turn = forPatient[1];
      expect(turn.urls).toEqual(["turn:turn.clinic.example:3478?transport=udp", "turns:turn.clinic.example:5349"]);
      const [expiry, userId] = turn.username.split(":").map(Number);
      expect(userId).toBe(patient.id);
      // An instant visit's room closes after two hours: its credential with it, not six hours on.
      expect(expiry).toBeGreaterThanOrEqual(now + 2 * 3600);
      expect(expiry).toBeLessThan(now + 2 * 3600 + 60);
      expect(turn.credential).toBe(createHmac("sha1", TURN_SECRET).update(turn.username).digest("base64"));
      expect(forDoctor[1].username.endsWith(`:${doctor.id}`)).toBe(true);

      // Once the room has closed, nothing more is handed out.
      advance(2 * 60 * MINUTE);
      const later = await signInAs(app, patient.username, patient.password);
      expect((await get(app, later, `/api/visits/${instant.id}`)).json()).toMatchObject({ state: "ended", closedBecause: "time_up", iceServers: [] });
    });

    it("refuses a configuration it cannot use, saying what is wrong", () => {
      expect(() => parseEnv({ ICE_SERVERS: "stun:nope" })).toThrow(/ICE_SERVERS: use a JSON list/);
      expect(() => parseEnv({ ICE_SERVERS: '[{"urls":"http://x"}]' })).toThrow(/ICE_SERVERS/);
      expect(() => parseEnv({ TURN_URLS: "turn:turn.clinic.example:3478" })).toThrow(/set TURN_URLS and TURN_SECRET together/);
      expect(() => parseEnv({ TURN_URLS: "http://x", TURN_SECRET })).toThrow(/TURN_URLS/);
    });
  },
  {
    ICE_SERVERS: '[{"urls":"stun:stun.clinic.example:3478"}]',
    TURN_URLS: "turn:turn.clinic.example:3478?transport=udp, turns:turn.clinic.example:5349",
    TURN_SECRET,
  },
);
