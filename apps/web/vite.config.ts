import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// In development the API runs on its own port; the browser still sees one origin.
const API_ORIGIN = process.env.API_ORIGIN ?? "http://localhost:3000";

interface ModuleGraph {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[]; dynamicImporters: readonly string[]; importedIds: readonly string[] } | null;
}

/** The landing page's route, the page every visitor loads first. */
const LANDING_ROUTE = /src[\\/]app[\\/]home-route\.tsx$/;
/** The router and the shell's layout, and the admin's route table: what they import on demand is a page (or part of every member's page). */
const ROUTE_TABLES = /src[\\/](app[\\/]|features[\\/]admin[\\/]admin-routes\.ts$)/;
const ADMIN_PAGE = /src[\\/]features[\\/]admin[\\/]/;
const ZOD = /[\\/]node_modules[\\/]zod[\\/]/;
const ICON = /[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/;

/** Who makes a module load: every visitor (the shell), or these pages. */
type Reach = "everyone" | Set<string>;

/**
 * What makes a module load: walks its static importers, and theirs, all the way up. The entry
 * among them: every visitor. Otherwise the pages among them, a page being a
 * module a route table imports on demand; code imported on demand from anywhere else (the sealing
 * code, the messaging keys' code) is loaded by a page only when it needs it, and reaches no page.
 * Each answer is remembered once complete (every importer is walked for each module asked about,
 * so an import cycle cannot leave half an answer behind).
 */
function reachOf(): (id: string, graph: ModuleGraph) => Reach {
  const known = new Map<string, Reach>();
  const walk = (id: string, graph: ModuleGraph): Reach => {
    const pages = new Set<string>();
    const seen = new Set([id]);
    const waiting = [id];
    for (let current = waiting.pop(); current !== undefined; current = waiting.pop()) {
      const info = graph.getModuleInfo(current);
      if (info === null) continue;
      if (info.isEntry) return "everyone";
      if (info.dynamicImporters.some((importer) => ROUTE_TABLES.test(importer))) pages.add(current);
      for (const importer of info.importers) {
        if (!seen.has(importer)) {
          seen.add(importer);
          waiting.push(importer);
        }
      }
    }
    return pages;
  };
  return (id, graph) => {
    let reach = known.get(id);
    if (reach === undefined) known.set(id, (reach = walk(id, graph)));
    return reach;
  };
}
const reach = reachOf();

/**
 * The chunk of a module that two or more chunks share (null: the bundler's own choice). Left to
 * itself, the bundler gives every set of pages that share a module a chunk of its own: a member's
 * dashboard fetched about 50 files, most under 1 kB, six at a time over HTTP/1.1, and on a
 * phone's network each round costs a round trip. So shared code goes in a few chunks, each loaded
 * only by pages that need most of it:
 * - what the shell shares with pages ("shell"): the bundler would split it by who else uses it
 *   (React's JSX runtime, tRPC, tailwind-merge, the brand mark: five files beside the entry, two
 *   rounds of requests before anything renders); one file, fetched with the entry. A module only
 *   pages use, imported through a barrel the shell imports too, would look like the shell's and
 *   land here, in every first load (lucide's icons did; they are caught first): the landing
 *   page's budget (`pnpm bench bundle`, the bundle-budget browser test) is the check;
 * - lucide's icons ("icons"): each was a file of its own, and as they are all imported through
 *   lucide's one index, every icon looks as if the shell needs it; all the icons pages use are
 *   2.9 kB (gzip), one request;
 * - what the landing page shares with other pages ("site-shared"): the landing page needs all of
 *   it, so a visitor's first load does not grow, and a member's page gets it in one file;
 * - zod and the schemas built with it ("form-validation"), for the pages with forms;
 * - what only the admin's pages share ("admin-pages-shared"), so a patient's page does not carry it;
 * - the rest of what member pages share ("member-pages-shared").
 * Code that pages load on demand is left alone (the sealing code and its `jose` stay out of the
 * dashboard).
 */
function sharedChunkOf(id: string, graph: ModuleGraph): string | null {
  if (ICON.test(id)) return "icons";
  const pages = reach(id, graph);
  if (pages === "everyone") return "shell";
  if (pages.size < 2) return null;
  if ([...pages].some((page) => LANDING_ROUTE.test(page))) return "site-shared";
  if (isValidation(id, graph)) return "form-validation";
  return [...pages].every((page) => ADMIN_PAGE.test(page)) ? "admin-pages-shared" : "member-pages-shared";
}

/**
 * zod, and the modules that build schemas with it (the domain's schemas, the forms' own rules):
 * building a schema is work done as its chunk loads (about 65 ms of a desktop's CPU for the
 * domain's schemas, four times that on a phone), and only the pages with forms that validate need them, so they share a chunk of their
 * own instead of riding with every member page.
 */
function isValidation(id: string, graph: ModuleGraph): boolean {
  return ZOD.test(id) || (graph.getModuleInfo(id)?.importedIds.some((imported) => ZOD.test(imported)) ?? false);
}

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
    // Every browser the app supports preloads modules itself (modulepreload: Chrome 66, Firefox
    // 115, Safari 17); the polyfill only cost the landing page's first load (its budget).
    modulePreload: { polyfill: false },
    outDir: "dist",
    rolldownOptions: {
      output: {
        // Shared code in a few chunks, not one per set of pages (sharedChunkOf); a module's own
        // dependencies go where their own reach puts them, not with it.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [{ name: sharedChunkOf, minShareCount: 2 }],
        },
      },
    },
  },
});
