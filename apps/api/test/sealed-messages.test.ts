// Sealed messages on the server (issue 18): a message is taken only when it is a JWE addressed to
// exactly the current keys of its sender, its receiver and the clinic's records key (words are
// refused); what is stored, answered and backed up is that ciphertext, never the words. Messages
// stored as words before sealing began are sealed by the server as soon as both people and the
// clinic have keys, and their words overwritten.
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { appendMessage } from "@halcyon/db";
import { newKeyPair, openMessage, recipientsOf, sealFile, sealMessage, type MemberKeyPair } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { filesHolding, filesOnDisk } from "./raw-sqlite";
import { giveKeys, openAllAs, openAs, readyToMessage, recordsKey, sealedFor, useRecordsKey } from "./sealing";

const publicOf = (pair: MemberKeyPair) => ({ kid: pair.kid, publicKey: pair.publicKey });

function send(app: FastifyInstance, from: SignedIn, to: SignedIn, content: string, extra: Record<string, unknown> = {}) {
  return app.inject({ method: "POST", url: "/api/messages", payload: { receiverId: to.id, content, ...extra }, headers: { cookie: from.cookie } });
}

let keys: MemberKeyPair[] = [];
beforeAll(async () => {
  keys = await Promise.all(Array.from({ length: 8 }, () => newKeyPair()));
});

