// A video visit's signalling over /ws: the patient waits, the doctor admits, offers, answers and
// ICE candidates pass between the two parties only and only while the room is open; the record
// keeps who joined, was admitted, left and when the visit ended. Bad and flooding frames are
// answered with errors; the socket and the server stay up.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, listen, signConsents, signInAs, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp, describeTwoInstances } from "./helper";
import { ask, frameAfter, openSocket, sendFrame, socketsTo, until } from "./sockets";

const isError = (frame: { type: string }) => frame.type === "error";
const OFFER = { description: { type: "offer", sdp: "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\n" } };

/** A doctor and a patient in their care (a booking puts them there), who signed the consents. */
async function aCarePair(app: FastifyInstance) {
  const doctor = await aStaffMember(app, "doctor");
  const patient = await aPatient(app);
  await signConsents(app, patient);
  const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
  expect((await book(app, patient, { doctorId: doctor.id, startTime })).statusCode).toBe(200);
  return { doctor, patient };
}

async function startInstantVisit(app: FastifyInstance, doctor: SignedIn, patient: SignedIn): Promise<number> {
  const started = await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: patient.id }, headers: { cookie: doctor.cookie } });
  expect(started.statusCode, started.body).toBe(200);
  return started.json().id;
}

async function anInstantVisit(app: FastifyInstance) {
  const { doctor, patient } = await aCarePair(app);
  return { doctor, patient, visitId: await startInstantVisit(app, doctor, patient) };
}

function auditedActions(app: FastifyInstance, visitId: number) {
  return app.clinic.db
    .selectFrom("audit_log")
    .select(["action", "actor_id"])
    .where("target_type", "=", "visit")
    .where("target_id", "=", String(visitId))
    .orderBy("id")
    .execute();
}

function waitingList(app: FastifyInstance, doctor: SignedIn) {
  return app.inject({ method: "GET", url: "/api/visits/waiting", headers: { cookie: doctor.cookie } });
}

