// Issue 36, part 1 — a couple's session over REST, on both databases: the patient who books it
// names their partner by address, the partner (signed in with that verified address, and no one
// else) accepts or declines in the app, both then see it and its partner, either cancels it for
// both, its doctor sees both; the couple's hour and a single session's never share a doctor's hour;
// bad input is a clear 4xx that writes nothing.
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, patch, slotsOf, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { pdfText } from "./pdf-text";

const as = (who: SignedIn) => ({ cookie: who.cookie });

/** Gives a member a verified address (what an emailed link does), so invitations to it are theirs. */
async function verifiedAddress(app: FastifyInstance, who: SignedIn, email = `member${who.id}@example.com`): Promise<string> {
  await app.clinic.db.updateTable("users").set({ email, email_verified_at: new Date().toISOString() }).where("id", "=", who.id).execute();
  return email.toLowerCase();
}

const invitationsOf = async (app: FastifyInstance, who: SignedIn) => {
  const response = await app.inject({ method: "GET", url: "/api/party-invitations", headers: as(who) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { id: number; startTime: string; invitedBy: string; doctorName: string }[];
};
const answer = (app: FastifyInstance, who: SignedIn, id: number, how: "accept" | "decline") =>
  app.inject({ method: "POST", url: `/api/party-invitations/${id}/${how}`, headers: as(who) });
const listOf = async (app: FastifyInstance, who: SignedIn) =>
  (await app.inject({ method: "GET", url: "/api/appointments", headers: as(who) })).json() as {
    id: number;
    patientId: number;
    status: string;
    startTime: string;
    feeMinor: number | null;
    party?: { kind: string; others: { name: string; patientId?: number }[]; invitation?: { email: string; status: string } };
  }[];

/** What a refused booking must leave as it was. */
async function rowCounts(app: FastifyInstance) {
  const count = async (table: "appointments" | "appointment_parties" | "party_invitations") =>
    Number(
      (
        await app.clinic.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return { appointments: await count("appointments"), parties: await count("appointment_parties"), invitations: await count("party_invitations") };
}

/** The clock moves on by days to a session's start: sessions outlive the jump. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

describeApp(
  "a couple's session",
  (testApp) => {
    let doctor: SignedIn;
    let couplesId: number;
    let individualId: number;

    beforeAll(async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      doctor = await aStaffMember(app, "doctor");
      const service = (body: Record<string, unknown>) => app.inject({ method: "POST", url: "/api/billing/services", payload: body, headers: as(admin) });
      couplesId = (await service({ name: "Couples Therapy", minutes: 53, feeMinor: 18_000, kind: "couples" })).json().id;
      individualId = (await service({ name: "Individual Therapy", minutes: 53, feeMinor: 15_000, kind: "individual" })).json().id;
    });

    /** A patient who books a couples session naming `partnerEmail`, `daysAhead` on. */
    async function aCouplesBooking(partnerEmail: string, daysAhead = 10) {
      const { app } = testApp();
      const booker = await aPatient(app);
      const [slot] = await slotsOf(app, booker, doctor.id, weekdayAhead(daysAhead + Math.floor(Math.random() * 30)));
      const booked = await book(app, booker, { doctorId: doctor.id, startTime: slot, title: "Together", serviceId: couplesId, partnerEmail });
      expect(booked.statusCode, booked.body).toBe(200);
      return {
        booker,
        session: booked.json() as {
          id: number;
          startTime: string;
          party: { id: number; kind: string; others: unknown[]; invitation: { email: string; status: string } };
        },
      };
    }

    it("invites the partner named by address, who alone may accept; then both see the session and each other, and its doctor sees both", async () => {
      const { app } = testApp();
      const partner = await aPatient(app);
      const address = await verifiedAddress(app, partner, `Partner${partner.id}@Example.com`);
      const { booker, session } = await aCouplesBooking(address.toUpperCase());
      expect(session.party).toEqual({ id: expect.any(Number), kind: "couple", others: [], invitation: { email: address, status: "pending" } });

      // The partner is told by email, and finds it in the app; nobody else does.
      const notice = await app.clinic.db
        .selectFrom("notices")
        .select(["subject"])
        .where("user_id", "=", partner.id)
        .where("kind", "=", "party_invitation")
        .executeTakeFirst();
      expect(notice?.subject).toMatch(/asked you to join an appointment/);
      const [invitation] = await invitationsOf(app, partner);
      // Before it is accepted, whoever holds the address learns no more than the email said: who asked (first name) and when.
      const bookerFirstName = (await app.inject({ method: "GET", url: "/api/user", headers: as(booker) })).json().firstName;
      expect(invitation).toEqual({
        id: expect.any(Number),
        startTime: session.startTime,
        endTime: expect.any(String),
        invitedBy: bookerFirstName,
        clinicianName: null,
      });
      const stranger = await aPatient(app);
      await verifiedAddress(app, stranger);
      expect(await invitationsOf(app, stranger)).toEqual([]);
      expect((await answer(app, stranger, invitation!.id, "accept")).statusCode).toBe(404);
      expect((await answer(app, booker, invitation!.id, "accept")).statusCode).toBe(404);
      // An address not yet verified is not proof of it: the same address, unverified, on another account answers nothing.
      const unverified = await aPatient(app);
      await app.clinic.db.updateTable("users").set({ email: address }).where("id", "=", unverified.id).execute();
      expect((await answer(app, unverified, invitation!.id, "accept")).statusCode).toBe(404);

      const accepted = await answer(app, partner, invitation!.id, "accept");
      expect(accepted.statusCode, accepted.body).toBe(200);
      const place = accepted.json();
      expect(place).toMatchObject({ startTime: session.startTime, status: "scheduled", patientId: partner.id, feeMinor: null, party: { kind: "couple" } });
      expect((await answer(app, partner, invitation!.id, "accept")).statusCode).toBe(409);
      expect(await invitationsOf(app, partner)).toEqual([]);

      // Each partner sees the other by name only; the one who booked also sees the invitation answered.
      const bookerName = (await app.inject({ method: "GET", url: "/api/user", headers: as(booker) })).json();
      const partnerName = (await app.inject({ method: "GET", url: "/api/user", headers: as(partner) })).json();
      expect((await listOf(app, booker)).find((a) => a.id === session.id)?.party).toEqual({
        id: session.party.id,
        kind: "couple",
        others: [{ name: `${partnerName.firstName} ${partnerName.lastName}` }],
        invitation: { email: address, status: "accepted" },
      });
      expect((await listOf(app, partner)).find((a) => a.id === place.id)?.party).toEqual({
        id: session.party.id,
        kind: "couple",
        others: [{ name: `${bookerName.firstName} ${bookerName.lastName}` }],
      });
      // The doctor sees both places, each naming the other patient; the partner is now in their care.
      const doctorsRows = (await listOf(app, doctor)).filter((a) => a.party?.kind === "couple" && a.startTime === session.startTime);
      expect(doctorsRows.map((row) => row.patientId).sort()).toEqual([booker.id, partner.id].sort());
      expect(doctorsRows.find((row) => row.patientId === partner.id)?.party?.others).toEqual([
        { name: `${bookerName.firstName} ${bookerName.lastName}`, patientId: booker.id },
      ]);
      const care = await app.clinic.db
        .selectFrom("care_relationships")
        .select("patient_id")
        .where("doctor_id", "=", doctor.id)
        .where("patient_id", "=", partner.id)
        .execute();
      expect(care).toHaveLength(1);
      // The fee is agreed once, on the place of the patient who booked.
      expect((await listOf(app, booker)).find((a) => a.id === session.id)?.feeMinor).toBe(18_000);
    });

    it("cancels it for both when either cancels, saying to the other that their partner did; the doctor is told once", async () => {
      const { app } = testApp();
      const partner = await aPatient(app);
      const { booker, session } = await aCouplesBooking(await verifiedAddress(app, partner));
      const [invitation] = await invitationsOf(app, partner);
      const place = (await answer(app, partner, invitation!.id, "accept")).json();
      await verifiedAddress(app, booker);
      await verifiedAddress(app, doctor);
      const before = Number(
        (
          await app.clinic.db
            .selectFrom("notices")
            .select((eb) => eb.fn.max("id").as("id"))
            .executeTakeFirstOrThrow()
        ).id ?? 0,
      );

      const cancelled = await patch(app, partner, place.id, { status: "cancelled" });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect((await listOf(app, booker)).find((a) => a.id === session.id)?.status).toBe("cancelled");
      const party = await app.clinic.db.selectFrom("appointment_parties").select("status").where("id", "=", session.party.id).executeTakeFirstOrThrow();
      expect(party.status).toBe("cancelled");
      const told = await app.clinic.db
        .selectFrom("notices")
        .select(["user_id", "params"])
        .where("kind", "=", "appointment_cancelled")
        .where("id", ">", before)
        .execute();
      const byUser = new Map(told.map((row) => [row.user_id, JSON.parse(row.params).cancelledBy]));
      expect(told).toHaveLength(3);
      expect(byUser.get(booker.id)).toBe("partner");
      expect(byUser.get(partner.id)).toBe("patient");
      expect(byUser.get(doctor.id)).toBe("patient");
      // A cancelled session cannot be joined.
      expect((await patch(app, booker, session.id, { status: "cancelled" })).statusCode).toBe(409);
    });

    it("moves both places together, and keeps the couple's hour and a single session's apart", async () => {
      const { app } = testApp();
      const partner = await aPatient(app);
      const { booker, session } = await aCouplesBooking(await verifiedAddress(app, partner), 40);
      const [invitation] = await invitationsOf(app, partner);
      const place = (await answer(app, partner, invitation!.id, "accept")).json();

      // The couple's hour is taken for a single booking, by the same index-backed path as any taken hour.
      const single = await aPatient(app);
      expect((await book(app, single, { doctorId: doctor.id, startTime: session.startTime })).statusCode).toBe(409);
      const date = session.startTime.slice(0, 10);
      expect(await slotsOf(app, single, doctor.id, date)).not.toContain(session.startTime);

      // Moved by either, both places move, and the old hour is free again.
      const [free] = (await slotsOf(app, booker, doctor.id, date)).filter((slot) => slot !== session.startTime);
      const moved = await patch(app, partner, place.id, { startTime: free });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await listOf(app, booker)).find((a) => a.id === session.id)?.startTime).toBe(free);
      expect(await slotsOf(app, single, doctor.id, date)).toContain(session.startTime);

      // A single session's hour cannot take a couple, nor a couple be moved onto it.
      const taken = (await book(app, single, { doctorId: doctor.id, startTime: session.startTime })).json();
      const onSingle = await book(app, await aPatient(app), {
        doctorId: doctor.id,
        startTime: taken.startTime,
        title: "Us",
        serviceId: couplesId,
        partnerEmail: "x@example.com",
      });
      expect(onSingle.statusCode).toBe(409);
      expect((await patch(app, booker, session.id, { startTime: taken.startTime })).statusCode).toBe(409);
      expect((await listOf(app, partner)).find((a) => a.id === place.id)?.startTime).toBe(free);
    });

    it("waits for an address with no account until a patient verifies it; a decline is told to the one who booked", async () => {
      const { app } = testApp();
      const address = `newcomer-${Date.now()}@example.com`;
      const { booker, session } = await aCouplesBooking(address);
      // The answer is the same as for a patient's address: nothing says whether an account has it.
      expect(session.party.invitation).toEqual({ email: address, status: "pending" });
      const newcomer = await aPatient(app);
      expect(await invitationsOf(app, newcomer)).toEqual([]);
      await verifiedAddress(app, newcomer, address);
      const [invitation] = await invitationsOf(app, newcomer);
      expect(invitation?.startTime).toBe(session.startTime);
      expect((await answer(app, newcomer, invitation!.id, "decline")).statusCode).toBe(200);
      expect((await answer(app, newcomer, invitation!.id, "accept")).statusCode).toBe(409);
      expect((await listOf(app, booker)).find((a) => a.id === session.id)?.party?.invitation).toEqual({ email: address, status: "declined" });
    });

    it("keeps the session's note with the session: its doctor writes, signs and shares it; a partner reads it only once shared; neither record shows it", async () => {
      const { app, advance } = testApp();
      const partner = await aPatient(app);
      const { booker, session } = await aCouplesBooking(await verifiedAddress(app, partner), 3);
      const [invitation] = await invitationsOf(app, partner);
      const place = (await answer(app, partner, invitation!.id, "accept")).json();
      const partyId = session.party.id;
      const note = (who: SignedIn) => app.inject({ method: "GET", url: `/api/parties/${partyId}/note`, headers: as(who) });
      const write = (body: Record<string, unknown>) => app.inject({ method: "PUT", url: `/api/parties/${partyId}/note`, payload: body, headers: as(doctor) });
      const share = (patientId: number, shared: boolean) =>
        app.inject({ method: "POST", url: `/api/parties/${partyId}/note/shares`, payload: { patientId, shared }, headers: as(doctor) });
      const words = "They spoke about the move, and agreed on Sundays.";

      // Before the session: no note yet.
      expect((await write({ body: words })).statusCode).toBe(400);
      const shift = Date.parse(session.startTime) - Date.now() + 10 * 60_000;
      advance(shift);
      try {
        // A note on one patient's place is refused: the note is the session's.
        const onAPlace = await app.inject({
          method: "POST",
          url: "/api/treatment-sessions",
          payload: { appointmentId: session.id, progressRating: 6, sessionNotes: words },
          headers: as(doctor),
        });
        expect(onAPlace.statusCode).toBe(400);
        expect(onAPlace.json().message).toMatch(/kept with the session/);
        expect((await patch(app, doctor, session.id, { status: "completed" })).statusCode).toBe(200);
        expect((await patch(app, doctor, place.id, { status: "no_show" })).statusCode).toBe(200);

        const empty = await write({ body: "   " });
        expect(empty.statusCode).toBe(400);
        expect(empty.json().message).toMatch(/Write the session's note/);
        const written = await write({ body: words });
        expect(written.statusCode, written.body).toBe(200);
        expect(written.json()).toMatchObject({ partyId, kind: "couple", body: words, signedAt: null });
        expect(written.json().participants).toEqual([
          expect.objectContaining({ patientId: booker.id, status: "completed", shared: false }),
          expect.objectContaining({ patientId: place.patientId, status: "no_show", shared: false }),
        ]);

        // Nobody else reads it: not shared, a partner has none to read; a stranger or another doctor, no such session; an admin, no notes.
        expect((await note(booker)).json()).toBeNull();
        expect((await note(partner)).json()).toBeNull();
        const otherDoctor = await aStaffMember(app, "doctor");
        expect((await note(otherDoctor)).statusCode).toBe(404);
        expect((await note(await aPatient(app))).statusCode).toBe(404);
        expect((await note(await aStaffMember(app, "admin"))).statusCode).toBe(403);
        expect((await app.inject({ method: "PUT", url: `/api/parties/${partyId}/note`, payload: { body: "Mine" }, headers: as(otherDoctor) })).statusCode).toBe(
          404,
        );
        // A draft is never shared: a participant reads the note as signed.
        expect((await share(booker.id, true)).statusCode).toBe(409);
        // Signed as read: a draft saved after the doctor read it is never signed unseen.
        const sign = (readAt: string) => app.inject({ method: "POST", url: `/api/parties/${partyId}/note/sign`, payload: { readAt }, headers: as(doctor) });
        advance(1000);
        const rewritten = await write({ body: words });
        expect(rewritten.statusCode).toBe(200);
        expect((await sign(written.json().updatedAt)).statusCode).toBe(409);
        const signed = await sign(rewritten.json().updatedAt);
        expect(signed.statusCode, signed.body).toBe(200);
        expect(signed.json()).toMatchObject({ body: words, signedAt: expect.any(String), contentHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
        expect((await sign(rewritten.json().updatedAt)).statusCode).toBe(409);
        expect((await write({ body: "Changed afterwards." })).statusCode).toBe(409);

        // Shared only with someone who took part; then that one reads it, and only they.
        expect((await share(otherDoctor.id, true)).statusCode).toBe(400);
        expect((await share(booker.id, true)).statusCode).toBe(200);
        const read = await note(booker);
        expect(read.json()).toMatchObject({ partyId, body: words });
        expect(read.json()).not.toHaveProperty("participants");
        expect((await note(partner)).json()).toBeNull();
        expect((await share(booker.id, false)).statusCode).toBe(200);
        expect((await note(booker)).json()).toBeNull();
        // Never shared with a patient no longer in the doctor's care.
        const admin = await aStaffMember(app, "admin");
        const ending = await app.inject({ method: "DELETE", url: `/api/admin/patients/${partner.id}/care/${doctor.id}`, headers: as(admin) });
        expect(ending.statusCode, ending.body).toBe(200);
        expect((await share(partner.id, true)).statusCode).toBe(403);
        expect((await note(partner)).json()).toBeNull();

        // Each one's record says they took part in a couples session, and whether they attended: never the note or the other.
        // Names of their own, so that the other's cannot be in a record by chance (test patients share theirs).
        for (const who of [booker, partner]) {
          await app.clinic.db
            .updateTable("users")
            .set({ first_name: `First${who.id}`, last_name: `Last${who.id}` })
            .where("id", "=", who.id)
            .execute();
        }
        for (const [who, other, attendance] of [
          [booker, partner, "Attended"],
          [partner, booker, "Did not attend"],
        ] as const) {
          const pdf = await app.inject({ method: "GET", url: `/api/patients/${who.id}/record.pdf`, headers: as(who) });
          expect(pdf.statusCode).toBe(200);
          const { text } = await pdfText(pdf.rawPayload);
          expect(text).toContain(`Couples session · ${attendance}`);
          expect(text).not.toContain("Sundays");
          expect(text).toContain(`First${who.id}`);
          expect(text).not.toContain(`First${other.id}`);
          expect(text).not.toContain(`Last${other.id}`);
        }

        // Attendance is each partner's own; neither place waits for a note.
        expect((await listOf(app, booker)).find((a) => a.id === session.id)?.status).toBe("completed");
        expect((await listOf(app, partner)).find((a) => a.id === place.id)?.status).toBe("no_show");
        advance(4 * 86_400_000);
        try {
          const unsigned = (await app.inject({ method: "GET", url: "/api/unsigned-notes", headers: as(doctor) })).json() as { appointment: { id: number } }[];
          expect(unsigned.map((note) => note.appointment.id)).not.toContain(session.id);
        } finally {
          advance(-4 * 86_400_000);
        }
      } finally {
        advance(-shift - 1000);
      }
    });

    it("never leaves a partner's place in a cancelled couple: a cancellation racing an acceptance, or an admin ending the booker's care", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      for (let round = 0; round < 3; round += 1) {
        const partner = await aPatient(app);
        const { booker, session } = await aCouplesBooking(await verifiedAddress(app, partner));
        const [invitation] = await invitationsOf(app, partner);
        await Promise.all([answer(app, partner, invitation!.id, "accept"), patch(app, booker, session.id, { status: "cancelled" })]);
        const party = await app.clinic.db.selectFrom("appointment_parties").select("status").where("id", "=", session.party.id).executeTakeFirstOrThrow();
        const places = await app.clinic.db.selectFrom("appointments").select("status").where("party_id", "=", session.party.id).execute();
        // Either the session stands with both places, or it is cancelled with every place.
        if (party.status === "cancelled") expect(places.every((place) => place.status === "cancelled")).toBe(true);
        else expect(places.map((place) => place.status)).toEqual(["scheduled", "scheduled"]);
      }

      const partner = await aPatient(app);
      const { booker, session } = await aCouplesBooking(await verifiedAddress(app, partner));
      const [invitation] = await invitationsOf(app, partner);
      const place = (await answer(app, partner, invitation!.id, "accept")).json();
      const ended = await app.inject({ method: "DELETE", url: `/api/admin/patients/${booker.id}/care/${doctor.id}`, headers: as(admin) });
      expect(ended.statusCode, ended.body).toBe(200);
      expect((await listOf(app, partner)).find((a) => a.id === place.id)?.status).toBe("cancelled");
      const party = await app.clinic.db.selectFrom("appointment_parties").select("status").where("id", "=", session.party.id).executeTakeFirstOrThrow();
      expect(party.status).toBe("cancelled");
      // The doctor's hour is free again.
      expect(await slotsOf(app, await aPatient(app), doctor.id, session.startTime.slice(0, 10))).toContain(session.startTime);
    });

    it("lets a patient invite a partner five times a day, then answers 429 and writes nothing", async () => {
      const { app } = testApp();
      const patient = await aPatient(app);
      const slots = await slotsOf(app, patient, doctor.id, weekdayAhead(75));
      const invite = (slot: string, n: number) =>
        book(app, patient, { doctorId: doctor.id, startTime: slot, title: "Us", serviceId: couplesId, partnerEmail: `partner-${n}@example.com` });
      for (let n = 0; n < 5; n += 1) expect((await invite(slots[n]!, n)).statusCode).toBe(200);
      const before = await rowCounts(app);
      const refused = await invite(slots[5]!, 5);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().message).toMatch(/5 times a day/);
      expect(await rowCounts(app)).toEqual(before);
    });

    it("refuses a partner who is busy then, and bad bookings, with a clear 4xx that writes nothing", async () => {
      const { app } = testApp();
      const partner = await aPatient(app);
      const { session } = await aCouplesBooking(await verifiedAddress(app, partner));
      // The partner already has a session at that hour (with another doctor).
      const otherDoctor = await aStaffMember(app, "doctor");
      const own = await book(app, partner, { doctorId: otherDoctor.id, startTime: session.startTime });
      expect(own.statusCode, own.body).toBe(200);
      const [invitation] = await invitationsOf(app, partner);
      const before = await rowCounts(app);
      const busy = await answer(app, partner, invitation!.id, "accept");
      expect(busy.statusCode).toBe(409);
      expect(busy.json().message).toMatch(/already have a session at that time/);
      expect(await rowCounts(app)).toEqual(before);
      expect(await invitationsOf(app, partner)).toHaveLength(1);

      const patient = await aPatient(app);
      const own_address = await verifiedAddress(app, patient);
      const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(50));
      const base = { doctorId: doctor.id, startTime: slot, title: "Us" };
      const refusals: [Record<string, unknown>, RegExp][] = [
        [{ ...base, serviceId: couplesId }, /more than one patient/],
        [{ ...base, serviceId: individualId, partnerEmail: "p@example.com" }, /not a couples service/],
        [{ ...base, partnerEmail: "p@example.com" }, /Choose the couples service/],
        [{ ...base, serviceId: couplesId, partnerEmail: "not an address" }, /partner's email address/],
        [{ ...base, serviceId: couplesId, partnerEmail: own_address }, /not your own/],
      ];
      const counted = await rowCounts(app);
      for (const [body, message] of refusals) {
        const refused = await book(app, patient, body);
        expect(refused.statusCode, JSON.stringify(body)).toBe(400);
        expect(refused.json().message).toMatch(message);
      }
      expect(await rowCounts(app)).toEqual(counted);
    });
  },
  LONG_SESSIONS,
);
