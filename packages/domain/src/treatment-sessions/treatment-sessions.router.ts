import { z } from "zod";
import { auditRead } from "../audit/read-audit";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { addAddendum, readPrivateNote, signDraft, unsignedNotes, updateDraft, writePrivateNote } from "./signed-notes";
import {
  addendumInputSchema,
  listSessionsInputSchema,
  privateNoteSchema,
  recordSessionInputSchema,
  savePrivateNoteInputSchema,
  noteIdInputSchema,
  treatmentSessionSchema,
  unsignedNoteSchema,
  updateNoteInputSchema,
} from "./treatment-session.schema";
import { listTreatmentSessions, recordTreatmentSession } from "./treatment-sessions";

export const treatmentSessionsRouter = router({
  list: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/treatment-sessions/{userId}",
        tags: ["treatment sessions"],
        summary: "A patient's session notes and ratings, newest first",
        description:
          "For the patient themselves, the doctors they are in the care of, and admins; a doctor without care reads them only under emergency access (POST /api/emergency-access). Anyone else: 404.",
        protect: true,
      },
    })
    .input(listSessionsInputSchema)
    .output(z.array(treatmentSessionSchema))
    .query(async ({ ctx, input }) => {
      const { sessions, access } = await listTreatmentSessions(ctx, input.userId);
      const ids = sessions.map((s) => s.id);
      await auditRead(
        ctx,
        "treatment_session.read",
        { type: "patient", id: input.userId },
        ids,
        access.kind === "emergency" ? { emergencyAccessId: access.grant.id } : undefined,
      );
      return sessions;
    }),

  record: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/treatment-sessions",
        tags: ["treatment sessions"],
        summary: "Write a session's notes and rating; completes it",
        protect: true,
      },
    })
    .input(recordSessionInputSchema)
    .output(treatmentSessionSchema)
    .mutation(({ ctx, input }) => recordTreatmentSession(ctx, input)),

  update: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "PATCH",
        path: "/treatment-sessions/{id}",
        tags: ["treatment sessions"],
        summary: "Change a draft note: free text, rating, SOAP sections",
        description: "Only the note's author, and only while it is unsigned: a signed note answers 409 (add an addendum instead). Anyone else: 404.",
        protect: true,
      },
    })
    .input(updateNoteInputSchema)
    .output(treatmentSessionSchema)
    .mutation(({ ctx, input: { id, ...change } }) => updateDraft(ctx, id, change)),

  sign: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/treatment-sessions/{id}/sign",
        tags: ["treatment sessions"],
        summary: "Sign a note, locking it",
        description:
          "Only the note's author, once all four SOAP sections are written (else 400). Stores the signer, the time and a SHA-256 of the content; signing twice answers 409.",
        protect: true,
      },
    })
    .input(noteIdInputSchema)
    .output(treatmentSessionSchema)
    .mutation(({ ctx, input }) => signDraft(ctx, input.id)),

  addAddendum: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "POST",
        path: "/treatment-sessions/{id}/addenda",
        tags: ["treatment sessions"],
        summary: "Add a dated addendum to a signed note",
        description: "The note's author or another doctor in the patient's care; a draft answers 409 (change it directly). Anyone else: 404.",
        protect: true,
      },
    })
    .input(addendumInputSchema)
    .output(treatmentSessionSchema)
    .mutation(({ ctx, input }) => addAddendum(ctx, input.id, input.body)),

  privateNote: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "GET",
        path: "/treatment-sessions/{id}/private-note",
        tags: ["treatment sessions"],
        summary: "The session's private psychotherapy note",
        description: "Its author's only (anyone else: 404); never shown to the patient and never exported. Each reading is audited.",
        protect: true,
      },
    })
    .input(noteIdInputSchema)
    .output(privateNoteSchema)
    .query(({ ctx, input }) => readPrivateNote(ctx, input.id)),

  savePrivateNote: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "PUT",
        path: "/treatment-sessions/{id}/private-note",
        tags: ["treatment sessions"],
        summary: "Write the session's private psychotherapy note",
        description: "Its author's only; stays writable after the note is signed, being no part of it. An empty body removes it.",
        protect: true,
      },
    })
    .input(savePrivateNoteInputSchema)
    .output(privateNoteSchema)
    .mutation(({ ctx, input }) => writePrivateNote(ctx, input.id, input.body)),

  unsigned: roleProcedure("doctor")
    .meta({
      openapi: {
        method: "GET",
        path: "/unsigned-notes",
        tags: ["treatment sessions"],
        summary: "The caller's sessions still without a signed note 72 hours after they ended",
        description: "Oldest first, at most 50: a written but unsigned note, or none at all.",
        protect: true,
      },
    })
    .output(z.array(unsignedNoteSchema))
    .query(({ ctx }) => unsignedNotes(ctx)),
});
