// Lighthouse (mobile preset, simulated throttling) in the system Chromium, on the built server
// with the demo clinic: the landing page as a visitor sees it, and the patient dashboard signed
// in. Targets: performance 75 on the landing page (its spec-required 2-second splash holds back
// the largest paint), 90 on the dashboard; accessibility and best practices 100 on both.
// One load's performance score varies by several points on the same build; as Lighthouse's own
// guidance on variability advises, each page is loaded several times (LIGHTHOUSE_RUNS, 5) and
// judged by its median run (Lighthouse's computeMedianRun: nearest the median first paint and
// time to interactive).
// The preset slows the CPU four times, which Lighthouse's documentation ("Benchmarking CPU
// power") means for a high-end desktop (a benchmarkIndex of 1,500-2,000): a faster host simulates
// a faster phone, a slower one a slower phone. The note gives the host's benchmarkIndex;
// LIGHTHOUSE_CPU_SLOWDOWN sets another multiplier, to compare hosts (not the target's preset).
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { computeMedianRun, filterToValidRuns } from "lighthouse/core/lib/median-run.js";
import { makeTempDir, progress, removeTempDir, startServer, type CheckResult } from "./support";

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
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 5));
const CPU_SLOWDOWN = process.env.LIGHTHOUSE_CPU_SLOWDOWN ? Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN) : undefined;

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
      const runs: LighthouseResult[] = [];
      for (let index = 0; index < RUNS; index += 1) {
        const run = await lighthouse(`${server.baseUrl}${page.path}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: [...CATEGORIES],
          ...(page.signedIn ? { extraHeaders: { Cookie: cookie } } : {}),
          ...(CPU_SLOWDOWN ? { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: CPU_SLOWDOWN } } : {}),
        });
        if (!run) throw new Error(`Lighthouse returned nothing for ${page.path}`);
        runs.push(run.lhr);
      }
      // A load Lighthouse could not record (NO_FCP, NO_NAVSTART) has no metrics: it is not the page's score.
      const valid = filterToValidRuns(runs);
      const lhr: LighthouseResult = valid.length > 0 ? computeMedianRun(valid) : runs[0]!;
      const performanceOf = (result: LighthouseResult) => Math.round((result.categories.performance?.score ?? 0) * 100);
      const scores = Object.fromEntries(CATEGORIES.map((id) => [id, Math.round((lhr.categories[id]?.score ?? 0) * 100)])) as Record<Category, number>;
      const missed = Object.entries(page.targets).filter(([id, target]) => scores[id as Category] < target);
      const audits = lhr.audits;
      const failing = Object.values(audits)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            (audit.scoreDisplayMode === "binary" || audit.scoreDisplayMode === "numeric") &&
            audit.details?.type !== "opportunity",
        )
        .map((audit) => audit.id);
      results.push({
        name: `Lighthouse mobile: ${page.name}`,
        target: Object.entries(page.targets)
          .map(([id, target]) => `${id} ≥ ${target}`)
          .join(", "),
        measured: CATEGORIES.map((id) => `${id} ${scores[id]}`).join(", "),
        status: missed.length === 0 ? "pass" : "fail",
        notes: [
          `median of ${valid.length} load(s); performance of each: ${valid.map(performanceOf).join(", ")}`,
          `host: Lighthouse benchmarkIndex ${lhr.environment.benchmarkIndex}; CPU slowdown ${lhr.configSettings.throttling.cpuSlowdownMultiplier}×${CPU_SLOWDOWN ? " (LIGHTHOUSE_CPU_SLOWDOWN, not the preset)" : ""}`,
          ...runs.flatMap((result) => (result.runtimeError ? [`Lighthouse could not record a load: ${result.runtimeError.code}`] : [])),
          `LCP ${audits["largest-contentful-paint"]?.displayValue ?? "?"}, TBT ${audits["total-blocking-time"]?.displayValue ?? "?"}, CLS ${audits["cumulative-layout-shift"]?.displayValue ?? "?"}`,
          ...(failing.length > 0 ? [`audits below full marks: ${failing.slice(0, 12).join(", ")}`] : []),
        ],
        details: { scores, lcpMs: audits["largest-contentful-paint"]?.numericValue, cls: audits["cumulative-layout-shift"]?.numericValue },
      });
    }
    return results;
  } finally {
    chrome.kill();
    await server.stop();
    removeTempDir(dataDir);
  }
}
