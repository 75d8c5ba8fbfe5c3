import { toast } from "@halcyon/ui/hooks/use-toast";
import { TRPCClientError } from "@trpc/client";

/** The server's own words for a failure (its 4xx messages are written for people), or a calm fallback. */
export function messageOf(error: unknown): string {
  if (error instanceof TRPCClientError || error instanceof Error) {
    if (error.message && error.message !== "Failed to fetch") return error.message;
    return "The server could not be reached. Please check the connection and try again.";
  }
  return "Something went wrong. Please try again.";
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

export function toastFailure(title: string, error: unknown): void {
  toast({ variant: "destructive", title, description: messageOf(error) });
}

export function toastSuccess(title: string, description?: string): void {
  toast({ title, description });
}
