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

export function toastFailure(title: string, error: unknown): void {
  toast({ variant: "destructive", title, description: messageOf(error) });
}

export function toastSuccess(title: string, description?: string): void {
  toast({ title, description });
}
