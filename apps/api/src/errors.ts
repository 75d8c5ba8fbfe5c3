// The one place a failure becomes an HTTP answer. Domain errors keep their message; Fastify's
// own refusals (too large, wrong content type, broken JSON) get a sentence a person can act on;
// anything unexpected is logged in full and answered without internals.
import { AppError, toPublicError } from "@halcyon/domain";
import type { FastifyError, FastifyInstance, FastifyReply } from "fastify";
import { noteSessionRefusal } from "./plugins/refusal-audit";

const FASTIFY_MESSAGES: Record<string, { code: ConstructorParameters<typeof AppError>[0]; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: "PAYLOAD_TOO_LARGE", message: "The request body is too large." },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the request body as JSON (Content-Type: application/json)." },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { code: "INVALID_INPUT", message: "The request's Content-Length does not match its body." },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: "INVALID_INPUT", message: "The request says it carries JSON but the body is empty." },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: "INVALID_INPUT", message: "The request body is not valid JSON." },
};

function fromFastify(error: unknown): unknown {
  const code = (error as FastifyError | undefined)?.code;
  const known = code ? FASTIFY_MESSAGES[code] : undefined;
  if (known) return new AppError(known.code, known.message);
  if ((error as FastifyError | undefined)?.statusCode === 400 && error instanceof SyntaxError) {
    return new AppError("INVALID_INPUT", "The request body is not valid JSON.");
  }
  return error;
}

export function sendError(app: FastifyInstance, reply: FastifyReply, cause: unknown, procedure?: string): FastifyReply {
  const error = fromFastify(cause);
  const publicError = toPublicError(error);
  noteSessionRefusal(reply.request, error);
  if (publicError.status >= 500) app.log.error({ err: cause, procedure }, "request failed");
  if (publicError.retryAfterSeconds !== undefined) reply.header("retry-after", String(publicError.retryAfterSeconds));
  const { status, ...body } = publicError;
  return reply.status(status).send(body);
}
