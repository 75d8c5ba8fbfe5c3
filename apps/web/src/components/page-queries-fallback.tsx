import { LoadFailed } from "./load-failed";
import { PageLoading } from "./page-loading";

/** What a page needs to know of each query it waits for (any TanStack/tRPC query result). */
export type PageQuery = {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  error: { message: string } | null;
  refetch: () => unknown;
};

/** True once every query of the page has answered and none has failed: the page may render. */
export function queriesSettled(queries: readonly PageQuery[]): boolean {
  return queries.every((query) => !query.isPending && !query.isError);
}

type PageQueriesFallbackProps = {
  queries: readonly PageQuery[];
  /** What the page is doing while it waits, for screen readers: "Preparing your dashboard". */
  loading: string;
  /** What could not be read, in the reader's words: "your dashboard". */
  what: string;
};

/**
 * What a page shows instead of its content until all of its queries have answered: the loading
 * emblem while any is on its way, then, if one failed, what failed with one retry for them all.
 */
export function PageQueriesFallback({ queries, loading, what }: PageQueriesFallbackProps) {
  if (queries.some((query) => query.isPending && !query.isError)) return <PageLoading label={loading} />;
  const failed = queries.find((query) => query.isError);
  return (
    <div className="mx-auto max-w-3xl px-5 py-24">
      <LoadFailed
        what={what}
        reason={failed?.error?.message}
        retrying={queries.some((query) => query.isFetching)}
        onRetry={() => queries.forEach((query) => void query.refetch())}
      />
    </div>
  );
}
