// The one error type of the clinic. It is a TRPCError, so tRPC carries its code and message as
// they are, and tRPC's own table turns the code into the HTTP status for REST and tRPC alike.
import { TRPCError } from "@trpc/server";
import { getHTTPStatusCodeFromError } from "@trpc/server/http";
import type { TRPC_ERROR_CODE_KEY } from "@trpc/server/unstable-core-do-not-import";
import { ZodError } from "zod";

const CODES = {
  INVALID_INPUT: "BAD_REQUEST",
  UNAUTHENTICATED: "UNAUTHORIZED",
  FORBIDDEN: "FORBIDDEN",
  /** A sensitive change without a recent re-check of the password: a 403 whose code says so. */
  REAUTH_REQUIRED: "FORBIDDEN",
  /** The clinic requires two-step sign-in of staff, and this member has not set it up: a 403 whose code says so. */
  TWO_STEP_REQUIRED: "FORBIDDEN",
  /** A patient joins a video visit only once the telehealth consent is signed: a 403 whose code says so. */
  CONSENT_REQUIRED: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  PAYLOAD_TOO_LARGE: "PAYLOAD_TOO_LARGE",
  UNSUPPORTED_MEDIA_TYPE: "UNSUPPORTED_MEDIA_TYPE",
  INTERNAL: "INTERNAL_SERVER_ERROR",
  /** A provider the clinic relies on (Stripe) did not answer, or refused for its own reasons. */
  PROVIDER_UNAVAILABLE: "BAD_GATEWAY",
} as const satisfies Record<string, TRPC_ERROR_CODE_KEY>;

export type AppErrorCode = keyof typeof CODES;

export const INTERNAL_ERROR_MESSAGE = "Something went wrong on our side. Please try again in a moment.";

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** Seconds a client should wait before trying again (rate limits). */
  readonly retryAfterSeconds: number | undefined;

  constructor(code: AppErrorCode, message: string, options: { retryAfterSeconds?: number; cause?: unknown } = {}) {
    super({ code: CODES[code], message, cause: options.cause });
    this.name = "AppError";
    this.appCode = code;
    this.retryAfterSeconds = options.retryAfterSeconds;
  }
}

/** The message a person reads for a failed input: the first problem, as the schema words it. */
export function describeInputProblem(error: ZodError): string {
  return error.issues[0]?.message ?? "The request is not valid.";
}

/** Refusals a client acts on by name (ask for the password again, set up two-step sign-in, sign a consent), not only by status. */
const NAMED_REFUSALS = ["REAUTH_REQUIRED", "TWO_STEP_REQUIRED", "CONSENT_REQUIRED"] as const;
type NamedRefusal = (typeof NAMED_REFUSALS)[number];
const isNamedRefusal = (code: AppErrorCode): code is NamedRefusal => (NAMED_REFUSALS as readonly string[]).includes(code);

export interface PublicError {
  status: number;
  code: TRPC_ERROR_CODE_KEY | NamedRefusal;
  message: string;
  /** Every input problem, by field, when the input failed validation. */
  issues?: { path: string; message: string }[];
  retryAfterSeconds?: number;
}

/**
 * What any failure looks like from outside, for every transport. 4xx keep their message (it was
 * written for a person); 5xx never show internals.
 */
export function toPublicError(cause: unknown): PublicError {
  const error = cause instanceof TRPCError ? cause : new TRPCError({ code: "INTERNAL_SERVER_ERROR", cause });
  const status = getHTTPStatusCodeFromError(error);
  // An answer that failed its own schema is our fault: its problems are not the client's business.
  // A provider's refusal is worded for the person (it names no internals), so it is kept.
  const provider = error instanceof AppError && error.appCode === "PROVIDER_UNAVAILABLE";
  if (status >= 500 && !provider) return { status, code: error.code, message: INTERNAL_ERROR_MESSAGE };
  if (error.cause instanceof ZodError) {
    return {
      status,
      code: error.code,
      message: describeInputProblem(error.cause),
      issues: error.cause.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
    };
  }
  return {
    status,
    code: error instanceof AppError && isNamedRefusal(error.appCode) ? error.appCode : error.code,
    message: error.message,
    ...(error instanceof AppError && error.retryAfterSeconds !== undefined ? { retryAfterSeconds: error.retryAfterSeconds } : {}),
  };
}
