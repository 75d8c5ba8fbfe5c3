// Signed session notes (issue 19) through the public API, on each database: a note is a draft its
// author may change, then a signed record that answers 409 to any change and grows only by
// addenda; the signature's SHA-256 can be recomputed from what is stored; the private
// psychotherapy note reaches its author only; and the doctor's dashboard list of sessions still
// unsigned 72 hours after they ended.
import { createHash } from "node:crypto";

import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, book, signInAs, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { signNote } from "@halcyon/db";
import { describeApp } from "./helper";

const HOUR = 60 * 60_000;
const SOAP = {
  subjective: "Sleeping better.",
  objective: "Calm, engaged, good eye contact.",
  assessment: "Mood improving.",
  plan: "Keep the journal; review in two weeks.",
};

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

type Member = SignedIn & { username: string; password: string };

/** Signed in anew: a session of the real day has lapsed once the test's clock moved days ahead. */
async function again(app: FastifyInstance, who: Member): Promise<Member> {
  return { ...(await signInAs(app, who.username, who.password)), username: who.username, password: who.password };
}

interface Written {
  doctor: Member;
  patient: Member;
  appointmentId: number;
  sessionId: number;
  /** How far the test moved the server's clock; the test moves it back when done. */
  shift: number;
}

/** A session between a new doctor and patient, with its notes written at its start (a draft). */
async function draftNote(app: FastifyInstance, advance: (ms: number) => void, daysAhead: number): Promise<Written> {
  const [staff, member] = [await aStaffMember(app, "doctor"), await aPatient(app)];
  const [slot] = await slotsOf(app, member, staff.id, weekdayAhead(daysAhead));
  const booked = await book(app, member, { doctorId: staff.id, startTime: slot });
  expect(booked.statusCode, booked.body).toBe(200);
  const shift = Date.parse(slot!) - Date.now();
  advance(shift);
  const [doctor, patient] = [await again(app, staff), await again(app, member)];
  const written = await call(app, doctor, "POST", "/api/treatment-sessions", {
    appointmentId: booked.json().id,
    progressRating: 6,
    sessionNotes: "A steadier fortnight.",
    subjective: "Sleeping a little better.",
  });
  if (written.statusCode !== 200) advance(-shift);
  expect(written.statusCode, written.body).toBe(200);
  return { doctor, patient, appointmentId: booked.json().id, sessionId: written.json().id, shift };
}

