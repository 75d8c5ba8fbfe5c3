// Attachments of sealed messages (issue 18): the browser seals a file with a key of its own and
// uploads the ciphertext (12-byte IV + AES-256-GCM ciphertext + 16-byte tag); the message that
// carries it names it, and the file's key travels only inside that message's sealed content. Only
// the two people of that message may fetch it: anyone else, an admin too, hears 404. An upload no
// message claimed is purged after a day.
import { purgeUnclaimedUploads } from "@halcyon/domain";
import { openFile, sealFile, type AttachmentRef } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, signInAs, slotsOf, weekdayAhead, type SignedIn, deniedAccesses } from "./clinic-helpers";
import { describeApp } from "./helper";
import { openAllAs, readyToMessage, sealedFor } from "./sealing";

const MiB = 1024 * 1024;
/** What sealing adds to a file: the IV before the ciphertext and the tag after it. */
const SEALING_OVERHEAD = 28;
const TOO_LARGE = "A file can be at most 10 MB.";
const DAY = 24 * 60 * 60 * 1000;

function upload(app: FastifyInstance, who: SignedIn, body: Uint8Array | string, contentType = "application/octet-stream") {
  return app.inject({
    method: "POST",
    url: "/api/attachments",
    payload: typeof body === "string" ? body : Buffer.from(body),
    headers: { cookie: who.cookie, "content-type": contentType },
  });
}

function fetchAttachment(app: FastifyInstance, who: SignedIn | null, id: number | string) {
  return app.inject({ method: "GET", url: `/api/attachments/${id}`, headers: who ? { cookie: who.cookie } : {} });
}

/** A file as the browser sends it: sealed, uploaded, and described (with its key) for the message's sealed content. */
async function attach(app: FastifyInstance, who: SignedIn, name: string, text: string): Promise<{ ref: AttachmentRef; sealed: Uint8Array<ArrayBuffer> }> {
  const plain = new TextEncoder().encode(text);
  const { sealed, key } = await sealFile(plain);
  const uploaded = await upload(app, who, sealed);
  expect(uploaded.statusCode, uploaded.body).toBe(200);
  expect(uploaded.json()).toEqual({ id: expect.any(Number), size: sealed.byteLength });
  return { ref: { id: uploaded.json().id, name, type: "text/plain", size: plain.byteLength, key }, sealed };
}

/** Sends `text` with `refs`, sealed with their keys, and claims their uploads by id. */
async function sendWith(app: FastifyInstance, from: SignedIn, to: SignedIn, text: string, refs: AttachmentRef[], extra: Record<string, unknown> = {}) {
  return app.inject({
    method: "POST",
    url: "/api/messages",
    payload: { receiverId: to.id, content: await sealedFor(app, from, to, text, refs), attachmentIds: refs.map((ref) => ref.id), ...extra },
    headers: { cookie: from.cookie },
  });
}

/** A patient and a doctor who may write to each other (a booking between them), with keys. */
async function aPair(app: FastifyInstance): Promise<{ patient: SignedIn; doctor: SignedIn }> {
  const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
  const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(5));
  expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
  await readyToMessage(app, patient, doctor);
  return { patient, doctor };
}

const storedAttachment = (app: FastifyInstance, id: number) =>
  app.clinic.db.selectFrom("attachments").select(["id", "message_id", "uploader_id", "size"]).where("id", "=", id).executeTakeFirst();

