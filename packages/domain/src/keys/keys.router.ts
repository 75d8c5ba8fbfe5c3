import { z } from "zod";
import { authedProcedure, roleProcedure, router } from "../trpc";
import { clinicKey, keyOf, myKeys, saveMyKeys, savePasskeySealOf, setRecordsKey } from "./keys";
import {
  memberKeyInputSchema,
  memberPublicKeySchema,
  myKeysSchema,
  passkeySealInputSchema,
  passkeySealSchema,
  publicKeySchema,
  recordsKeyInputSchema,
  saveMyKeysInputSchema,
} from "./keys.schema";

/** Keys for sealed messages: the member's own (sealed), others' public ones, the clinic's records key. */
export const keysRouter = router({
  mine: roleProcedure("patient", "doctor")
    .meta({
      openapi: {
        method: "GET",
        path: "/keys/me",
        tags: ["keys"],
        summary: "Your messaging keys: the public key and the private key sealed in your browser (needs a sign-in or re-check within 5 minutes; audited)",
        protect: true,
      },
    })
    .input(z.void())
    .output(myKeysSchema)
    .query(({ ctx }) => myKeys(ctx)),

  saveMine: roleProcedure("patient", "doctor")
    .meta({
      openapi: {
        method: "PUT",
        path: "/keys/me",
        tags: ["keys"],
        summary: "Store your messaging keys (made and sealed in your browser); needs a recent re-check",
        protect: true,
      },
    })
    .input(saveMyKeysInputSchema)
    .output(myKeysSchema)
    .mutation(({ ctx, input }) => saveMyKeys(ctx, input)),

  savePasskeySeal: roleProcedure("patient", "doctor")
    .meta({
      openapi: {
        method: "PUT",
        path: "/keys/me/passkey-seals/{credentialId}",
        tags: ["keys"],
        summary: "Store your private key sealed under a key from one of your passkeys (its PRF); needs a recent re-check",
        protect: true,
      },
    })
    .input(passkeySealInputSchema)
    .output(passkeySealSchema)
    .mutation(({ ctx, input }) => savePasskeySealOf(ctx, input)),

  clinic: authedProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/keys/clinic",
        tags: ["keys"],
        summary: "The clinic's records key, which every message is also sealed to",
        protect: true,
      },
    })
    .input(z.void())
    .output(publicKeySchema)
    .query(({ ctx }) => clinicKey(ctx)),

  ofMember: roleProcedure("patient", "doctor")
    .meta({
      openapi: { method: "GET", path: "/keys/{userId}", tags: ["keys"], summary: "The public messaging key of someone you may write to", protect: true },
    })
    .input(memberKeyInputSchema)
    .output(memberPublicKeySchema)
    .query(({ ctx, input }) => keyOf(ctx, input.userId)),

  setRecordsKey: roleProcedure("admin")
    .meta({
      openapi: {
        method: "PUT",
        path: "/admin/records-key",
        tags: ["admin"],
        summary: "Set the clinic's records key, once: its public half (the private half stays off line)",
        protect: true,
      },
    })
    .input(recordsKeyInputSchema)
    .output(publicKeySchema)
    .mutation(({ ctx, input }) => setRecordsKey(ctx, input.publicKey)),
});
