// Target 2: the landing page's first load is under 150 kB of JavaScript, gzipped, and every other
// route is split off. The first load is what index.html names (the entry module and its
// modulepreload links) plus everything the entry reaches through static imports; dynamic
// import() chunks are the lazily loaded routes.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve, sep } from "node:path";
import { gzipSync } from "node:zlib";
import { formatKb, progress, REPO_ROOT, type CheckResult } from "./support";

const BUDGET_BYTES = 150_000;

/** The built web app: WEB_DIST as the server reads it, else apps/web/dist. */
function webDist(): string {
  const configured = process.env.WEB_DIST;
  return configured ? resolve(process.env.INIT_CWD ?? process.cwd(), configured) : join(REPO_ROOT, "apps/web/dist");
}

/** A path inside the repository relative to its root, any other as it is. */
function displayPath(path: string): string {
  const inside = relative(REPO_ROOT, path);
  return inside.startsWith("..") ? path : inside;
}

/** Attributes of every `<tag …>` in the HTML, as lower-cased name → value maps. */
function tags(html: string, tag: string): Map<string, string>[] {
  const found: Map<string, string>[] = [];
  for (const [, attributes = ""] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const map = new Map<string, string>();
    for (const match of attributes.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
      map.set((match[1] ?? "").toLowerCase(), match[2] ?? match[3] ?? match[4] ?? "");
    }
    found.push(map);
  }
  return found;
}

/** The file a URL in index.html points at, or undefined for another host. */
function fileOfUrl(dist: string, url: string): string | undefined {
  if (/^([a-z]+:)?\/\//i.test(url)) return undefined;
  const path = url.split(/[?#]/)[0] ?? "";
  return path.startsWith("/") ? join(dist, path) : resolve(dist, path);
}

// Static `import … from "x"`, `import "x"` and `export … from "x"`, as Rollup writes them (also
// minified: `import{a as b}from"./x.js"`). `import(` and `import.meta` do not match.
const STATIC_IMPORT = /\bimport\s*(?:["']([^"']+)["']|[\w$\s{},*]+?\bfrom\s*["']([^"']+)["'])/g;
const EXPORT_FROM = /\bexport\s*(?:\*\s*(?:as\s+[\w$]+\s*)?|\{[^}]*\}\s*)from\s*["']([^"']+)["']/g;

export function staticImports(code: string): string[] {
  const specifiers = [...code.matchAll(STATIC_IMPORT)].map((match) => match[1] ?? match[2] ?? "");
  specifiers.push(...[...code.matchAll(EXPORT_FROM)].map((match) => match[1] ?? ""));
  return specifiers.filter((specifier) => specifier.startsWith("./") || specifier.startsWith("../") || specifier.startsWith("/"));
}

function jsFilesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
}

export async function measureBundleSize(): Promise<CheckResult[]> {
  const dist = webDist();
  const name = "Landing page first-load JS";
  const target = `< ${formatKb(BUDGET_BYTES)} gzipped; other routes in lazy chunks`;
  const indexHtml = join(dist, "index.html");
  if (!existsSync(indexHtml)) {
    progress(`bundle: ${displayPath(indexHtml)} not found, skipping`);
    return [
      {
        name,
        target,
        measured: "web app not built",
        status: "skipped",
        notes: [`${displayPath(indexHtml)} is missing: build it with \`pnpm --filter @halcyon/web build\``],
        details: { budgetBytes: BUDGET_BYTES, webDist: dist },
      },
    ];
  }
  progress(`bundle: reading ${displayPath(indexHtml)}`);

  const html = readFileSync(indexHtml, "utf8");
  const roots = [
    ...tags(html, "script")
      .filter((attrs) => attrs.get("type") === "module" && attrs.get("src"))
      .map((attrs) => attrs.get("src") ?? ""),
    ...tags(html, "link")
      .filter((attrs) => (attrs.get("rel") ?? "").split(/\s+/).includes("modulepreload") && attrs.get("href"))
      .map((attrs) => attrs.get("href") ?? ""),
  ];
  const external = roots.filter((url) => fileOfUrl(dist, url) === undefined);

  // Everything reachable from the roots through static imports.
  const firstLoad = new Set<string>();
  const missing: string[] = [];
  const queue = roots.flatMap((url) => fileOfUrl(dist, url) ?? []);
  while (queue.length > 0) {
    const file = queue.shift() ?? "";
    if (firstLoad.has(file)) continue;
    if (!existsSync(file)) {
      missing.push(relative(dist, file));
      continue;
    }
    firstLoad.add(file);
    for (const specifier of staticImports(readFileSync(file, "utf8"))) {
      queue.push(specifier.startsWith("/") ? join(dist, specifier) : resolve(dirname(file), specifier));
    }
  }

  const gzipped = (file: string) => gzipSync(readFileSync(file)).length;
  const files = [...firstLoad].map((file) => ({
    file: relative(dist, file).split(sep).join("/"),
    bytes: readFileSync(file).length,
    gzipBytes: gzipped(file),
  }));
  const total = files.reduce((sum, file) => sum + file.gzipBytes, 0);
  const lazy = jsFilesUnder(dist)
    .filter((file) => !firstLoad.has(file))
    .map((file) => ({ file: relative(dist, file).split(sep).join("/"), gzipBytes: gzipped(file) }));

  const problems: string[] = [];
  if (roots.length === 0) problems.push('index.html names no <script type="module" src> or modulepreload');
  if (missing.length > 0) problems.push(`referenced but missing: ${missing.join(", ")}`);
  if (total >= BUDGET_BYTES) problems.push(`${formatKb(total)} is over the ${formatKb(BUDGET_BYTES)} budget`);
  if (lazy.length === 0) problems.push("no lazily loaded chunks: every route ships in the first load");

  return [
    {
      name,
      target,
      measured: `${formatKb(total)} in ${files.length} file(s); ${lazy.length} lazy chunk(s)`,
      status: problems.length === 0 ? "pass" : "fail",
      notes: [
        ...problems,
        ...files.map((f) => `first load: ${f.file} — ${formatKb(f.gzipBytes)} gzipped (${formatKb(f.bytes)} raw)`),
        ...(external.length > 0 ? [`not counted (another host): ${external.join(", ")}`] : []),
        `lazy chunks: ${lazy.length}, ${formatKb(lazy.reduce((sum, f) => sum + f.gzipBytes, 0))} gzipped in all`,
      ],
      details: { budgetBytes: BUDGET_BYTES, webDist: dist, firstLoadGzipBytes: total, firstLoad: files, lazyChunks: lazy, missing, external },
    },
  ];
}