describeApp("signed session notes", (testApp) => {
  it("lets the author change a draft, signs it with a SHA-256 of its content, then answers 409 to any change", async () => {
    const { app, advance } = testApp();
    const { doctor, sessionId, shift } = await draftNote(app, advance, 10);
    try {
      // Signing needs every SOAP section: the message names the first one missing.
      const early = await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`);
      expect([early.statusCode, early.json().message]).toEqual([400, "Write the Objective section before signing."]);

      const nothing = await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, {});
      expect([nothing.statusCode, nothing.json().message]).toEqual([
        400,
        "Send at least one part of the note to change: sessionNotes, progressRating, subjective, objective, assessment or plan",
      ]);
      const changed = await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, { ...SOAP, progressRating: 7 });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json()).toMatchObject({ soap: SOAP, progressRating: 7, sessionNotes: "A steadier fortnight.", signedAt: null, contentHash: null });

      // A signature covers only what it hashed: a change landing between the read and the write
      // (another tab) makes the write refuse rather than lock other words.
      const stale = { progressRating: 6, sessionNotes: "A steadier fortnight.", soap: SOAP };
      expect(await signNote(app.clinic.db, sessionId, stale, { signedBy: doctor.id, signedAt: new Date().toISOString(), contentHash: "0".repeat(64) })).toBe(
        false,
      );
      const signed = await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`);
      expect(signed.statusCode, signed.body).toBe(200);
      const note = signed.json();
      expect(note.signerName).toBe(note.doctorName);
      expect(Date.parse(note.signedAt)).toBeGreaterThan(0);
      // Anyone can recompute the hash from the stored note and see it has not changed.
      const content = [
        "halcyon-session-note-v1",
        note.id,
        note.appointmentId,
        note.patientId,
        note.doctorId,
        7,
        "A steadier fortnight.",
        SOAP.subjective,
        SOAP.objective,
        SOAP.assessment,
        SOAP.plan,
        doctor.id,
        note.signedAt,
      ];
      expect(note.contentHash).toBe(createHash("sha256").update(JSON.stringify(content)).digest("hex"));

      for (const change of [{ plan: "Something else." }, { progressRating: 9 }, { sessionNotes: "Rewritten." }]) {
        const refused = await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, change);
        expect([refused.statusCode, refused.json().message]).toEqual([409, "This note is signed, so it can no longer change. Add an addendum instead."]);
      }
      expect((await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`)).statusCode).toBe(409);
      const stored = await app.clinic.db.selectFrom("treatment_sessions").selectAll().where("id", "=", sessionId).executeTakeFirstOrThrow();
      expect([stored.plan, stored.progress_rating, stored.content_hash]).toEqual([SOAP.plan, 7, note.contentHash]);

      const actions = await app.clinic.db
        .selectFrom("audit_log")
        .select("action")
        .where("target_type", "=", "treatment_session")
        .where("target_id", "=", String(sessionId))
        .orderBy("id")
        .execute();
      expect(actions.map((row) => row.action)).toEqual(["treatment_session.create", "treatment_session.update", "treatment_session.sign"]);
    } finally {
      advance(-shift);
    }
  });

  it("adds dated addenda to a signed note, by its author or the patient's other doctor, and refuses one on a draft", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, sessionId, shift } = await draftNote(app, advance, 11);
    try {
      const onDraft = await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/addenda`, { body: "Too soon." });
      expect([onDraft.statusCode, onDraft.json().message]).toEqual([409, "This note is still a draft: change it directly, then sign it."]);
      // Another doctor in the patient's care is told to wait for the author.
      const colleague = await aStaffMember(app, "doctor");
      await app.clinic.db
        .insertInto("care_relationships")
        .values({ doctor_id: colleague.id, patient_id: patient.id, since: new Date().toISOString(), origin: "admin" })
        .execute();
      const early = await call(app, colleague, "POST", `/api/treatment-sessions/${sessionId}/addenda`, { body: "Too soon." });
      expect([early.statusCode, early.json().message]).toEqual([409, "This note is still a draft: an addendum can follow once its author has signed it."]);
      await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, SOAP);
      await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`);

      const fromColleague = await call(app, colleague, "POST", `/api/treatment-sessions/${sessionId}/addenda`, { body: "Covered the crisis call on Tuesday." });
      expect(fromColleague.statusCode, fromColleague.body).toBe(200);
      const added = await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/addenda`, { body: "  Patient phoned: the new routine holds.  " });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().addenda).toEqual([
        {
          id: expect.any(Number),
          authorId: colleague.id,
          authorName: expect.any(String),
          body: "Covered the crisis call on Tuesday.",
          createdAt: expect.any(String),
        },
        {
          id: expect.any(Number),
          authorId: doctor.id,
          authorName: added.json().doctorName,
          body: "Patient phoned: the new routine holds.",
          createdAt: expect.any(String),
        },
      ]);
      const empty = await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/addenda`, { body: "   " });
      expect([empty.statusCode, empty.json().message]).toEqual([400, "Write the addendum"]);

      // The patient reads the signed note with its addenda in their record.
      const record = await call(app, patient, "GET", `/api/treatment-sessions/${patient.id}`);
      expect(record.json()[0]).toMatchObject({
        soap: SOAP,
        addenda: [{ body: "Covered the crisis call on Tuesday." }, { body: "Patient phoned: the new routine holds." }],
      });
      // The signature still matches: addenda are not part of what was signed.
      expect(record.json()[0].contentHash).toBe(added.json().contentHash);
    } finally {
      advance(-shift);
    }
  });

  it("lets only the author draft, sign and keep the private note; others get 404, patients and admins 403", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, sessionId, shift } = await draftNote(app, advance, 12);
    try {
      const [stranger, admin] = [await aStaffMember(app, "doctor"), await aStaffMember(app, "admin")];
      const attempts: [string, "PATCH" | "POST" | "GET" | "PUT", string, unknown?][] = [
        ["draft", "PATCH", `/api/treatment-sessions/${sessionId}`, { plan: "Mine now." }],
        ["sign", "POST", `/api/treatment-sessions/${sessionId}/sign`],
        ["addendum", "POST", `/api/treatment-sessions/${sessionId}/addenda`, { body: "Hello." }],
        ["read private", "GET", `/api/treatment-sessions/${sessionId}/private-note`],
        ["write private", "PUT", `/api/treatment-sessions/${sessionId}/private-note`, { body: "Mine." }],
      ];
      for (const [what, method, url, body] of attempts) {
        expect((await call(app, stranger, method, url, body)).statusCode, `${what} by another doctor`).toBe(404);
        expect((await call(app, patient, method, url, body)).statusCode, `${what} by the patient`).toBe(403);
        expect((await call(app, admin, method, url, body)).statusCode, `${what} by an admin`).toBe(403);
      }
      const missing = await call(app, doctor, "PATCH", "/api/treatment-sessions/987654", { plan: "x" });
      expect([missing.statusCode, missing.json().message]).toEqual([404, "No such session note."]);
    } finally {
      advance(-shift);
    }
  });

  it("keeps the private psychotherapy note apart: its author reads it, the record never carries it", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, sessionId, shift } = await draftNote(app, advance, 13);
    try {
      const admin = await aStaffMember(app, "admin");
      const secret = "Countertransference: I felt protective; explore the father theme.";
      expect((await call(app, doctor, "GET", `/api/treatment-sessions/${sessionId}/private-note`)).json()).toEqual({ body: "", updatedAt: null });
      const saved = await call(app, doctor, "PUT", `/api/treatment-sessions/${sessionId}/private-note`, { body: secret });
      expect(saved.statusCode, saved.body).toBe(200);
      // Signing does not lock it: it is no part of the signed record.
      await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, SOAP);
      await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`);
      const later = await call(app, doctor, "PUT", `/api/treatment-sessions/${sessionId}/private-note`, { body: `${secret} Also: grief.` });
      expect(later.json().body).toBe(`${secret} Also: grief.`);
      expect((await call(app, doctor, "GET", `/api/treatment-sessions/${sessionId}/private-note`)).json().body).toBe(`${secret} Also: grief.`);

      for (const reader of [patient, doctor, admin]) {
        const record = await call(app, reader, "GET", `/api/treatment-sessions/${patient.id}`);
        expect(record.statusCode).toBe(200);
        expect(record.body).not.toContain("Countertransference");
      }
      const reads = await app.clinic.db
        .selectFrom("audit_log")
        .select(["action", "actor_id"])
        .where("action", "like", "psychotherapy_note.%")
        .where("target_type", "=", "treatment_session")
        .where("target_id", "=", String(sessionId))
        .execute();
      expect(reads.map((row) => row.action).sort()).toEqual([
        "psychotherapy_note.read",
        "psychotherapy_note.read",
        "psychotherapy_note.write",
        "psychotherapy_note.write",
      ]);
    } finally {
      advance(-shift);
    }
  });

  it("shows the patient a draft's words and rating at once, and its SOAP sections only once signed", async () => {
    const { app, advance } = testApp();
    const { doctor, patient, sessionId, shift } = await draftNote(app, advance, 14);
    try {
      await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, SOAP);
      const asDraft = (await call(app, patient, "GET", `/api/treatment-sessions/${patient.id}`)).json()[0];
      expect(asDraft).toMatchObject({
        sessionNotes: "A steadier fortnight.",
        progressRating: 6,
        soap: { subjective: "", objective: "", assessment: "", plan: "" },
      });
      expect((await call(app, doctor, "GET", `/api/treatment-sessions/${patient.id}`)).json()[0].soap).toEqual(SOAP);
      await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`);
      expect((await call(app, patient, "GET", `/api/treatment-sessions/${patient.id}`)).json()[0].soap).toEqual(SOAP);
    } finally {
      advance(-shift);
    }
  });

  it("lists the doctor's sessions still unsigned 72 hours after they ended, written or not, until signed", async () => {
    const { app, advance } = testApp();
    const written = await draftNote(app, advance, 15);
    const { appointmentId, sessionId, shift } = written;
    let { doctor, patient } = written;
    // A second session of the same pair, the next week, whose notes were never written.
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(22));
    const unwritten = await book(app, patient, { doctorId: doctor.id, startTime: slot });
    expect(unwritten.statusCode, unwritten.body).toBe(200);
    let other = await aStaffMember(app, "doctor");
    let moved = shift;
    const move = (ms: number) => {
      advance(ms);
      moved += ms;
    };
    try {
      const unsigned = async (who: SignedIn) =>
        (await call(app, who, "GET", "/api/unsigned-notes")).json() as { appointment: { id: number }; session: { id: number } | null }[];
      const listed = async () => (await unsigned(doctor)).map((item) => [item.appointment.id, item.session?.id ?? null]);
      // The first session lasts an hour: a minute short of 72 hours after its end, then a minute past.
      move(HOUR + 72 * HOUR - 60_000);
      [doctor, patient, other] = [await again(app, doctor), await again(app, patient), await again(app, other)];
      expect(await listed()).toEqual([]);
      move(2 * 60_000);
      expect(await listed()).toEqual([[appointmentId, sessionId]]);
      expect(await unsigned(other)).toEqual([]);
      // Reading the list reads note content: audited like any read of session notes.
      const reads = await app.clinic.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "treatment_session.read")
        .where("actor_id", "=", doctor.id)
        .execute();
      expect(reads.map((row) => JSON.parse(row.details!))).toContainEqual({ count: 1, ids: [sessionId] });

      // Past the second session's 72 hours too: the oldest leads.
      move(Date.parse(unwritten.json().endTime) + 72 * HOUR + 60_000 - (Date.now() + moved));
      [doctor, patient] = [await again(app, doctor), await again(app, patient)];
      expect(await listed()).toEqual([
        [appointmentId, sessionId],
        [unwritten.json().id, null],
      ]);
      await call(app, doctor, "PATCH", `/api/treatment-sessions/${sessionId}`, SOAP);
      expect((await call(app, doctor, "POST", `/api/treatment-sessions/${sessionId}/sign`)).statusCode).toBe(200);
      expect(await listed()).toEqual([[unwritten.json().id, null]]);
      expect((await call(app, patient, "GET", "/api/unsigned-notes")).statusCode).toBe(403);
    } finally {
      advance(-moved);
    }
  });
  it("closes the record to a doctor whose care ended: signing their own draft is all that is left to them", async () => {
    const { app, advance } = testApp();
    const [staff, member, admin] = [await aStaffMember(app, "doctor"), await aPatient(app), await aStaffMember(app, "admin")];
    // Three sessions of the pair on one day: the test's clock stands at the start of the third.
    const slots = (await slotsOf(app, member, staff.id, weekdayAhead(16))).slice(0, 3);
    const ids: number[] = [];
    for (const startTime of slots) {
      const booked = await book(app, member, { doctorId: staff.id, startTime });
      expect(booked.statusCode, booked.body).toBe(200);
      ids.push(booked.json().id);
    }
    const shift = Date.parse(slots[2]!) - Date.now();
    advance(shift);
    try {
      const [doctor, patient] = [await again(app, staff), await again(app, member)];
      const note = async (appointmentId: number) =>
        (await call(app, doctor, "POST", "/api/treatment-sessions", { appointmentId, progressRating: 6, sessionNotes: "Steadier.", ...SOAP })).json()
          .id as number;
      // The first session's note is signed, with a colleague's addendum; the second's is a draft with a private note; the third has none yet.
      const [signedId, draftId] = [await note(ids[0]!), await note(ids[1]!)];
      expect((await call(app, doctor, "POST", `/api/treatment-sessions/${signedId}/sign`)).statusCode).toBe(200);
      await call(app, doctor, "PUT", `/api/treatment-sessions/${draftId}/private-note`, { body: "Private: the father theme." });
      const colleague = await aStaffMember(app, "doctor");
      await app.clinic.db
        .insertInto("care_relationships")
        .values({ doctor_id: colleague.id, patient_id: patient.id, since: app.clinic.now().toISOString(), origin: "admin" })
        .execute();
      const theirs = await call(app, colleague, "POST", `/api/treatment-sessions/${signedId}/addenda`, { body: "Covered the crisis call on Tuesday." });
      expect(theirs.statusCode, theirs.body).toBe(200);

      const ended = await app.inject({
        method: "DELETE",
        url: `/api/admin/patients/${patient.id}/care/${doctor.id}`,
        headers: { cookie: (await again(app, admin)).cookie },
      });
      expect(ended.statusCode, ended.body).toBe(200);

      const CARE_ENDED = "Your care of this patient has ended, so their record is closed to you. You may still sign your own drafts.";
      const closed: [string, "PATCH" | "POST" | "GET" | "PUT", string, unknown?][] = [
        ["new notes", "POST", "/api/treatment-sessions", { appointmentId: ids[2], progressRating: 5, sessionNotes: "After the end." }],
        ["a draft's change", "PATCH", `/api/treatment-sessions/${draftId}`, { plan: "Changed after the end." }],
        ["an addendum", "POST", `/api/treatment-sessions/${signedId}/addenda`, { body: "After the end." }],
        ["reading the private note", "GET", `/api/treatment-sessions/${draftId}/private-note`],
        ["writing the private note", "PUT", `/api/treatment-sessions/${draftId}/private-note`, { body: "After the end." }],
      ];
      for (const [what, method, url, body] of closed) {
        const refused = await call(app, doctor, method, url, body);
        expect([refused.statusCode, refused.json().message], what).toEqual([403, CARE_ENDED]);
        // Nothing of the record comes back: not the colleague's addendum, not the private note.
        expect(refused.body, what).not.toMatch(/crisis call|father theme/);
      }
      for (const url of [`/api/treatment-sessions/${patient.id}`, `/api/patients/${patient.id}/record.pdf`]) {
        expect((await call(app, doctor, "GET", url)).statusCode, url).toBe(404);
      }

      // Their own draft, as it stands, they may still sign: the answer carries nothing they may no longer read.
      const signed = await call(app, doctor, "POST", `/api/treatment-sessions/${draftId}/sign`);
      expect(signed.statusCode, signed.body).toBe(200);
      expect(signed.json()).toMatchObject({ id: draftId, signedAt: expect.any(String), soap: SOAP, addenda: [] });

      // The record stays whole for the patient's current doctor and the patient.
      for (const reader of [colleague, patient]) {
        const record = (await call(app, reader, "GET", `/api/treatment-sessions/${patient.id}`)).json() as {
          id: number;
          signedAt: string | null;
          addenda: { body: string }[];
        }[];
        expect(record.find((session) => session.id === signedId)?.addenda.map((addendum) => addendum.body)).toEqual(["Covered the crisis call on Tuesday."]);
        expect(record.find((session) => session.id === draftId)?.signedAt).toEqual(expect.any(String));
      }
    } finally {
      advance(-shift);
    }
  });
});
