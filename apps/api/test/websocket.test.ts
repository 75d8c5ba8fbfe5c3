import { beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { aPatient, aStaffMember, book, listen, slotsOf, weekdayAhead } from "./clinic-helpers";
import { describeApp, describeTwoInstances } from "./helper";
import { openAs, readyToMessage, sendSealed } from "./sealing";
import { openSocket, until } from "./sockets";

describeApp("the WebSocket /ws", (testApp) => {
  let base = "";
  beforeAll(async () => {
    base = await listen(testApp().app);
  });

  it("refuses a connection without a session cookie, or from another site", async () => {
    const { app } = testApp();
    await expect(openSocket(base, null)).rejects.toThrow(/refused with 401/);
    const patient = await aPatient(app);
    await expect(openSocket(base, patient, "https://evil.example")).rejects.toThrow(/refused with 403/);
    const ok = await openSocket(base, patient, base);
    ok.socket.close();
  });

  it("pushes a new message to both parties and to nobody else", async () => {
    const { app } = testApp();
    const [patient, bystander, doctor] = [await aPatient(app), await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    const [patientSocket, doctorSocket, bystanderSocket] = await Promise.all([
      openSocket(base, patient),
      openSocket(base, doctor),
      openSocket(base, bystander),
    ]);
    const sent = await sendSealed(app, patient, doctor, "Private words");
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await openAs(app, doctor, sent.json().content)).toBe("Private words");
    const expected = { type: "new_message", data: { id: sent.json().id, senderId: patient.id, receiverId: doctor.id, createdAt: sent.json().createdAt } };
    await until(() => patientSocket.received.length > 0 && doctorSocket.received.length > 0);
    expect(patientSocket.received).toContainEqual(expected);
    expect(doctorSocket.received).toContainEqual(expected);
    // The push says that something arrived, never what it says: neither the words nor their sealed form.
    expect(JSON.stringify(doctorSocket.received)).not.toContain("Private words");
    expect(JSON.stringify([...doctorSocket.received, ...patientSocket.received])).not.toContain(JSON.parse(sent.json().content).ciphertext);
    await app.inject({ method: "POST", url: "/api/messages/read", payload: { partnerId: patient.id }, headers: { cookie: doctor.cookie } });
    await until(() => patientSocket.received.some((m) => m.type === "messages_read"));
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(7));
    await book(app, patient, { doctorId: doctor.id, startTime: slot });
    await until(() => doctorSocket.received.some((m) => m.type === "appointment_changed"));
    // The bystander's own booking is pushed down the same socket after anything sent to it before.
    const [own] = await slotsOf(app, bystander, doctor.id, weekdayAhead(8));
    const booked = (await book(app, bystander, { doctorId: doctor.id, startTime: own })).json();
    await until(() => bystanderSocket.received.length > 0);
    expect(bystanderSocket.received).toEqual([{ type: "appointment_changed", data: { id: booked.id } }]);
    for (const s of [patientSocket, doctorSocket, bystanderSocket]) s.socket.close();
  });

  it("closes a socket when its session signs out, and leaves the user's other sessions open", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: {
        username: (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: patient.cookie } })).json().username,
        password: "quiet-harbour-42",
      },
    });
    const otherSession = { id: patient.id, cookie: `halcyon_session=${login.cookies.find((c) => c.name === "halcyon_session")!.value}` };
    const [first, second] = await Promise.all([openSocket(base, patient), openSocket(base, otherSession)]);
    await app.inject({ method: "POST", url: "/api/logout", headers: { cookie: patient.cookie } });
    expect(await first.closed).toBe(4001);
    expect(second.socket.readyState).toBe(WebSocket.OPEN);
    second.socket.close();
  });

  it("closes the sockets of sessions their member ends from another device, and only those", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const username = (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: patient.cookie } })).json().username;
    const signIn = async () => {
      const login = await app.inject({ method: "POST", url: "/api/login", payload: { username, password: "quiet-harbour-42" } });
      return { id: patient.id, cookie: `halcyon_session=${login.cookies.find((c) => c.name === "halcyon_session")!.value}` };
    };
    const [laptop, phone] = [await signIn(), await signIn()];
    const [here, onLaptop, onPhone] = await Promise.all([openSocket(base, patient), openSocket(base, laptop), openSocket(base, phone)]);
    const sessions = (await app.inject({ method: "GET", url: "/api/account/sessions", headers: { cookie: laptop.cookie } })).json() as {
      id: string;
      current: boolean;
    }[];
    const laptopSession = sessions.find((session) => session.current)!;
    await app.inject({ method: "DELETE", url: `/api/account/sessions/${laptopSession.id}`, headers: { cookie: patient.cookie } });
    expect(await onLaptop.closed).toBe(4001);
    expect(onPhone.socket.readyState).toBe(WebSocket.OPEN);
    await app.inject({ method: "POST", url: "/api/account/sessions/end-others", headers: { cookie: patient.cookie } });
    expect(await onPhone.closed).toBe(4001);
    expect(here.socket.readyState).toBe(WebSocket.OPEN);
    here.socket.close();
  });

  it("closes every socket of a user an admin deactivates", async () => {
    const { app } = testApp();
    const [patient, admin] = [await aPatient(app), await aStaffMember(app, "admin")];
    const open = await openSocket(base, patient);
    await app.inject({ method: "PATCH", url: `/api/admin/users/${patient.id}`, payload: { active: false }, headers: { cookie: admin.cookie } });
    expect(await open.closed).toBe(4001);
  });

  it("drops a client that sends more than a call's offer", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const open = await openSocket(base, patient);
    open.socket.send("x".repeat(40_000));
    expect(await open.closed).toBe(1009);
  });
});

describeTwoInstances("two API instances on one PostgreSQL", (instances) => {
  it("delivers a message posted to one instance on a socket held by the other", async () => {
    const [first, second] = instances();
    const [patient, doctor] = [await aPatient(first), await aStaffMember(first, "doctor")];
    await readyToMessage(first, patient, doctor);
    const doctorSocket = await openSocket(await listen(second), doctor);
    const sent = await sendSealed(first, patient, doctor, "Across instances");
    expect(sent.statusCode, sent.body).toBe(200);
    await until(() => doctorSocket.received.some((m) => m.type === "new_message" && m.data.id === sent.json().id));
    doctorSocket.socket.close();
  });
});
