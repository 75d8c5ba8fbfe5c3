// The app built from source with buildApp(), in a process of its own, so a measurement can vary
// what only buildApp's options can (the audit sink, the notice worker) or look inside the server
// (its event loop) while the load generator stays out of the server's event loop. Configured like
// dist/server.js, from the environment. Flags:
//   --audit=off      replaces the audit log with a sink that drops every event;
//   --notices=held   stops the notice worker once the server is ready: notices written stay in the
//                    outbox, so the server's CPU is that of the requests that wrote them;
//   --loop-delay     samples the event loop's delay (perf_hooks, 1 ms resolution); on SIGUSR2 it
//                    prints one `loop-delay {…}` line (ms since the last SIGUSR2) and starts over.
// Started by the bench through spawnServer({ args: appServerArgs(…) }).
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { AuditSink } from "@halcyon/domain";
import { buildApp } from "@halcyon/api/app";
import { parseEnv } from "@halcyon/api/env";
import { SERVER_NODE_FLAGS, type ServerProcess } from "./support";

export type AuditMode = "app" | "off";

export interface AppServerOptions {
  audit?: AuditMode;
  holdNotices?: boolean;
  loopDelay?: boolean;
}

/** Node's arguments that run this file (through tsx, as `pnpm bench` itself runs). */
export function appServerArgs({ audit = "app", holdNotices = false, loopDelay = false }: AppServerOptions = {}): string[] {
  return [
    ...SERVER_NODE_FLAGS,
    "--import",
    import.meta.resolve("tsx"),
    join(import.meta.dirname, "app-server.ts"),
    `--audit=${audit}`,
    ...(holdNotices ? ["--notices=held"] : []),
    ...(loopDelay ? ["--loop-delay"] : []),
  ];
}

export interface LoopDelay {
  maxMs: number;
  p99Ms: number;
  p50Ms: number;
  meanMs: number;
  samples: number;
}

const LOOP_DELAY_LINE = "loop-delay ";

/** The event-loop delay a --loop-delay server saw since the last call (or its start): it is signalled and prints it. */
export function readLoopDelay(server: ServerProcess, timeoutMs = 5_000): Promise<LoopDelay> {
  const stdout = server.child.stdout;
  if (!stdout) return Promise.reject(new Error("the server's output is not piped"));
  return new Promise((resolve, reject) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("utf8");
      const line = new RegExp(`^${LOOP_DELAY_LINE}(.*)$`, "m").exec(text)?.[1];
      if (line === undefined) return;
      done();
      resolve(JSON.parse(line) as LoopDelay);
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`the server printed no event-loop delay within ${timeoutMs} ms:\n${server.output()}`));
    }, timeoutMs);
    const done = () => {
      clearTimeout(timer);
      stdout.off("data", onData);
    };
    stdout.on("data", onData);
    server.child.kill("SIGUSR2");
  });
}

function reportLoopDelay(): void {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  process.on("SIGUSR2", () => {
    const report: LoopDelay = {
      maxMs: ms(histogram.max),
      p99Ms: ms(histogram.percentile(99)),
      p50Ms: ms(histogram.percentile(50)),
      meanMs: ms(histogram.mean),
      samples: histogram.count,
    };
    process.stdout.write(`${LOOP_DELAY_LINE}${JSON.stringify(report)}\n`);
    histogram.reset();
  });
}

const dropAll: AuditSink = { record: async () => undefined, recordIn: async () => undefined };

async function main(): Promise<void> {
  const env = parseEnv();
  const app = await buildApp({ env, ...(process.argv.includes("--audit=off") ? { audit: dropAll } : {}) });
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => void app.close().then(() => process.exit(0)));
  }
  if (process.argv.includes("--loop-delay")) reportLoopDelay();
  await app.listen({ port: env.PORT, host: env.HOST });
  if (process.argv.includes("--notices=held")) await app.notices.stop();
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
