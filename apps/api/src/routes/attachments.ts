// Attachments of sealed messages: bytes, not JSON, so they have doors of their own. The body is
// the file as the sender's browser sealed it (application/octet-stream); the answer of a fetch is
// those same bytes. The rules (who may upload, who may fetch) are the domain's.
import { AppError, ATTACHMENT_MAX_UPLOAD_BYTES, ATTACHMENT_TOO_LARGE, attachmentOf, parseClientInput, uploadAttachment } from "@halcyon/domain";
import { attachmentParamsSchema } from "@halcyon/domain/schemas";
import type { FastifyInstance } from "fastify";
import { sendError } from "../errors";
import { guardedDoor } from "./guarded-door";

const MEMBERS = ["patient", "doctor"] as const;
/**
 * Fetching is open to every role at the door: an admin, who is no one's conversation party,
 * then hears the 404 anyone else does (audited as a refusal), and learns no more than they would.
 */
const ANY_ROLE = ["patient", "doctor", "admin"] as const;
const AS_BYTES = "Send the sealed file as application/octet-stream.";
/** Fastify's refusals of a body, in the words of this door. */
const REFUSALS: Record<string, () => AppError> = {
  FST_ERR_CTP_BODY_TOO_LARGE: () => new AppError("PAYLOAD_TOO_LARGE", ATTACHMENT_TOO_LARGE),
  FST_ERR_CTP_INVALID_MEDIA_TYPE: () => new AppError("UNSUPPORTED_MEDIA_TYPE", AS_BYTES),
};

export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  // Only these routes take raw bytes, up to one sealed file; everything else stays JSON only.
  app.addContentTypeParser("application/octet-stream", { parseAs: "buffer", bodyLimit: ATTACHMENT_MAX_UPLOAD_BYTES }, (_request, body, done) =>
    done(null, body),
  );
  app.setErrorHandler((error, _request, reply) => sendError(app, reply, REFUSALS[(error as { code?: string }).code ?? ""]?.() ?? error));

  app.post(
    "/api/attachments",
    { bodyLimit: ATTACHMENT_MAX_UPLOAD_BYTES },
    guardedDoor(app, "attachments.upload", MEMBERS, async (ctx, request, reply) => {
      if (!Buffer.isBuffer(request.body)) throw new AppError("UNSUPPORTED_MEDIA_TYPE", AS_BYTES);
      return reply.send(await uploadAttachment(ctx, request.body));
    }),
  );

  app.get(
    "/api/attachments/:id",
    guardedDoor(app, "attachments.fetch", ANY_ROLE, async (ctx, request, reply) => {
      const { id } = parseClientInput(attachmentParamsSchema, request.params);
      const ciphertext = await attachmentOf(ctx, id);
      return reply
        .type("application/octet-stream")
        .header("content-disposition", "attachment")
        .header("cache-control", "private, no-store")
        .send(Buffer.from(ciphertext.buffer, ciphertext.byteOffset, ciphertext.byteLength));
    }),
  );
}
