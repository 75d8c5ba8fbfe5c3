// Serves the built web app and answers unknown paths: a JSON 404 under /api and /trpc and for
// missing files (a path with an extension), the single-page app's index.html for any page.
import { existsSync } from "node:fs";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

export async function webRoutes(app: FastifyInstance, { webDist }: { webDist: string }): Promise<void> {
  const hasWebApp = existsSync(join(webDist, "index.html"));
  if (hasWebApp) {
    const hashedAssets = join(webDist, "assets");
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The build writes a brotli and a gzip copy beside each file; the browser gets the one it accepts.
      preCompressed: true,
      // Hashed assets never change under a name; index.html must be revalidated every time. The
      // plugin's own Cache-Control (max-age=0) is off, or it would replace this one.
      cacheControl: false,
      setHeaders: (res, path) => {
        res.setHeader("Cache-Control", path.startsWith(hashedAssets) ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
  } else {
    app.log.warn({ webDist }, "the web app is not built; only the API is served");
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split("?")[0] ?? "/";
    const isApi = path.startsWith("/api") || path.startsWith("/trpc");
    const isFile = /\.[a-z0-9]+$/i.test(path);
    if (request.method === "GET" && !isApi && !isFile && hasWebApp) {
      return reply.header("Cache-Control", "no-cache").type("text/html").sendFile("index.html");
    }
    return reply.status(404).send({ code: "NOT_FOUND", message: `Nothing is served at ${request.method} ${path}.` });
  });
}
