import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// In development the API runs on its own port; the browser still sees one origin.
const API_ORIGIN = process.env.API_ORIGIN ?? "http://localhost:3000";

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
}

/** The landing page's route: it loads with the shell for every visitor, so its code is chunked like the shell's. */
const LANDING_ROUTE = /src[\\/]app[\\/]home-route\.tsx$/;

/**
 * Whether a module loads for every visitor: the entry's static imports and the landing route's
 * reach it. Remembered per module for the build.
 */
function loadsForEveryone(): (id: string, graph: ModuleGraph) => boolean {
  const known = new Map<string, boolean>();
  const visit = (id: string, graph: ModuleGraph, path: Set<string>): boolean => {
    const remembered = known.get(id);
    if (remembered !== undefined) return remembered;
    if (path.has(id)) return false;
    path.add(id);
    const info = graph.getModuleInfo(id);
    const result = info !== null && (info.isEntry || LANDING_ROUTE.test(id) || info.importers.some((importer) => visit(importer, graph, path)));
    known.set(id, result);
    return result;
  };
  return (id, graph) => visit(id, graph, new Set());
}
const forEveryone = loadsForEveryone();

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // Brotli and gzip copies beside each file, made once at build time: the server sends the one the
    // browser accepts (@fastify/static's preCompressed) without compressing on every request.
    compression({ algorithms: ["brotliCompress", "gzip"], exclude: [/\.(png|jpe?g|webp|avif|woff2?)$/], threshold: 1024 }),
  ],
  server: {
    proxy: {
      "/api": { target: API_ORIGIN },
      "/trpc": { target: API_ORIGIN },
      "/ws": { target: API_ORIGIN, ws: true },
    },
  },
  build: {
    outDir: "dist",
    rolldownOptions: {
      output: {
        // Left to itself, the bundler gives every set of pages that share a module a chunk of its
        // own: a member's dashboard fetched about 50 files, most under 1 kB, six at a time over
        // HTTP/1.1, and on a phone's network each round costs a round trip (Lighthouse: the
        // dashboard's largest paint 4.2–5.0 s). The code two or more member pages share goes in one
        // chunk instead (about 30 files). What the shell and the landing page load is left alone,
        // so a visitor's first load does not grow; its dependencies stay where they are (not pulled
        // into the group), since the shell is always loaded first.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: (id, graph) => (forEveryone(id, graph) ? null : "member-pages-shared"), minShareCount: 2 }],
        },
      },
    },
  },
});