describeApp("sealed messages", (testApp) => {
  it("takes a message sealed to exactly the sender, the receiver and the clinic, and keeps only its ciphertext", async () => {
    const { app } = testApp();
    const [patientKey, doctorKey, clinicKey, strangerKey] = keys;
    const [admin, doctor, patient] = [await aStaffMember(app, "admin"), await aStaffMember(app, "doctor"), await aPatient(app)];
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(3));
    expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    const words = "The nightmares are less frequent since we changed the evening routine.";

    // Before every key exists, a sealed message has nobody complete to go to.
    await giveKeys(app, patient, patientKey!);
    const early = await send(app, patient, doctor, await sealMessage({ text: words }, [publicOf(patientKey!), publicOf(doctorKey!)]));
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/Not every key this message must be sealed to exists yet/);

    await giveKeys(app, doctor, doctorKey!);
    expect(
      (await app.inject({ method: "PUT", url: "/api/admin/records-key", payload: { publicKey: clinicKey!.publicKey }, headers: { cookie: admin.cookie } }))
        .statusCode,
    ).toBe(200);
    useRecordsKey(app, clinicKey!);

    // Refused: the clinic left out, a stranger added, a stranger's key instead of the doctor's, a broken envelope, an oversized one.
    const refusals: [string, RegExp][] = [
      [await sealMessage({ text: words }, [publicOf(patientKey!), publicOf(doctorKey!)]), /sealed to exactly your key/],
      [await sealMessage({ text: words }, [patientKey!, doctorKey!, clinicKey!, strangerKey!].map(publicOf)), /sealed to exactly your key/],
      [await sealMessage({ text: words }, [patientKey!, strangerKey!, clinicKey!].map(publicOf)), /sealed to exactly your key/],
      [JSON.stringify({ ciphertext: "x", recipients: "nobody" }), /is a JWE in the General JSON Serialization: iv is missing/],
      [JSON.stringify({ ciphertext: "x".repeat(40_000), recipients: [] }), /at most 32 KB/],
      // And words, however they look.
      [words, /plain text is refused/],
    ];
    for (const [content, reason] of refusals) {
      const refused = await send(app, patient, doctor, content);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(reason);
    }

    // Taken in any order of its three recipients; stored and answered as it came.
    const sealed = await sealMessage({ text: words }, [clinicKey!, doctorKey!, patientKey!].map(publicOf));
    const sent = await send(app, patient, doctor, sealed);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().content).toBe(sealed);
    const read = await app.inject({ method: "GET", url: `/api/messages/${patient.id}`, headers: { cookie: doctor.cookie } });
    expect(read.json().at(-1).content).toBe(sealed);
    const conversations = await app.inject({ method: "GET", url: "/api/conversations", headers: { cookie: doctor.cookie } });
    expect(JSON.stringify(conversations.json())).not.toContain("nightmares");

    // A backup of the database holds the ciphertext, never the words.
    if (app.database.kind === "sqlite") {
      const copy = join(tmpdir(), `halcyon-sealed-${process.pid}-${Date.now()}.db`);
      try {
        await app.database.backupTo(copy);
        const bytes = readFileSync(copy).toString("latin1");
        expect(bytes).toContain(JSON.parse(sealed).ciphertext.slice(0, 40));
        expect(bytes).not.toContain("nightmares");
      } finally {
        rmSync(copy, { force: true });
      }
    }
  });

  it("refuses words: a message in plain text is answered 400 and never stored", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    const plain = ["I could not sleep again last night.", '{"text":"I could not sleep again last night."}', "{ciphertext} {recipients}"];
    for (const content of plain) {
      const refused = await send(app, patient, doctor, content);
      expect(refused.statusCode, content).toBe(400);
      expect(refused.json().code).toBe("BAD_REQUEST");
      expect(refused.json().message).toBe(
        "Messages are sealed in the sender's browser before they are sent (a JWE, see docs/product.md): plain text is refused",
      );
      expect(refused.json().issues).toEqual([expect.objectContaining({ path: "content" })]);
      const overTrpc = await app.inject({
        method: "POST",
        url: "/trpc/messages.send",
        payload: { receiverId: doctor.id, content },
        headers: { cookie: patient.cookie },
      });
      expect(overTrpc.statusCode, content).toBe(400);
      expect(overTrpc.body).toMatch(/plain text is refused/);
    }
    expect((await app.inject({ method: "GET", url: `/api/messages/${doctor.id}`, headers: { cookie: patient.cookie } })).json()).toEqual([]);
    // The same words, sealed, are taken.
    const sealed = await send(app, patient, doctor, await sealedFor(app, patient, doctor, plain[0]!));
    expect(sealed.statusCode, sealed.body).toBe(200);
    expect(await openAs(app, doctor, sealed.json().content)).toBe(plain[0]);
  });

  it("takes only the JWE's own members: a member of any other name is refused, naming it, and what is stored is the envelope written out again", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    const secret = "I have not told anyone about the pills";
    const envelope = JSON.parse(await sealedFor(app, patient, doctor, "How are you today?")) as Record<string, unknown> & {
      protected: string;
      recipients: { encrypted_key: string; header: Record<string, unknown> & { epk: Record<string, unknown> } }[];
    };
    const encode = (header: object) => Buffer.from(JSON.stringify(header)).toString("base64url");
    const changed = (change: (copy: typeof envelope) => void) => {
      const copy = structuredClone(envelope);
      change(copy);
      return JSON.stringify(copy);
    };
    const refusals: [string, string][] = [
      [changed((copy) => void (copy.note = secret)), `"note" at its top level is not allowed`],
      [changed((copy) => void (copy.aad = Buffer.from(secret).toString("base64url"))), `"aad" at its top level is not allowed`],
      [changed((copy) => void (copy.unprotected = { note: secret })), `"unprotected" at its top level is not allowed`],
      [changed((copy) => void (copy.recipients[1]!.header.note = secret)), `"note" in recipients[1].header is not allowed`],
      [changed((copy) => void (copy.recipients[0]!.header.epk.d = secret)), `"d" in recipients[0].header.epk is not allowed`],
      [changed((copy) => Object.assign(copy.recipients[2]!, { note: secret })), `"note" in recipients[2] is not allowed`],
      [changed((copy) => void (copy.protected = encode({ enc: "A256GCM", note: secret }))), `"note" in protected header is not allowed`],
      [changed((copy) => void (copy.protected = encode({ enc: "A128GCM" }))), "the protected header's enc is A256GCM"],
      [changed((copy) => void (copy.protected = "bm90IGpzb24")), "the protected header is not base64url JSON"],
      [changed((copy) => void (copy.recipients[0]!.header.alg = "ECDH-ES")), "each recipient's alg is ECDH-ES+A256KW"],
      [changed((copy) => void (copy.iv = Buffer.from(secret).toString("base64url"))), "iv is 12 bytes, base64url"],
      [changed((copy) => void (copy.recipients[0]!.encrypted_key = secret)), "encrypted_key is base64url"],
    ];
    for (const [content, member] of refusals) {
      const refused = await send(app, patient, doctor, content);
      expect(refused.statusCode, member).toBe(400);
      expect(refused.json().message).toBe(
        `A sealed message is a JWE in the General JSON Serialization: ${member}${member.endsWith("allowed") ? ": a sealed message holds only the JWE's own members" : ""}.`,
      );
      expect(refused.json().issues).toEqual([expect.objectContaining({ path: "content" })]);
    }
    const stored = () => app.clinic.db.selectFrom("messages").select("content").where("sender_id", "=", patient.id).execute();
    expect(await stored()).toEqual([]);

    // The same envelope with its members in another order and spaced out is taken, and stored (and
    // answered) as written out again: exactly the members checked, as jose writes them.
    const { recipients, ...rest } = envelope;
    const reordered = JSON.stringify(
      {
        recipients: recipients.map(({ header, encrypted_key }) => ({ header: { epk: header.epk, kid: header.kid, alg: header.alg }, encrypted_key })),
        ...rest,
      },
      null,
      2,
    );
    const sent = await send(app, patient, doctor, reordered);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().content).toBe(JSON.stringify(envelope));
    expect(await stored()).toEqual([{ content: JSON.stringify(envelope) }]);
    expect(await openAs(app, doctor, sent.json().content)).toBe("How are you today?");
  });

  it("keeps no word and no file of a whole conversation in the database, its WAL or a backup: only their ciphertext", async () => {
    const { app } = testApp();
    const [patient, doctor, admin] = [await aPatient(app), await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(4));
    expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
    await readyToMessage(app, patient, doctor);

    // A file of some 2 KB whose every line carries a marker no ciphertext could hold by chance.
    const marker = "PLAINTEXT-MARKER-q7Zx";
    const fileText = Array.from({ length: 30 }, (_, n) => `${marker} ${n}: the panic comes on the morning train, never on the bus.\n`).join("");
    expect(fileText.length).toBeGreaterThan(2_000);
    const fileName = "panic-diary-november-q7Zx.txt";
    const { sealed: sealedFile, key } = await sealFile(new TextEncoder().encode(fileText));
    const uploaded = await app.inject({
      method: "POST",
      url: "/api/attachments",
      payload: Buffer.from(sealedFile),
      headers: { cookie: patient.cookie, "content-type": "application/octet-stream" },
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const attachment = { id: uploaded.json().id as number, name: fileName, type: "text/plain", size: fileText.length, key };

    const conversation: [SignedIn, SignedIn, string][] = [
      [patient, doctor, "The panic attacks came back on Tuesday, twice on the train."],
      [doctor, patient, "Thank you for telling me. Did the square breathing help at all?"],
      [patient, doctor, "A little. I wrote everything down in the diary I am attaching."],
      [doctor, patient, "Let us go through the diary together on Thursday afternoon."],
    ];
    const words = conversation.map(([, , text]) => text);
    const sent = [];
    for (const [index, [from, to, text]] of conversation.entries()) {
      const withFile = index === 2;
      const content = await sealedFor(app, from, to, text, withFile ? [attachment] : undefined);
      const answer = await send(app, from, to, content, withFile ? { attachmentIds: [attachment.id] } : {});
      expect(answer.statusCode, answer.body).toBe(200);
      sent.push(answer.json() as { id: number; content: string });
    }

    // Each reads the conversation, the file included; what the server answers holds only ciphertext.
    for (const [reader, partner] of [
      [patient, doctor],
      [doctor, patient],
    ] as const) {
      const history = (await app.inject({ method: "GET", url: `/api/messages/${partner.id}`, headers: { cookie: reader.cookie } })).json() as {
        content: string;
      }[];
      expect(await Promise.all(history.map((message) => openAs(app, reader, message.content)))).toEqual(words);
      const answers = JSON.stringify([history, (await app.inject({ method: "GET", url: "/api/conversations", headers: { cookie: reader.cookie } })).json()]);
      for (const secret of [...words, marker, fileName]) expect(answers).not.toContain(secret);
      const [ref] = (await openAllAs(app, reader, history[2]!.content)).attachments!;
      const fetched = await app.inject({ method: "GET", url: `/api/attachments/${ref!.id}`, headers: { cookie: reader.cookie } });
      expect(Buffer.compare(fetched.rawPayload, Buffer.from(sealedFile))).toBe(0);
      expect(fetched.rawPayload.includes(Buffer.from(marker))).toBe(false);
    }

    // What must be there (so that the search below can find what it looks for) and what must not.
    const present = [JSON.parse(sent[0]!.content).ciphertext as string, Buffer.from(sealedFile.subarray(12, 76))];
    const absent = [...words, marker, fileName];
    const backup = await app.inject({ method: "GET", url: "/api/admin/backup", headers: { cookie: admin.cookie } });
    const onDisk = await filesOnDisk(app);
    if (!onDisk) {
      // PostgreSQL keeps no file a test reads, and is backed up with pg_dump: its rows are read instead.
      expect(backup.statusCode).toBe(409);
      const rows = await app.clinic.db
        .selectFrom("messages")
        .select("content")
        .where(
          "id",
          "in",
          sent.map((message) => message.id),
        )
        .execute();
      const files = await app.clinic.db.selectFrom("attachments").select("ciphertext").where("id", "=", attachment.id).execute();
      const stored = [Buffer.from(JSON.stringify(rows)), ...files.map((file) => Buffer.from(file.ciphertext))];
      for (const secret of absent)
        expect(
          stored.filter((bytes) => bytes.includes(Buffer.from(secret))),
          secret,
        ).toEqual([]);
      return;
    }
    expect(backup.statusCode, backup.body.slice(0, 200)).toBe(200);
    const backupFile = { name: "the backup", bytes: backup.rawPayload };
    // The database file and its WAL as they lie on disk now, and again once the WAL is checkpointed into the file.
    for (const files of [[...onDisk, backupFile], (await filesOnDisk(app, { checkpoint: true }))!]) {
      for (const needle of present) expect(filesHolding(files, needle), "the ciphertext is stored").not.toEqual([]);
      for (const secret of absent) expect(filesHolding(files, secret), secret).toEqual([]);
    }
    expect(filesHolding([backupFile], present[1]!)).toEqual(["the backup"]);
  });
});

