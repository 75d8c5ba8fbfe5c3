// Lighthouse (mobile preset, simulated throttling) in the system Chromium, on the built server
// with the demo clinic: the landing page as a visitor sees it, and the patient dashboard signed
// in. Targets: performance 75 on the landing page (its spec-required 2-second splash holds back
// the largest paint), 90 on the dashboard; accessibility and best practices 100 on both.
// One load's performance score varies by several points on the same build; as Lighthouse's own
// guidance on variability advises, each page is loaded several times (LIGHTHOUSE_RUNS, 5) and
// judged by its median run (Lighthouse's computeMedianRun: nearest the median first paint and
// time to interactive); accessibility and best practices by the worst load.
// The preset slows the CPU four times, which Lighthouse's documentation ("Benchmarking CPU
// power") means for a high-end desktop (a benchmarkIndex of 1,500-2,000): a faster host simulates
// a faster phone, a slower one a slower phone. The note gives the host's benchmarkIndex;
// LIGHTHOUSE_CPU_SLOWDOWN sets another multiplier, to compare hosts (not the target's preset).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { makeTempDir, numberFromEnvironment, progress, removeTempDir, startServer, type CheckResult } from "./support";

const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];

interface Page {
  name: string;
  path: string;
  signedIn: boolean;
  targets: Partial<Record<Category, number>>;
}

const PAGES: Page[] = [
  { name: "Landing page", path: "/", signedIn: false, targets: { performance: 75, accessibility: 100, "best-practices": 100 } },
  { name: "Patient dashboard", path: "/dashboard/patient", signedIn: true, targets: { performance: 90, accessibility: 100, "best-practices": 100 } },
];

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const RUNS = numberFromEnvironment("LIGHTHOUSE_RUNS", { integer: true }) ?? 5;
const CPU_SLOWDOWN = numberFromEnvironment("LIGHTHOUSE_CPU_SLOWDOWN", { integer: false });

type LighthouseResult = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

async function sessionCookieOf(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "alex", password: "halcyon-patient-demo" }),
  });
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith("halcyon_session="));
  if (!response.ok || !cookie) throw new Error(`could not sign in as the demo patient (${response.status})`);
  return cookie.split(";")[0]!;
}

/**
 * One page's loads, judged: performance by the median run, accessibility and best practices by
 * the worst recorded load. With too few loads recorded, the measurement fails rather than
 * letting one load stand for the page.
 */
function judge(page: Page, runs: LighthouseResult[]): CheckResult {
  const name = `Lighthouse mobile: ${page.name}`;
  const target = Object.entries(page.targets)
    .map(([id, least]) => `${id} ≥ ${least}`)
    .join(", ");
  // A load Lighthouse could not record (NO_FCP, NO_NAVSTART) has no first paint or time to interactive.
  const valid = filterToValidRuns(runs);
  const dropped = runs.filter((run) => !valid.includes(run)).map((run) => run.runtimeError?.code ?? "no first paint or time to interactive");
  const droppedNote = dropped.length > 0 ? [`loads Lighthouse could not record: ${dropped.join(", ")}`] : [];
  if (valid.length < Math.ceil(runs.length / 2)) {
    return { name, target, measured: `${valid.length} of ${runs.length} loads recorded`, status: "fail", notes: droppedNote };
  }
  const median: LighthouseResult = computeMedianRun(valid);
  const scoreOf = (run: LighthouseResult, id: Category) => Math.round((run.categories[id]?.score ?? 0) * 100);
  const scores = Object.fromEntries(
    CATEGORIES.map((id) => [id, id === "performance" ? scoreOf(median, id) : Math.min(...valid.map((run) => scoreOf(run, id)))]),
  ) as Record<Category, number>;
  const missed = Object.entries(page.targets).filter(([id, least]) => scores[id as Category] < least);
  const audits = median.audits;
  const failing = Object.values(audits)
    .filter(
      (audit) =>
        audit.score !== null &&
        audit.score < 1 &&
        (audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "numeric") &&
        audit.details?.type !== "opportunity",
    )
    .map((audit) => audit.id);
  return {
    name,
    target,
    measured: CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", "),
    // Another CPU slowdown than the preset's is for comparing hosts, not for the targets.
    status: CPU_SLOWDOWN ? "info" : missed.length === 0 ? "pass" : "fail",
    notes: [
      `performance of the median of ${valid.length} recorded load(s); of each: ${valid.map((run) => scoreOf(run, "performance")).join(", ")}`,
      ...droppedNote,
      `host: Lighthouse benchmarkIndex ${median.environment.benchmarkIndex}; CPU slowdown ${median.configSettings.throttling.cpuSlowdownMultiplier}×${CPU_SLOWDOWN ? " (LIGHTHOUSE_CPU_SLOWDOWN, not the preset)" : ""}`,
      `LCP ${audits["largest-contentful-paint"]?.displayValue ?? "?"}, TBT ${audits["total-blocking-time"]?.displayValue ?? "?"}, CLS ${audits["cumulative-layout-shift"]?.displayValue ?? "?"}`,
      ...(failing.length > 0 ? [`audits below full marks: ${failing.slice(0, 12).join(", ")}`] : []),
    ],
    details: { scores, lcpMs: audits["largest-contentful-paint"]?.numericValue, cls: audits["cumulative-layout-shift"]?.numericValue },
  };
}

export async function measureLighthouse(): Promise<CheckResult[]> {
  const dataDir = makeTempDir("lighthouse");
  const { server } = await startServer({ dataDir });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  try {
    const cookie = await sessionCookieOf(server.baseUrl);
    const results: CheckResult[] = [];
    for (const page of PAGES) {
      progress(`lighthouse: ${page.name}, ${RUNS} load(s)`);
      // The report is read as an object (lhr): no JSON or HTML report is written.
      const flags = {
        port: chrome.port,
        logLevel: "error" as const,
        onlyCategories: [...CATEGORIES],
        ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
        ...(CPU_SLOWDOWN ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
      };
      const runs: LighthouseResult[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const run = await lighthouse(`${server.baseUrl}${page.path}`, flags);
        if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        runs.push(run.lhr);
      }
      results.push(judge(page, runs));
    }
    return results;
  } finally {
    chrome.kill();
    await server.stop();
    removeTempDir(dataDir);
  }
}
