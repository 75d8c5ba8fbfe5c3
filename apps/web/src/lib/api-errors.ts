import { TRPCClientError } from "@trpc/client";

/** The tRPC code the server refused a call with ("NOT_FOUND", "BAD_REQUEST"…), when it answered one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof TRPCClientError ? (error.data as { code?: string } | undefined)?.code : undefined;
}

/** True when the server answered that what was asked for does not exist (for this caller): tRPC code NOT_FOUND, HTTP 404. */
export function isNotFoundError(error: unknown): boolean {
  return errorCodeOf(error) === "NOT_FOUND";
}

/** The input problems the server listed, by field ("idleTimeoutMinutes" → "At least 5 minutes"). */
export function issuesOf(error: unknown): Map<string, string> {
  const issues = new Map<string, string>();
  if (!(error instanceof TRPCClientError)) return issues;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("issues" in data) || !Array.isArray(data.issues)) return issues;
  for (const issue of data.issues as unknown[]) {
    if (typeof issue !== "object" || issue === null) continue;
    const { path, message } = issue as { path?: unknown; message?: unknown };
    if (typeof path === "string" && typeof message === "string" && !issues.has(path.split(".")[0] ?? "")) {
      issues.set(path.split(".")[0] ?? "", message);
    }
  }
  return issues;
}