/** Messages as they were stored before sealing began: words, written straight into the database. */
async function storeWords(app: FastifyInstance, conversation: [SignedIn, SignedIn, string][]): Promise<number[]> {
  return app.clinic.db.transaction().execute(async (trx) => {
    const ids: number[] = [];
    for (const [from, to, content] of conversation) {
      const { message } = await appendMessage(trx, { senderId: from.id, receiverId: to.id, content, createdAt: app.clinic.now().toISOString() });
      ids.push(message.id);
    }
    return ids;
  });
}

async function storedContents(app: FastifyInstance, ids: number[]): Promise<string[]> {
  const rows = await app.clinic.db.selectFrom("messages").select(["id", "content"]).where("id", "in", ids).orderBy("id").execute();
  return rows.map((row) => row.content);
}

/** The audit rows of sealing stored words: who sealed, and how many. */
async function sealings(app: FastifyInstance): Promise<{ actorId: number | null; outcome: string; details: unknown }[]> {
  const rows = await app.clinic.db
    .selectFrom("audit_log")
    .select(["actor_id", "outcome", "details"])
    .where("action", "=", "messages.seal")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({ actorId: row.actor_id, outcome: row.outcome, details: JSON.parse(String(row.details)) }));
}

/**
 * Each message is now a JWE sealed to exactly both people's keys and the clinic's; each of the
 * two reads its words with their own key, and the clinic with its records key.
 */
