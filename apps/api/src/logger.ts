import type { DestinationStream } from "pino";
import type { FastifyServerOptions } from "fastify";
import type { Env } from "./env";

/** Fields whose values never reach a log, at the top level or one object down. */
const SECRET_FIELDS = [
  "password",
  "currentPassword",
  "newPassword",
  "passwordHash",
  // The web app's sign-in secrets: each signs in as its member (never the seal secret, which no request carries).
  "authKey",
  "currentAuthKey",
  "newAuthKey",
  "legacyProof",
  "sessionToken",
  "token",
  "content",
  "notes",
  "sessionNotes",
];

/**
 * pino JSON logs. Request logs carry method, path, status and timing only; the paths below are
 * redacted wherever they appear, so secrets and health content never reach a log line.
 */
export function loggerOptions(env: Env, stream?: DestinationStream): FastifyServerOptions["logger"] {
  return {
    ...(stream ? { stream } : {}),
    level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]', ...SECRET_FIELDS, ...SECRET_FIELDS.map((field) => `*.${field}`)],
      censor: "[redacted]",
    },
    serializers: {
      // The query string may carry a private token (calendar feeds): log the path alone.
      req: (request: { method: string; url: string; id: string }) => ({
        id: request.id,
        method: request.method,
        path: request.url.split("?")[0],
      }),
    },
  };
}