describeApp("attachments", (testApp) => {
  it("carries a sealed file each way between a patient and a doctor: both fetch the same bytes and open them with the key inside the message", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const journal = `Week 12 sleep journal\n${"Mon: slept 6h, woke twice. ".repeat(40)}`;
    const { ref, sealed } = await attach(app, patient, "sleep-journal.txt", journal);
    // Before a message carries it, nobody may fetch it, its uploader included.
    expect((await fetchAttachment(app, patient, ref.id)).statusCode).toBe(404);

    const sent = await sendWith(app, patient, doctor, "My journal for this week", [ref]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(await storedAttachment(app, ref.id)).toEqual({ id: ref.id, message_id: sent.json().id, uploader_id: patient.id, size: sealed.byteLength });
    const audited = await app.clinic.db
      .selectFrom("audit_log")
      .select("details")
      .where("action", "=", "message.send")
      .where("target_id", "=", String(sent.json().id))
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(audited.details))).toEqual({ attachments: 1 });

    for (const reader of [patient, doctor]) {
      const fetched = await fetchAttachment(app, reader, ref.id);
      expect(fetched.statusCode, fetched.body).toBe(200);
      expect(fetched.headers["content-type"]).toBe("application/octet-stream");
      expect(fetched.headers["content-disposition"]).toBe("attachment");
      expect(fetched.headers["cache-control"]).toMatch(/no-store/);
      expect(Buffer.compare(fetched.rawPayload, Buffer.from(sealed))).toBe(0);
      // What they read: the message names the file and holds its key, which opens the bytes.
      const [message] = (
        await app.inject({ method: "GET", url: `/api/messages/${reader.id === patient.id ? doctor.id : patient.id}`, headers: { cookie: reader.cookie } })
      ).json();
      const opened = await openAllAs(app, reader, message.content);
      expect(opened).toEqual({ text: "My journal for this week", attachments: [ref] });
      const bytes = await openFile(new Uint8Array(fetched.rawPayload), opened.attachments![0]!.key);
      expect(new TextDecoder().decode(bytes)).toBe(journal);
    }
    // Each download is audited: who, which file, how large; nothing of what it holds.
    const downloads = await app.clinic.db
      .selectFrom("audit_log")
      .select(["actor_id", "target_type", "target_id", "outcome", "details"])
      .where("action", "=", "attachment.download")
      .where("target_id", "=", String(ref.id))
      .orderBy("id")
      .execute();
    expect(downloads.map((row) => ({ ...row, details: JSON.parse(String(row.details)) }))).toEqual(
      [patient, doctor].map((reader) => ({
        actor_id: reader.id,
        target_type: "attachment",
        target_id: String(ref.id),
        outcome: "success",
        details: { size: sealed.byteLength },
      })),
    );

    // Doctors send files too.
    const reply = await attach(app, doctor, "breathing-exercise.txt", "Breathe in for four, hold for seven, out for eight.");
    expect((await sendWith(app, doctor, patient, "Try this before bed", [reply.ref])).statusCode).toBe(200);
    const fetched = await fetchAttachment(app, patient, reply.ref.id);
    expect(Buffer.compare(fetched.rawPayload, Buffer.from(reply.sealed))).toBe(0);
  });

  it("answers 404 to anyone but the message's two people, an admin too; the signed out get 401", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const { ref } = await attach(app, patient, "notes.txt", "Only for my doctor.");
    expect((await sendWith(app, patient, doctor, "Notes", [ref])).statusCode).toBe(200);

    const stranger = await aPatient(app);
    const otherDoctor = await aStaffMember(app, "doctor");
    for (const someoneElse of [stranger, otherDoctor]) {
      const refused = await fetchAttachment(app, someoneElse, ref.id);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toEqual({ code: "NOT_FOUND", message: "No such attachment." });
    }
    // One that does not exist reads the same as one that is not yours.
    expect((await fetchAttachment(app, stranger, 2_000_000_000)).json()).toEqual({ code: "NOT_FOUND", message: "No such attachment." });
    // Each try at someone else's file is audited, as a refused record is over tRPC.
    expect(await deniedAccesses(app, stranger.id)).toEqual([
      { procedure: "attachments.fetch", reason: "NOT_FOUND" },
      { procedure: "attachments.fetch", reason: "NOT_FOUND" },
    ]);

    // Admins take no part in conversations: a file is not theirs to fetch, and they hear what anyone else does (the docs' 404); uploading is refused at the door. Both audited.
    const admin = await aStaffMember(app, "admin");
    const asAdmin = await fetchAttachment(app, admin, ref.id);
    expect(asAdmin.statusCode).toBe(404);
    expect(asAdmin.json()).toEqual({ code: "NOT_FOUND", message: "No such attachment." });
    expect((await upload(app, admin, new Uint8Array(64))).statusCode).toBe(403);
    expect(await deniedAccesses(app, admin.id)).toEqual([
      { procedure: "attachments.fetch", reason: "NOT_FOUND" },
      { procedure: "attachments.upload", reason: "FORBIDDEN" },
    ]);

    expect((await fetchAttachment(app, null, ref.id)).statusCode).toBe(401);
    expect(
      (await app.inject({ method: "POST", url: "/api/attachments", payload: Buffer.alloc(64), headers: { "content-type": "application/octet-stream" } }))
        .statusCode,
    ).toBe(401);
    for (const id of ["abc", "0", "2147483648"]) expect((await fetchAttachment(app, patient, id)).statusCode, id).toBe(400);
  });

  it("lets a message carry only its sender's own uploads that no message carries yet", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const { patient: otherPatient } = await aPair(app);
    await readyToMessage(app, otherPatient, doctor);
    const theirs = await attach(app, otherPatient, "theirs.txt", "Someone else's file");
    const history = async () => (await app.inject({ method: "GET", url: `/api/messages/${doctor.id}`, headers: { cookie: patient.cookie } })).json();

    // Someone else's upload: refused, nothing stored, and it is still theirs to send.
    const stolen = await sendWith(app, patient, doctor, "Look at this", [theirs.ref]);
    expect(stolen.statusCode).toBe(400);
    expect(stolen.json().message).toMatch(/not one you uploaded, or was already sent/);
    expect(await history()).toEqual([]);
    expect((await storedAttachment(app, theirs.ref.id))?.message_id).toBeNull();
    // Nor may the receiver claim the sender's unsent upload for a reply.
    const mine = await attach(app, patient, "mine.txt", "My own file");
    expect((await sendWith(app, doctor, patient, "Replying with your file", [mine.ref])).statusCode).toBe(400);

    // Claimed once: a second message cannot carry it again, and is not stored.
    const first = await sendWith(app, patient, doctor, "My file", [mine.ref], { clientId: "attachment-send-1" });
    expect(first.statusCode, first.body).toBe(200);
    const again = await sendWith(app, patient, doctor, "My file, again", [mine.ref]);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/not one you uploaded, or was already sent/);
    expect((await history()).map((message: { id: number }) => message.id)).toEqual([first.json().id]);
    // A retried send of the same message (its clientId) is answered with the message, not refused for its own file.
    const retried = await app.inject({
      method: "POST",
      url: "/api/messages",
      payload: { receiverId: doctor.id, content: first.json().content, attachmentIds: [mine.ref.id], clientId: "attachment-send-1" },
      headers: { cookie: patient.cookie },
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().id).toBe(first.json().id);
    expect((await storedAttachment(app, mine.ref.id))?.message_id).toBe(first.json().id);
    // Their owner still sends theirs.
    expect((await sendWith(app, otherPatient, doctor, "Here it is", [theirs.ref])).statusCode).toBe(200);

    // At most five files a message; ids that name nothing are refused like someone else's.
    const six = await sendWith(
      app,
      patient,
      doctor,
      "Six files",
      Array.from({ length: 6 }, (_, n) => ({ ...mine.ref, id: n + 1 })),
    );
    expect(six.statusCode).toBe(400);
    expect(six.json().message).toBe("At most 5 attachments per message");
    expect((await sendWith(app, patient, doctor, "A file nobody uploaded", [{ ...mine.ref, id: 2_000_000_000 }])).statusCode).toBe(400);
  });

  it("holds a member to 20 uploads waiting to be sent (429), and takes more once one is sent", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const waiting: number[] = [];
    for (let n = 0; n < 15; n += 1) {
      const uploaded = await upload(app, patient, new Uint8Array(SEALING_OVERHEAD + 1));
      expect(uploaded.statusCode, uploaded.body).toBe(200);
      waiting.push(uploaded.json().id);
    }
    // Eight at once, with room for five: five are taken and three refused, not all eight.
    const atOnce = await Promise.all(Array.from({ length: 8 }, () => upload(app, patient, new Uint8Array(SEALING_OVERHEAD + 1))));
    expect(atOnce.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
    const tooMany = await upload(app, patient, new Uint8Array(SEALING_OVERHEAD + 1));
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.headers["retry-after"]).toBe("60");
    expect(tooMany.json().message).toMatch(/Too many files are waiting to be sent/);
    // Someone else is not held to the patient's count.
    expect((await upload(app, doctor, new Uint8Array(SEALING_OVERHEAD + 1))).statusCode).toBe(200);
    const sent = await app.inject({
      method: "POST",
      url: "/api/messages",
      payload: { receiverId: doctor.id, content: await sealedFor(app, patient, doctor, "Files"), attachmentIds: waiting.slice(0, 1) },
      headers: { cookie: patient.cookie },
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await upload(app, patient, new Uint8Array(SEALING_OVERHEAD + 1))).statusCode).toBe(200);
  });

  it("holds a member to 30 uploads an hour (429, saying how long to wait), counted in the database; an hour on, they may upload again", async () => {
    const { app, advance } = testApp();
    const patient = await aPatient(app);
    const doctor = await aStaffMember(app, "doctor");
    const small = () => new Uint8Array(SEALING_OVERHEAD + 1);
    for (let n = 0; n < 30; n += 1) {
      const uploaded = await upload(app, patient, small());
      expect(uploaded.statusCode, `upload ${n + 1}: ${uploaded.body}`).toBe(200);
      // Sent or cleared as they go: what is held is not what this limit is about.
      await app.clinic.db.deleteFrom("attachments").where("id", "=", uploaded.json().id).execute();
    }
    const refused = await upload(app, patient, small());
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({
      code: "TOO_MANY_REQUESTS",
      message: expect.stringMatching(/^You have sent 30 files in the last hour, the most one may\. Please wait (60|59) minutes and try again\.$/),
      retryAfterSeconds: expect.any(Number),
    });
    expect(refused.json().retryAfterSeconds).toBeGreaterThan(3500);
    expect(refused.headers["retry-after"]).toBe(String(refused.json().retryAfterSeconds));
    // Nothing of the refused upload was kept, and the count is the patient's alone.
    expect(await app.clinic.db.selectFrom("attachments").select("id").where("uploader_id", "=", patient.id).execute()).toEqual([]);
    expect((await upload(app, doctor, small())).statusCode).toBe(200);

    advance(60 * 60_000 + 1_000);
    const again = await signInAs(app, patient.username, patient.password);
    expect((await upload(app, again, small())).statusCode).toBe(200);
  });

  it("holds a member to 200 MB of sealed files in all (413, saying why), and makes room once a message with files is gone", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const QUOTA = 200 * MiB;
    // What the patient already holds: files of their messages, as the database counts them (their bytes are not what is tested).
    const held = await app.clinic.db
      .insertInto("attachments")
      .values({ uploader_id: patient.id, size: QUOTA - 100, ciphertext: Buffer.alloc(1), created_at: new Date().toISOString() })
      .returning("id")
      .executeTakeFirstOrThrow();
    const fits = await upload(app, patient, new Uint8Array(100));
    expect(fits.statusCode, fits.body).toBe(200);

    const over = await upload(app, patient, new Uint8Array(SEALING_OVERHEAD + 1));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toEqual({
      code: "PAYLOAD_TOO_LARGE",
      message:
        "Your files in conversations take up the 200 MB each member may keep, so this one was not sent. Files waiting to be sent are cleared within a day; for more room, ask the clinic.",
    });
    expect(await app.clinic.db.selectFrom("attachments").select("id").where("uploader_id", "=", patient.id).orderBy("id").execute()).toEqual([
      { id: held.id },
      { id: fits.json().id },
    ]);
    // The doctor's room is their own.
    expect((await upload(app, doctor, new Uint8Array(SEALING_OVERHEAD + 1))).statusCode).toBe(200);

    await app.clinic.db.deleteFrom("attachments").where("id", "=", held.id).execute();
    expect((await upload(app, patient, new Uint8Array(SEALING_OVERHEAD + 1))).statusCode).toBe(200);
  });

  it("takes a sealed file of up to 10 MB, refuses a larger one (413), one too small to be sealed (400) and anything but bytes (415)", async () => {
    const { app } = testApp();
    const patient = await aPatient(app);
    const largest = await upload(app, patient, new Uint8Array(10 * MiB + SEALING_OVERHEAD));
    expect(largest.statusCode, largest.body).toBe(200);
    expect(largest.json().size).toBe(10 * MiB + SEALING_OVERHEAD);

    const larger = await upload(app, patient, new Uint8Array(10 * MiB + SEALING_OVERHEAD + 1));
    expect(larger.statusCode).toBe(413);
    expect(larger.json()).toEqual({ code: "PAYLOAD_TOO_LARGE", message: TOO_LARGE });

    for (const size of [0, 1, SEALING_OVERHEAD]) {
      const tooSmall = await upload(app, patient, new Uint8Array(size));
      expect(tooSmall.statusCode, `${size} bytes: ${tooSmall.body}`).toBe(400);
      expect(tooSmall.json().code).toBe("BAD_REQUEST");
    }
    expect((await upload(app, patient, new Uint8Array(SEALING_OVERHEAD))).json().message).toMatch(/sealed in the browser/);

    const json = await upload(app, patient, JSON.stringify({ file: "a".repeat(100) }), "application/json");
    expect(json.statusCode).toBe(415);
    expect(json.json()).toEqual({ code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the sealed file as application/octet-stream." });
    const text = await upload(app, patient, "just some text, not sealed at all", "text/plain");
    expect(text.statusCode).toBe(415);
    expect(text.json().message).toBe("Send the sealed file as application/octet-stream.");
    // Only the largest was kept.
    const kept = await app.clinic.db.selectFrom("attachments").select("size").where("uploader_id", "=", patient.id).execute();
    expect(kept).toEqual([{ size: 10 * MiB + SEALING_OVERHEAD }]);
  });

  it("forgets a file once its message is gone", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const { ref } = await attach(app, patient, "gone.txt", "A file whose message is removed");
    const sent = await sendWith(app, patient, doctor, "This one goes away", [ref]);
    expect(sent.statusCode, sent.body).toBe(200);
    expect((await fetchAttachment(app, doctor, ref.id)).statusCode).toBe(200);
    await app.clinic.db.deleteFrom("messages").where("id", "=", sent.json().id).execute();
    for (const reader of [patient, doctor]) expect((await fetchAttachment(app, reader, ref.id)).statusCode).toBe(404);
    // Gone from the database with it, not only hidden.
    expect(await storedAttachment(app, ref.id)).toBeUndefined();
  });

  it("purges uploads no message claimed within a day, and keeps those sent", async () => {
    const { app } = testApp();
    const { patient, doctor } = await aPair(app);
    const sentFile = await attach(app, patient, "sent.txt", "A file that was sent");
    expect((await sendWith(app, patient, doctor, "Sent", [sentFile.ref])).statusCode).toBe(200);
    const unsent = await attach(app, patient, "unsent.txt", "A file whose message never went");
    const at = (ms: number) => ({ db: app.clinic.db, now: () => new Date(app.clinic.now().getTime() + ms) });

    // Within the day it waits for its message.
    await purgeUnclaimedUploads(at(DAY - 60_000));
    expect(await storedAttachment(app, unsent.ref.id)).toBeDefined();
    // A day on, it is gone (however many others this clinic had waiting), and can no longer be sent.
    expect(await purgeUnclaimedUploads(at(DAY + 60_000))).toBeGreaterThanOrEqual(1);
    expect(await storedAttachment(app, unsent.ref.id)).toBeUndefined();
    expect((await sendWith(app, patient, doctor, "Late", [unsent.ref])).statusCode).toBe(400);
    // The file that was sent stays, for both of them.
    expect((await storedAttachment(app, sentFile.ref.id))?.message_id).not.toBeNull();
    expect((await fetchAttachment(app, doctor, sentFile.ref.id)).statusCode).toBe(200);
  });
});
