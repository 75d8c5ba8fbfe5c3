// A video room lives exactly as long as what justifies it: a cancelled session's room shuts, a
// rescheduled session's room moves with it, ended care shuts the pair's rooms, and an instant
// visit's room closes after two hours. Each time with both parties in the call: they hear why it
// ended, their signals stop being relayed, and nobody joins again.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, patch, signConsents, signInAs, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { ask, frameAfter, sendFrame, socketsTo, type OpenSocket } from "./sockets";

const isError = (frame: { type: string }) => frame.type === "error";
const OFFER = { description: { type: "offer", sdp: "v=0\r\n" } };

function get(app: FastifyInstance, who: SignedIn, url: string) {
  return app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
}

describeApp("a video room's life", (testApp) => {
  const open = socketsTo(() => testApp().app);
  /** Both parties in the room's call: joined, the patient admitted, a signal passed. */
  async function inCall(doctor: SignedIn, patient: SignedIn, visitId: number) {
    const [doctorSocket, patientSocket] = [await open(doctor), await open(patient)];
    await ask(doctorSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await ask(patientSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await ask(doctorSocket, "visit_admit", { visitId }, (f) => f.type === "visit_admit");
    const from = patientSocket.received.length;
    sendFrame(doctorSocket, "visit_signal", { visitId, payload: OFFER });
    await frameAfter(patientSocket, from, (f) => f.type === "visit_signal");
    return { doctorSocket, patientSocket };
  }

  /** Both heard the end, with its reason; a signal from either is refused and reaches nobody. */
  async function callEnded(call: { doctorSocket: OpenSocket; patientSocket: OpenSocket }, visitId: number, reason: string) {
    for (const socket of [call.doctorSocket, call.patientSocket]) {
      const ended = await frameAfter(socket, 0, (f) => f.type === "visit_end");
      expect(ended.data).toMatchObject({ visitId, reason });
    }
    const heard = call.patientSocket.received.filter((f) => f.type === "visit_signal").length;
    const refused = await ask(call.doctorSocket, "visit_signal", { visitId, payload: OFFER }, isError);
    expect(refused.data.code).toBe("FORBIDDEN");
    expect(call.patientSocket.received.filter((f) => f.type === "visit_signal")).toHaveLength(heard);
  }

  /** A booking three clinic days ahead, with both parties signed in again once its room has opened. */
  async function anOpenSessionRoom(app: FastifyInstance, advance: (ms: number) => void) {
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    await signConsents(app, patient);
    const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3, app.clinic.now()));
    const appointment = (await book(app, patient, { doctorId: doctor.id, startTime })).json();
    const visit = (await get(app, patient, `/api/appointments/${appointment.id}/visit`)).json();
    advance(Date.parse(visit.opensAt) - app.clinic.now().getTime());
    const signedInAgain = async () => ({
      doctor: await signInAs(app, doctor.username, doctor.password),
      patient: await signInAs(app, patient.username, patient.password),
    });
    return { appointment, visitId: visit.id as number, signedInAgain, ...(await signedInAgain()) };
  }

  it("shuts a cancelled session's room and ends the call in it", async () => {
    const { app, advance } = testApp();
    const { appointment, visitId, doctor, patient } = await anOpenSessionRoom(app, advance);
    const call = await inCall(doctor, patient, visitId);

    expect((await patch(app, patient, appointment.id, { status: "cancelled" })).statusCode).toBe(200);
    await callEnded(call, visitId, "appointment_cancelled");
    expect((await ask(call.patientSocket, "visit_join", { visitId }, isError)).data).toEqual({
      code: "CONFLICT",
      message: "This visit has ended. The session was cancelled.",
    });
    expect((await get(app, doctor, `/api/visits/${visitId}`)).json()).toMatchObject({ state: "ended", closedBecause: "appointment_cancelled", iceServers: [] });
  });

  it("moves a rescheduled session's room with it: the call ends now, and the room opens at the new time", async () => {
    const { app, advance } = testApp();
    const { appointment, visitId, doctor, patient, signedInAgain } = await anOpenSessionRoom(app, advance);
    const call = await inCall(doctor, patient, visitId);

    const [later] = await slotsOf(app, doctor, appointment.doctorId, weekdayAhead(7, app.clinic.now()));
    const moved = await patch(app, doctor, appointment.id, { startTime: later });
    expect(moved.statusCode, moved.body).toBe(200);
    await callEnded(call, visitId, "appointment_moved");
    const opensAt = new Date(Date.parse(moved.json().startTime) - 15 * 60_000).toISOString();
    expect((await ask(call.patientSocket, "visit_join", { visitId }, isError)).data).toEqual({
      code: "CONFLICT",
      message: `This room is not open yet: it opens at ${opensAt}.`,
    });
    expect((await get(app, patient, `/api/visits/${visitId}`)).json()).toMatchObject({
      state: "not_open",
      opensAt,
      closesAt: new Date(Date.parse(moved.json().endTime) + 30 * 60_000).toISOString(),
    });

    // At the new time the same room opens.
    advance(Date.parse(opensAt) - app.clinic.now().getTime());
    const then = await signedInAgain();
    await inCall(then.doctor, then.patient, visitId);
  });

  it("shuts the pair's rooms when an admin ends the care, and ends the call in progress", async () => {
    const { app } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    await signConsents(app, patient);
    const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3, app.clinic.now()));
    expect((await book(app, patient, { doctorId: doctor.id, startTime })).statusCode).toBe(200);
    const visitId = (await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } })).json()
      .id;
    const call = await inCall(doctor, patient, visitId);

    const admin = await aStaffMember(app, "admin");
    const ended = await app.inject({ method: "DELETE", url: `/api/admin/patients/${patient.id}/care/${doctor.id}`, headers: { cookie: admin.cookie } });
    expect(ended.statusCode, ended.body).toBe(200);
    await callEnded(call, visitId, "care_ended");
    expect((await ask(call.doctorSocket, "visit_join", { visitId }, isError)).data).toEqual({
      code: "CONFLICT",
      message: "This visit has ended. The care this visit belonged to has ended.",
    });
    expect((await get(app, patient, `/api/visits/${visitId}`)).json()).toMatchObject({ state: "ended", closedBecause: "care_ended", iceServers: [] });
    expect((await get(app, patient, `/api/visits/with/${doctor.id}`)).json()).toEqual({ visitId: null, nextOpensAt: null });
  });

  it("closes an instant visit's room two hours after it began", async () => {
    const { app, advance } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    await signConsents(app, patient);
    const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3, app.clinic.now()));
    expect((await book(app, patient, { doctorId: doctor.id, startTime })).statusCode).toBe(200);
    const visitId = (await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } })).json()
      .id;
    const call = await inCall(doctor, patient, visitId);

    advance(2 * 60 * 60_000);
    const heard = call.patientSocket.received.filter((f) => f.type === "visit_signal").length;
    expect((await ask(call.doctorSocket, "visit_signal", { visitId, payload: OFFER }, isError)).data).toEqual({
      code: "CONFLICT",
      message: "This visit has ended.",
    });
    expect((await ask(call.patientSocket, "visit_join", { visitId }, isError)).data).toEqual({ code: "CONFLICT", message: "This visit has ended." });
    expect(call.patientSocket.received.filter((f) => f.type === "visit_signal")).toHaveLength(heard);
    const again = await signInAs(app, doctor.username, doctor.password);
    expect((await get(app, again, `/api/visits/${visitId}`)).json()).toMatchObject({ state: "ended", closedBecause: "time_up" });
    expect((await get(app, again, `/api/visits/with/${patient.id}`)).json().visitId).toBeNull();
  });
});
