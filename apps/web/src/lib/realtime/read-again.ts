import type { QueryClient, QueryKey } from "@tanstack/react-query";

/**
 * Marks the reads under a key stale and fetches them again, even one whose first fetch is still
 * under way. TanStack Query joins a refetch to a first fetch in flight (with no data to fall back
 * on, it doesn't cancel), and that fetch may have read the database before the change a push
 * announces: the change would not show until the next push. Cancelling first makes the new fetch
 * start after the push.
 */
export async function readAgain(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  await queryClient.cancelQueries({ queryKey });
  await queryClient.invalidateQueries({ queryKey });
}