describeApp("a video visit's signalling", (testApp) => {
  const open = socketsTo(() => testApp().app);

  it("lets the patient wait, the doctor admit, and passes signals between the two of them only", async () => {
    const { app } = testApp();
    const { doctor, patient } = await aCarePair(app);
    const bystander = await aPatient(app);
    const [patientSocket, doctorSocket, bystanderSocket] = [await open(patient), await open(doctor), await open(bystander)];

    // The invitation reaches the patient's app, wherever they are in it, when the doctor starts the visit.
    const visitId = await startInstantVisit(app, doctor, patient);
    await until(() => patientSocket.received.some((f) => f.type === "visit_invite"));
    expect(patientSocket.received.find((f) => f.type === "visit_invite")).toEqual({ type: "visit_invite", data: { visitId, fromUserId: doctor.id } });

    // The patient joins and waits; the doctor, anywhere in the app, hears it; the dashboard lists it.
    const doctorFrom = doctorSocket.received.length;
    const joined = await ask(patientSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined" || isError(f));
    expect(joined).toEqual({ type: "visit_joined", data: { visitId, role: "patient", admitted: false, otherPresent: false } });
    expect(await frameAfter(doctorSocket, doctorFrom, (f) => f.type === "visit_waiting")).toEqual({
      type: "visit_waiting",
      data: { visitId, fromUserId: patient.id },
    });
    expect((await waitingList(app, doctor)).json()).toEqual([
      { visitId, appointmentId: null, patientId: patient.id, patientName: expect.stringMatching(/\S+ \S+/), since: expect.any(String) },
    ]);

    // Before the doctor admits, nobody signals.
    const early = await ask(patientSocket, "visit_signal", { visitId, payload: OFFER }, isError);
    expect(early.data).toEqual({ code: "FORBIDDEN", message: "The patient has not been admitted yet." });

    const patientFrom = patientSocket.received.length;
    const doctorJoined = await ask(doctorSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined" || isError(f));
    expect(doctorJoined.data).toEqual({ visitId, role: "doctor", admitted: false, otherPresent: true });
    expect(await frameAfter(patientSocket, patientFrom, (f) => f.type === "visit_join")).toEqual({
      type: "visit_join",
      data: { visitId, fromUserId: doctor.id },
    });

    // A patient cannot admit themselves.
    expect((await ask(patientSocket, "visit_admit", { visitId }, isError)).data).toEqual({ code: "FORBIDDEN", message: "Only the doctor admits to a visit." });

    sendFrame(doctorSocket, "visit_admit", { visitId });
    await until(() => patientSocket.received.some((f) => f.type === "visit_admit"));
    expect(patientSocket.received.find((f) => f.type === "visit_admit")).toEqual({ type: "visit_admit", data: { visitId, fromUserId: doctor.id } });
    expect((await waitingList(app, doctor)).json()).toEqual([]);

    // Offer one way, answer the other, each with who sent it.
    sendFrame(doctorSocket, "visit_signal", { visitId, payload: OFFER });
    await until(() => patientSocket.received.some((f) => f.type === "visit_signal"));
    expect(patientSocket.received.filter((f) => f.type === "visit_signal")).toEqual([
      { type: "visit_signal", data: { visitId, fromUserId: doctor.id, payload: OFFER } },
    ]);
    const answer = { description: { type: "answer", sdp: "v=0\r\n" } };
    sendFrame(patientSocket, "visit_signal", { visitId, payload: answer });
    await until(() => doctorSocket.received.some((f) => f.type === "visit_signal"));
    expect(doctorSocket.received.filter((f) => f.type === "visit_signal")).toEqual([
      { type: "visit_signal", data: { visitId, fromUserId: patient.id, payload: answer } },
    ]);

    // A third member: the room does not exist for them, and they cannot signal into it.
    expect((await ask(bystanderSocket, "visit_join", { visitId }, isError)).data).toEqual({ code: "NOT_FOUND", message: "No such visit." });
    expect((await ask(bystanderSocket, "visit_signal", { visitId, payload: OFFER }, isError)).data.code).toBe("FORBIDDEN");
    expect(bystanderSocket.received.filter((f) => f.type.startsWith("visit_"))).toEqual([]);

    // The doctor ends it for both; nothing passes after that, and nobody rejoins.
    sendFrame(doctorSocket, "visit_end", { visitId });
    await until(() => patientSocket.received.some((f) => f.type === "visit_end"));
    expect((await ask(patientSocket, "visit_signal", { visitId, payload: answer }, isError)).data.code).toBe("FORBIDDEN");
    expect((await ask(patientSocket, "visit_join", { visitId }, isError)).data).toEqual({ code: "CONFLICT", message: "This visit has ended." });
    const visit = (await app.inject({ method: "GET", url: `/api/visits/${visitId}`, headers: { cookie: doctor.cookie } })).json();
    expect(visit).toMatchObject({ state: "ended", startedAt: expect.any(String), endedAt: expect.any(String) });
    expect(Date.parse(visit.endedAt)).toBeGreaterThanOrEqual(Date.parse(visit.startedAt));

    // The record: joins, the admission and the end, by whom; no content.
    expect(await auditedActions(app, visitId)).toEqual([
      { action: "visit.start", actor_id: doctor.id },
      { action: "visit.join", actor_id: patient.id },
      { action: "visit.join", actor_id: doctor.id },
      { action: "visit.admit", actor_id: doctor.id },
      { action: "visit.end", actor_id: doctor.id },
    ]);
    const details = await app.clinic.db.selectFrom("audit_log").select("details").where("target_type", "=", "visit").execute();
    expect(JSON.stringify(details)).not.toContain("sdp");
  });

  it("keeps an appointment's room shut before it opens and after it closes", async () => {
    const { app, advance } = testApp();
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    await signConsents(app, patient);
    const [startTime] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
    const appointment = (await book(app, patient, { doctorId: doctor.id, startTime })).json();
    const visit = (await app.inject({ method: "GET", url: `/api/appointments/${appointment.id}/visit`, headers: { cookie: patient.cookie } })).json();

    const early = await open(patient);
    expect((await ask(early, "visit_join", { visitId: visit.id }, isError)).data).toEqual({
      code: "CONFLICT",
      message: `This room is not open yet: it opens at ${visit.opensAt}.`,
    });

    advance(Date.parse(visit.opensAt) - app.clinic.now().getTime());
    const [patientNow, doctorNow] = [await signInAs(app, patient.username, patient.password), await signInAs(app, doctor.username, doctor.password)];
    const [patientSocket, doctorSocket] = [await open(patientNow), await open(doctorNow)];
    expect((await ask(patientSocket, "visit_join", { visitId: visit.id }, (f) => f.type === "visit_joined")).data.admitted).toBe(false);
    await ask(doctorSocket, "visit_join", { visitId: visit.id }, (f) => f.type === "visit_joined");
    await ask(doctorSocket, "visit_admit", { visitId: visit.id }, (f) => f.type === "visit_admit");

    // Half an hour after the scheduled end the room has closed: a signal is refused, not relayed.
    advance(Date.parse(visit.closesAt) - app.clinic.now().getTime());
    expect((await ask(doctorSocket, "visit_signal", { visitId: visit.id, payload: OFFER }, isError)).data).toEqual({
      code: "CONFLICT",
      message: "This visit has ended.",
    });
    expect(patientSocket.received.filter((f) => f.type === "visit_signal")).toEqual([]);
  });

  it("keeps a party who reloads in the call: the new socket takes over, the old one's close is no leaving", async () => {
    const { app } = testApp();
    const { doctor, patient, visitId } = await anInstantVisit(app);
    const [firstTab, doctorSocket] = [await open(patient), await open(doctor)];
    await ask(doctorSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await ask(firstTab, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await ask(doctorSocket, "visit_admit", { visitId }, (f) => f.type === "visit_admit");

    // The reloaded page joins again, already admitted, before the old page's socket has closed.
    const reloaded = await open(patient);
    const doctorFrom = doctorSocket.received.length;
    expect((await ask(reloaded, "visit_join", { visitId }, (f) => f.type === "visit_joined")).data).toEqual({
      visitId,
      role: "patient",
      admitted: true,
      otherPresent: true,
    });
    await frameAfter(doctorSocket, doctorFrom, (f) => f.type === "visit_join");
    firstTab.socket.close();
    await firstTab.closed;
    sendFrame(reloaded, "visit_signal", { visitId, payload: OFFER });
    await until(() => doctorSocket.received.some((f) => f.type === "visit_signal"));
    expect(doctorSocket.received.slice(doctorFrom).some((f) => f.type === "visit_leave")).toBe(false);

    // Closing the last tab is leaving: the doctor hears it, and the record keeps it.
    reloaded.socket.close();
    await frameAfter(doctorSocket, doctorFrom, (f) => f.type === "visit_leave");
    expect((await auditedActions(app, visitId)).filter((row) => row.action === "visit.leave")).toEqual([{ action: "visit.leave", actor_id: patient.id }]);
  });

  it("answers malformed and flooding frames with errors, and keeps the socket and the server up", async () => {
    const { app } = testApp();
    const { doctor, patient, visitId } = await anInstantVisit(app);
    const socket = await open(patient);
    const doctorSocket = await open(doctor);
    for (const bad of [
      "not json",
      "{}",
      JSON.stringify({ type: "visit_dance", data: { visitId } }),
      JSON.stringify({ type: "visit_join", data: { visitId: "1; drop" } }),
    ]) {
      const from = socket.received.length;
      socket.socket.send(bad);
      expect((await frameAfter(socket, from, isError)).data.code, bad).toBe("INVALID_INPUT");
    }
    await ask(doctorSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await ask(socket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await ask(doctorSocket, "visit_admit", { visitId }, (f) => f.type === "visit_admit");
    expect((await ask(socket, "visit_signal", { visitId }, isError)).data.code).toBe("INVALID_INPUT");

    // A flood: the first burst passes, the rest is refused with RATE_LIMITED, and the socket stays open.
    const from = socket.received.length;
    for (let i = 0; i < 300; i += 1) sendFrame(socket, "visit_signal", { visitId, payload: { candidate: { candidate: `candidate:${i}` } } });
    await frameAfter(socket, from, (f) => isError(f) && f.data.code === "RATE_LIMITED");
    await until(() => doctorSocket.received.filter((f) => f.type === "visit_signal").length >= 50);
    const relayed = doctorSocket.received.filter((f) => f.type === "visit_signal").length;
    expect(relayed).toBeLessThan(100);
    expect(socket.socket.readyState).toBe(socket.socket.OPEN);
    expect((await app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);

    // After a pause the socket may speak again.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const next = doctorSocket.received.length;
    sendFrame(socket, "visit_signal", { visitId, payload: OFFER });
    await frameAfter(doctorSocket, next, (f) => f.type === "visit_signal" && (f.data.payload as typeof OFFER).description?.type === "offer");
  });

  it("tells only doctors' own patients' waits: the waiting list is the doctor's, refused to patients", async () => {
    const { app } = testApp();
    const { patient } = await anInstantVisit(app);
    expect((await waitingList(app, patient)).statusCode).toBe(403);
    expect((await waitingList(app, await aStaffMember(app, "doctor"))).json()).toEqual([]);
  });
});

describeTwoInstances("a video visit across two API instances", (instances) => {
  it("relays a call's offer, however large, from a socket on one instance to the other party's on another", async () => {
    const [first, second] = instances();
    const { doctor, patient, visitId } = await anInstantVisit(first);
    const [patientSocket, doctorSocket] = [await openSocket(await listen(first), patient), await openSocket(await listen(second), doctor)];
    await ask(doctorSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    const doctorFrom = doctorSocket.received.length;
    await ask(patientSocket, "visit_join", { visitId }, (f) => f.type === "visit_joined");
    await frameAfter(doctorSocket, doctorFrom, (f) => f.type === "visit_waiting");
    sendFrame(doctorSocket, "visit_admit", { visitId });
    await until(() => patientSocket.received.some((f) => f.type === "visit_admit"));

    // A real offer's SDP runs to several kilobytes: more than one NOTIFY carries as it is.
    const sdp = Array.from({ length: 160 }, (_, i) => `a=candidate:${i} 1 udp 2122260223 192.168.1.${i % 250} ${50_000 + i} typ host generation 0`).join(
      "\r\n",
    );
    expect(sdp.length).toBeGreaterThan(10_000);
    sendFrame(doctorSocket, "visit_signal", { visitId, payload: { description: { type: "offer", sdp } } });
    sendFrame(doctorSocket, "visit_signal", { visitId, payload: { candidate: { candidate: "after-the-offer" } } });
    await until(() => patientSocket.received.filter((f) => f.type === "visit_signal").length === 2);
    const signals = patientSocket.received.filter((f) => f.type === "visit_signal").map((f) => f.data.payload);
    expect(signals).toEqual([{ description: { type: "offer", sdp } }, { candidate: { candidate: "after-the-offer" } }]);
    patientSocket.socket.close();
    doctorSocket.socket.close();
  });
});
