import { TRPCClientError } from "@trpc/client";

/** True when the server answered that what was asked for does not exist (for this caller): tRPC code NOT_FOUND, HTTP 404. */
export function isNotFoundError(error: unknown): boolean {
  return error instanceof TRPCClientError && (error.data as { code?: string } | undefined)?.code === "NOT_FOUND";
}