async function expectSealedToAll(app: FastifyInstance, ids: number[], texts: string[], people: [SignedIn, MemberKeyPair][]): Promise<void> {
  const clinic = await recordsKey(app);
  const contents = await storedContents(app, ids);
  expect(contents).toHaveLength(texts.length);
  for (const [index, content] of contents.entries()) {
    expect([...(recipientsOf(content) ?? [])].sort()).toEqual([...people.map(([, pair]) => pair.kid), clinic.kid].sort());
    for (const [member] of people) expect(await openAs(app, member, content)).toBe(texts[index]);
    expect((await openMessage(content, { kid: clinic.kid, privateKey: clinic.privateKey })).text).toBe(texts[index]);
  }
}

/** On SQLite: whether the database file, once its WAL is checkpointed into it, still holds each text. */
async function onDiskAfterCheckpoint(app: FastifyInstance, texts: string[]): Promise<boolean[] | null> {
  const files = await filesOnDisk(app, { checkpoint: true });
  return files && texts.map((text) => filesHolding(files, text).length > 0);
}

describeApp("sealing the words stored before sealing began", (testApp) => {
  it("seals them once both people have keys and then the clinic makes its records key, and overwrites the words", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    const conversation: [SignedIn, SignedIn, string][] = [
      [patient, doctor, "Stored-before-sealing: I keep waking at four in the morning."],
      [doctor, patient, "Stored-before-sealing: let us keep a sleep diary for two weeks."],
      [patient, doctor, "Stored-before-sealing: the diary is in my bag, page one is done."],
    ];
    const texts = conversation.map(([, , text]) => text);
    const ids = await storeWords(app, conversation);
    // The words lie in the database file (the check below has teeth).
    const before = await onDiskAfterCheckpoint(app, texts);
    if (before) expect(before).toEqual(texts.map(() => true));

    // Both people have keys, but the clinic has no records key yet: there is nothing to seal to.
    const patientKey = await giveKeys(app, patient);
    const doctorKey = await giveKeys(app, doctor);
    expect(await storedContents(app, ids)).toEqual(texts);
    expect(await sealings(app)).toEqual([]);

    // The admin makes the records key: every message of the clinic that can be sealed is.
    await recordsKey(app);
    await expectSealedToAll(app, ids, texts, [
      [patient, patientKey],
      [doctor, doctorKey],
    ]);
    const [made] = await app.clinic.db.selectFrom("audit_log").select("actor_id").where("action", "=", "admin.records_key").execute();
    expect(await sealings(app)).toEqual([{ actorId: made!.actor_id, outcome: "success", details: { count: 3 } }]);
    // Both read them as any sealed message.
    const history = (await app.inject({ method: "GET", url: `/api/messages/${doctor.id}`, headers: { cookie: patient.cookie } })).json() as {
      content: string;
    }[];
    expect(await Promise.all(history.map((message) => openAs(app, patient, message.content)))).toEqual(texts);
    // And the words are gone from the disk, not only from the rows (secure_delete).
    const after = await onDiskAfterCheckpoint(app, texts);
    if (after) expect(after).toEqual(texts.map(() => false));
  });

  it("seals them, the clinic's records key made first, once the second of the two people has keys; others wait for theirs", async () => {
    const { app } = testApp();
    await recordsKey(app);
    const [patient, doctor, keyless] = [await aPatient(app), await aStaffMember(app, "doctor"), await aStaffMember(app, "doctor")];
    const conversation: [SignedIn, SignedIn, string][] = [
      [patient, doctor, "Records-key-first: the new medication makes me dizzy."],
      [doctor, patient, "Records-key-first: take it with food and tell me in a week."],
    ];
    const waiting: [SignedIn, SignedIn, string][] = [[patient, keyless, "Records-key-first: a question for a doctor with no keys yet."]];
    const texts = conversation.map(([, , text]) => text);
    const ids = await storeWords(app, conversation);
    const waitingIds = await storeWords(app, waiting);
    const earlier = (await sealings(app)).length;

    // One of the two has keys: their partner has none, so nothing is sealed yet.
    const patientKey = await giveKeys(app, patient);
    expect(await storedContents(app, [...ids, ...waitingIds])).toEqual([...texts, waiting[0]![2]]);
    expect((await sealings(app)).length).toBe(earlier);

    // The doctor saves keys: their conversation with the patient is sealed, by them.
    const doctorKey = await giveKeys(app, doctor);
    await expectSealedToAll(app, ids, texts, [
      [patient, patientKey],
      [doctor, doctorKey],
    ]);
    expect((await sealings(app)).slice(earlier)).toEqual([{ actorId: doctor.id, outcome: "success", details: { count: 2 } }]);
    // The patient's message to a doctor without keys stays in words until that doctor has keys.
    expect(await storedContents(app, waitingIds)).toEqual([waiting[0]![2]]);
    const onDisk = await onDiskAfterCheckpoint(app, [...texts, waiting[0]![2]]);
    if (onDisk) expect(onDisk).toEqual([false, false, true]);

    const keylessKey = await giveKeys(app, keyless);
    await expectSealedToAll(
      app,
      waitingIds,
      [waiting[0]![2]],
      [
        [patient, patientKey],
        [keyless, keylessKey],
      ],
    );
    const last = await onDiskAfterCheckpoint(app, [waiting[0]![2]]);
    if (last) expect(last).toEqual([false]);
  });
});
