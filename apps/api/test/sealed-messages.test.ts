// Sealed messages on the server (issue 18): a sealed message is taken only when it is a JWE
// addressed to exactly the current keys of its sender, its receiver and the clinic's records key;
// what is stored, answered and backed up is that ciphertext, never the words.
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { newKeyPair, sealMessage, sealPrivateKey, type MemberKeyPair } from "@halcyon/sealed";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

const publicOf = (pair: MemberKeyPair) => ({ kid: pair.kid, publicKey: pair.publicKey });

async function giveKeys(app: FastifyInstance, who: SignedIn, pair: MemberKeyPair): Promise<void> {
  const sealed = await sealPrivateKey(pair.privateKey, "a sealing password");
  const saved = await app.inject({
    method: "PUT",
    url: "/api/keys/me",
    payload: { publicKey: pair.publicKey, sealedPrivateKey: sealed, sealedRecoveryKey: sealed },
    headers: { cookie: who.cookie },
  });
  expect(saved.statusCode, saved.body).toBe(200);
}

function send(app: FastifyInstance, from: SignedIn, to: SignedIn, content: string) {
  return app.inject({ method: "POST", url: "/api/messages", payload: { receiverId: to.id, content }, headers: { cookie: from.cookie } });
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

    // Refused: the clinic left out, a stranger added, a stranger's key instead of the doctor's, a broken envelope, an oversized one.
    const refusals: [string, RegExp][] = [
      [await sealMessage({ text: words }, [publicOf(patientKey!), publicOf(doctorKey!)]), /sealed to exactly your key/],
      [await sealMessage({ text: words }, [patientKey!, doctorKey!, clinicKey!, strangerKey!].map(publicOf)), /sealed to exactly your key/],
      [await sealMessage({ text: words }, [patientKey!, strangerKey!, clinicKey!].map(publicOf)), /sealed to exactly your key/],
      [JSON.stringify({ ciphertext: "x", recipients: "nobody" }), /is a JWE in the General JSON Serialization/],
      [JSON.stringify({ ciphertext: "x".repeat(40_000), recipients: [] }), /at most 32 KB/],
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
    if (app.database.backupTo) {
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
});
