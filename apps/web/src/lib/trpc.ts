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
      fetch: (url, options) => fetch(url, { ...options, credentials: "include" }),
    }),
  ],
});
