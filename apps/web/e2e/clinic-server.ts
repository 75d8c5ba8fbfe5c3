import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

import { test } from "@playwright/test";

/**
 * A clinic server on the built server and the demo seed (e2e/serve.mjs): the shared one of the
 * run (global-setup.ts), or a test's own, on a free port, with the clinic's clock somewhere in
 * particular (CLINIC_TIMEZONE). The demo seeds a session "today at 15:00 clinic time"; with a
 * zone where it is late afternoon now, that session has started and can be run.
 */
export type ClinicServer = { baseURL: string; stop: () => Promise<void> };

const SERVE = fileURLToPath(new URL("./serve.mjs", import.meta.url));

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The fixed-offset zone (IANA "Etc/GMT…", whose sign is inverted) where the local hour is `hour`
 * right now: e.g. at 05:30 UTC, hour 17 → Etc/GMT-11 (UTC+11, 16:30… 17:30 local).
 */
export function zoneWhereItIsNow(hour: number, now: Date = new Date()): string {
  let offset = hour - now.getUTCHours();
  if (offset > 14) offset -= 24;
  if (offset < -12) offset += 24;
  if (offset === 0) return "Etc/GMT";
  return `Etc/GMT${offset > 0 ? "-" : "+"}${Math.abs(offset)}`;
}

/**
 * `host: "localhost"` serves the clinic under that name (it still listens on 127.0.0.1): passkeys
 * need a domain for their relying party, never an address.
 */
export async function startClinicServer(options: {
  port?: number;
  timeZone?: string;
  logs?: boolean;
  host?: "localhost";
  /** More of the server's environment (a TURN server for video visits). */
  env?: Record<string, string>;
}): Promise<ClinicServer> {
  const port = options.port ?? (await freePort());
  const baseURL = `http://${options.host ?? "127.0.0.1"}:${port}`;
  const output = options.logs ? "inherit" : "ignore";
  // Its stdin stays open as long as this process lives: serve.mjs stops when it closes.
  const child: ChildProcess = spawn(process.execPath, [SERVE], {
    stdio: ["pipe", output, output],
    env: {
      ...process.env,
      PORT: String(port),
      PUBLIC_ORIGIN: baseURL,
      ...(options.timeZone ? { CLINIC_TIMEZONE: options.timeZone } : {}),
      ...(options.logs ? {} : { LOG_LEVEL: "error" }),
      ...options.env,
    },
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the clinic server stopped at start (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) throw new Error("the clinic server did not start within 60 s");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

/** Tests on a clinic of their own (a fresh demo database), started once per worker. */
export function ownClinic(options: Parameters<typeof startClinicServer>[0] = {}) {
  return test.extend<object, { clinic: ClinicServer }>({
    clinic: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const clinic = await startClinicServer(options);
        await use(clinic);
        await clinic.stop();
      },
      { scope: "worker", timeout: 60_000 },
    ],
    baseURL: async ({ clinic }, use) => use(clinic.baseURL),
  });
}

/**
 * Tests on a clinic of their own whose clock reads `hour` o'clock now, whatever the hour they run
 * at: e.g. 15, and the demo's session "today at 15:00" is under way with its video room open.
 */
export function clinicAtHour(hour: number) {
  return ownClinic({ timeZone: zoneWhereItIsNow(hour) });
}
