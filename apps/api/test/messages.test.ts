// Messaging between a patient and a doctor. Every message is sealed in the sender's browser
// (sealing.ts does it here as the web app does); what a person reads is checked by opening the
// stored content with their key.
import { verifyAuditChain } from "@halcyon/db";
import { expect, it } from "vitest";
import { describeApp } from "./helper";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { openAs, readyToMessage, sealedFor, sendSealed } from "./sealing";
import type { FastifyInstance } from "fastify";

const send = (app: FastifyInstance, who: SignedIn, body: Record<string, unknown>) =>
  app.inject({ method: "POST", url: "/api/messages", payload: body, headers: { cookie: who.cookie } });
const get = (app: FastifyInstance, who: SignedIn, url: string) => app.inject({ method: "GET", url, headers: { cookie: who.cookie } });
/** What `reader` reads in each of these messages. */
const readAs = (app: FastifyInstance, reader: SignedIn, messages: { content: string }[]) => Promise.all(messages.map((m) => openAs(app, reader, m.content)));

describeApp("messaging", (testApp) => {
  it("carries a message from a patient to a doctor and back, with conversations and unread counts", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    // Space around the sealed content is trimmed, as it was around words.
    const sealed = await sealedFor(app, patient, doctor, "Hello, Dr. Staff");
    const sent = await send(app, patient, { senderId: patient.id, receiverId: doctor.id, content: `  ${sealed}  ` });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ senderId: patient.id, receiverId: doctor.id, content: sealed, readAt: null });
    expect(await openAs(app, doctor, sent.json().content)).toBe("Hello, Dr. Staff");
    expect((await get(app, doctor, "/api/messages/unread")).json()).toEqual({ total: 1, byPartner: { [patient.id]: 1 } });
    const [conversation] = (await get(app, doctor, "/api/conversations")).json();
    expect(conversation).toMatchObject({ partnerId: patient.id, senderName: "Morgan Reyes", content: sealed, unreadCount: 1 });
    expect(await openAs(app, doctor, conversation.content)).toBe("Hello, Dr. Staff");
    expect((await sendSealed(app, doctor, patient, "Hello Morgan, how are you today?")).statusCode).toBe(200);
    const history = (await get(app, patient, `/api/messages/${doctor.id}`)).json();
    expect(await readAs(app, patient, history)).toEqual(["Hello, Dr. Staff", "Hello Morgan, how are you today?"]);
    // Both people, and the doctor too, read the same words in the same history.
    expect(await readAs(app, doctor, (await get(app, doctor, `/api/messages/${patient.id}`)).json())).toEqual([
      "Hello, Dr. Staff",
      "Hello Morgan, how are you today?",
    ]);
  });

  it("pages through the conversation list, latest first, and finds one conversation by partner", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const doctors = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, ...doctors);
    for (const doctor of doctors) expect((await sendSealed(app, patient, doctor, `Hello ${doctor.id}`)).statusCode).toBe(200);
    const partners = (url: string) => get(app, patient, url).then((answer) => answer.json().map((c: { partnerId: number }) => c.partnerId));
    const first = (await get(app, patient, "/api/conversations?limit=2")).json();
    expect(first.map((c: { partnerId: number }) => c.partnerId)).toEqual([doctors[2]!.id, doctors[1]!.id]);
    expect(await readAs(app, patient, first)).toEqual([`Hello ${doctors[2]!.id}`, `Hello ${doctors[1]!.id}`]);
    expect(await partners(`/api/conversations?limit=2&cursor=${first[1].id}`)).toEqual([doctors[0]!.id]);
    expect(await partners(`/api/conversations?partnerId=${doctors[0]!.id}`)).toEqual([doctors[0]!.id]);
    expect(await partners(`/api/conversations?partnerId=${patient.id}`)).toEqual([]);
    const tooMany = await get(app, patient, "/api/conversations?limit=1000");
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe("At most 200 conversations at a time");
  });

  it("marks a conversation read, clears the badge and shows the sender a read receipt", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    expect((await sendSealed(app, patient, doctor, "Are we still on for Thursday?")).statusCode).toBe(200);
    expect((await get(app, patient, "/api/conversations")).json()[0].readByPartner).toBe(false);
    const read = await app.inject({ method: "POST", url: "/api/messages/read", payload: { partnerId: patient.id }, headers: { cookie: doctor.cookie } });
    expect(read.json()).toEqual({ success: true });
    expect((await get(app, doctor, "/api/messages/unread")).json().total).toBe(0);
    expect((await get(app, patient, "/api/conversations")).json()[0].readByPartner).toBe(true);
    expect((await get(app, patient, `/api/messages/${doctor.id}`)).json()[0].readAt).not.toBeNull();
  });

  it("never stores a retried send twice", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    // The browser sealed it once; a retry sends the same content with the same clientId.
    const body = {
      receiverId: doctor.id,
      content: await sealedFor(app, patient, doctor, "Sent on a shaky connection"),
      clientId: "c0ffee00-1111-2222-3333-444455556666",
    };
    const [first, second] = await Promise.all([send(app, patient, body), send(app, patient, body)]);
    const third = await send(app, patient, body);
    expect([first.statusCode, second.statusCode, third.statusCode]).toEqual([200, 200, 200]);
    expect(new Set([first.json().id, second.json().id, third.json().id]).size).toBe(1);
    expect((await get(app, doctor, "/api/messages/unread")).json().total).toBe(1);
    const stored = (await get(app, doctor, `/api/messages/${patient.id}`)).json();
    expect(stored).toHaveLength(1);
    expect(await readAs(app, doctor, stored)).toEqual(["Sent on a shaky connection"]);
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select("target_id")
      .where("action", "=", "message.send")
      .where("actor_id", "=", patient.id)
      .execute();
    expect(audited).toEqual([{ target_id: String(first.json().id) }]);
  });

  it("records every message in one unbroken audit chain while reads are logged alongside", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    // The patient opens the conversation; then both write and read at once (sealed beforehand, so the sends race).
    const opening = await sendSealed(app, patient, doctor, "Hello");
    const sealed = await Promise.all(Array.from({ length: 12 }, (_, n) => sealedFor(app, n % 2 ? doctor : patient, n % 2 ? patient : doctor, `Message ${n}`)));
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => [
        send(app, n % 2 ? doctor : patient, { receiverId: n % 2 ? patient.id : doctor.id, content: sealed[n] }),
        get(app, n % 2 ? patient : doctor, `/api/messages/${n % 2 ? doctor.id : patient.id}`),
      ]).flat(),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const sentIds = [opening, ...answers.filter((_, index) => index % 2 === 0)].map((answer) => String(answer.json().id));
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select("target_id")
      .where("action", "=", "message.send")
      .where("actor_id", "in", [patient.id, doctor.id])
      .execute();
    expect(audited.map((row) => row.target_id).sort()).toEqual([...sentIds].sort());
    expect(await verifyAuditChain(app.clinic.db, app.database.auditKey)).toEqual({ checked: expect.any(Number) });
  });

  it("enforces who may write to whom, as whom, and how much", async () => {
    const { app } = testApp();
    const [patient, otherPatient] = [await aPatient(app), await aPatient(app)];
    const [doctor, otherDoctor, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    // Everyone but the admin (who takes no part in conversations and holds no messaging keys) has keys,
    // so each refusal below is about who writes to whom, not about sealing.
    await readyToMessage(app, patient, otherPatient, doctor, otherDoctor);
    const toDoctor = await sealedFor(app, patient, doctor, "Spoofed");
    expect((await send(app, patient, { senderId: otherPatient.id, receiverId: doctor.id, content: toDoctor })).statusCode).toBe(403);
    expect((await sendSealed(app, patient, otherPatient, "Patient to patient")).statusCode).toBe(404);
    expect((await sendSealed(app, doctor, otherDoctor, "Doctor to doctor")).statusCode).toBe(404);
    expect((await send(app, admin, { receiverId: doctor.id, content: toDoctor })).statusCode).toBe(403);
    expect((await send(app, patient, { receiverId: 999_999, content: toDoctor })).statusCode).toBe(404);
    // The words' limit is the browser's (the server cannot read them); what arrives is held to 32 KB.
    const tooLong = await sendSealed(app, patient, doctor, "x".repeat(30_000));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe("A sealed message can be at most 32 KB");
    expect((await send(app, patient, { receiverId: doctor.id, content: "   " })).json().message).toBe("Write a message first");
    // A doctor starts conversations only with their own patients.
    const notYet = await sendSealed(app, doctor, patient, "Hello");
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toMatch(/only with your own patients/);
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(7));
    await book(app, patient, { doctorId: doctor.id, startTime: slot });
    expect((await sendSealed(app, doctor, patient, "Hello")).statusCode).toBe(200);
    // Nobody reads anyone else's conversation.
    expect((await get(app, otherPatient, `/api/messages/${doctor.id}`)).json()).toEqual([]);
    expect((await get(app, otherPatient, `/api/messages/${patient.id}`)).statusCode).toBe(404);
  });

  it("pages back through a long conversation", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    for (let i = 0; i < 60; i += 1) expect((await sendSealed(app, patient, doctor, `Message ${i}`)).statusCode).toBe(200);
    const latest = (await get(app, patient, `/api/messages/${doctor.id}`)).json();
    expect(latest).toHaveLength(50);
    expect(await readAs(app, patient, latest)).toEqual(Array.from({ length: 50 }, (_, i) => `Message ${i + 10}`));
    const older = (await get(app, patient, `/api/messages/${doctor.id}?before=${latest[0].id}`)).json();
    expect(await readAs(app, patient, older)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${i}`));
  });
});
