// The doors outside tRPC, for what is bytes rather than JSON (files, downloads). Each admits its
// caller as tRPC's roleProcedure does, audits a refusal on the way as every procedure's is (the
// role check's, or the work's own, such as a record the caller may not see), and answers any
// failure through sendError.
import { auditRefusal, userInRole, type RequestContext } from "@halcyon/domain";
import type { User } from "@halcyon/db";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { sendError } from "../errors";

type Answer = (ctx: RequestContext & { user: User }, request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** A route handler for `what` (the name its audit rows give it), open to `roles`. */
export function guardedDoor(app: FastifyInstance, what: string, roles: readonly User["role"][], answer: Answer) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
    let ctx: RequestContext | undefined;
    try {
      ctx = await app.createRequestContext(request, reply);
      return await answer({ ...ctx, user: userInRole(ctx, roles) }, request, reply);
    } catch (error) {
      if (ctx) await auditRefusal(ctx, what, error);
      return sendError(app, reply, error);
    }
  };
}
