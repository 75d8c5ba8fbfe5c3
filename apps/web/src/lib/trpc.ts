import type { AppRouter } from "@halcyon/domain";
import { httpBatchLink } from "@trpc/client";
import { createTRPCReact } from "@trpc/react-query";

/** Typed React hooks for every procedure of the server's router (`trpc.auth.login.useMutation()`). */
export const trpc = createTRPCReact<AppRouter>();

/** The one client of the page; same origin, with the session cookie. */
export const trpcClient = trpc.createClient({
  links: [
    httpBatchLink({
      url: "/trpc",
      // A batch names its procedures in the path ("/trpc/a.list,b.summary,…"); the API's router refuses
      // a path segment over 100 characters (414). Four names of this router always fit, and a page's
      // reads still travel in one or two requests.
      maxItems: 4,
      fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
    }),
  ],
});
