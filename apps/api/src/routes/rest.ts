// The documented REST paths (/api/user, /api/login, …): each is a tRPC procedure with an
// `openapi` meta, called here through a server-side caller so REST and tRPC share one
// implementation. The OpenAPI document is generated from the same router.
import { appRouter, createCaller } from "@halcyon/domain";
import type { FastifyInstance, FastifyRequest, HTTPMethods } from "fastify";
import { generateOpenApiDocument } from "trpc-to-openapi";
import { z } from "zod";
import { sendError } from "../errors";

type Caller = ReturnType<typeof createCaller>;
interface RestProcedure {
  _def: { meta?: { openapi?: { method: HTTPMethods; path: string } }; inputs: unknown[] };
}
type AnyProcedureCall = (input: unknown) => Promise<unknown>;

function procedureCall(caller: Caller, path: string): AnyProcedureCall {
  return path.split(".").reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], caller) as AnyProcedureCall;
}

/** Path parameters, then query (reads) or body (writes), as one input object. */
function restInput(request: FastifyRequest, takesInput: boolean): unknown {
  if (!takesInput) return undefined;
  const params = request.params as Record<string, string>;
  const carrier = request.method === "GET" || request.method === "DELETE" ? request.query : request.body;
  if (carrier === undefined || carrier === null) return { ...params };
  if (typeof carrier !== "object" || Array.isArray(carrier)) return carrier;
  return { ...(carrier as Record<string, unknown>), ...params };
}

export async function restRoutes(app: FastifyInstance): Promise<void> {
  // tRPC keeps a flat "auth.me" → procedure map at run time; its static type is the nested tree.
  const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, RestProcedure>);

  for (const [path, procedure] of procedures) {
    const openapi = procedure._def.meta?.openapi;
    if (!openapi) continue;
    const takesInput = !procedure._def.inputs.every((schema) => schema instanceof z.ZodVoid);
    app.route({
      method: openapi.method,
      url: `/api${openapi.path.replace(/\{(\w+)\}/g, ":$1")}`,
      handler: async (request, reply) => {
        try {
          const ctx = await app.createRequestContext(request, reply);
          const result = await procedureCall(createCaller(ctx), path)(restInput(request, takesInput));
          return reply.send(result);
        } catch (error) {
          return sendError(app, reply, error, path);
        }
      },
    });
  }

  const document = generateOpenApiDocument(appRouter, {
    title: "Halcyon clinic API",
    version: "1.0.0",
    baseUrl: "/api",
    description: "The public HTTP API of Halcyon. Sign in with POST /api/login; the session cookie authenticates the rest.",
    securitySchemes: { sessionCookie: { type: "apiKey", in: "cookie", name: "halcyon_session" } },
  });
  describeOurErrorBodies(document.components?.schemas ?? {});
  app.get("/api/openapi.json", async () => document);

  // The specification's sign-in redirect: a full-page navigation lands on the sign-in screen.
  app.get("/api/login", async (_request, reply) => reply.redirect("/auth", 302));
}

/**
 * trpc-to-openapi documents errors as its own adapter answers them; ours come from `sendError`:
 * each input problem names its field, and a 429 says when to try again (docs/product.md).
 */
function describeOurErrorBodies(schemas: Record<string, unknown>): void {
  for (const [name, schema] of Object.entries(schemas)) {
    if (!name.startsWith("error.")) continue;
    const properties = (schema as { properties: Record<string, { items?: unknown }> }).properties;
    properties.issues!.items = {
      type: "object",
      properties: {
        path: { type: "string", description: 'The field, dotted ("workingHours.0.start"); empty for the whole input' },
        message: { type: "string" },
      },
      required: ["path", "message"],
      additionalProperties: false,
    };
    properties.retryAfterSeconds = { type: "integer", description: "Seconds to wait before trying again (429 only; also the Retry-After header)" } as never;
  }
}
