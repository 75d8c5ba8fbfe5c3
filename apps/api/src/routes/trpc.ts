import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from "@trpc/server/adapters/fastify";
import { appRouter, toPublicError, type AppRouter } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { noteSessionRefusal } from "../plugins/refusal-audit";

/** The web app's door: tRPC at /trpc, the same procedures the REST paths call. */
export async function trpcRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyTRPCPlugin, {
    prefix: "/trpc",
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => app.createRequestContext(req, res),
      onError: ({ error, path, req }) => {
        noteSessionRefusal(req, error);
        if (toPublicError(error).status >= 500) app.log.error({ err: error, procedure: path }, "procedure failed");
      },
      responseMeta: ({ errors }) => {
        const retryAfter = errors.map((error) => toPublicError(error).retryAfterSeconds).find((value) => value !== undefined);
        return retryAfter === undefined ? {} : { headers: { "retry-after": String(retryAfter) } };
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>["trpcOptions"],
  });
}
