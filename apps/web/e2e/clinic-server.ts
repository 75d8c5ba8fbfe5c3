import { execFile, spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

import { startMailCatcher, type MailCatcher } from "@halcyon/config/mail-catcher";
import { test } from "@playwright/test";

/**
 * A clinic server on the built server and the demo seed (e2e/serve.mjs): the shared one of the
 * run (global-setup.ts), or a test's own, on a free port, with the clinic's clock somewhere in
 * particular (CLINIC_TIMEZONE), or set up from scratch without the demo (`fromScratch`). The demo
 * seeds a session "today at 15:00 clinic time"; with a zone where it is late afternoon now, that
 * session has started and can be run.
 */
export type ClinicServer = {
  baseURL: string;
  /** The server's DATA_DIR (its SQLite database is halcyon.db there): removed when it stops. */
  dataDir: string;
  stop: () => Promise<void>;
};

const SERVE = fileURLToPath(new URL("./serve.mjs", import.meta.url));
/** The clinic's command line (`pnpm clinic`), built beside the server serve.mjs runs. */
const CLI = join(dirname(process.env.E2E_SERVER ?? fileURLToPath(new URL("../../api/dist/server.js", import.meta.url))), "cli.js");

/** Hundreds of sign-ins each derive a password's secrets in the browser: 8 MiB keeps them quick. */
const LIGHT_KDF = { PASSWORD_KDF_MEMORY_KIB: "8192" };
/**
 * Every browser of the run signs in from 127.0.0.1, two tests at a time and often several members
 * each: as one address, they are a busy office, not one person (the limit itself is an API test's).
 */
const ONE_ADDRESS_FOR_ALL = { SIGN_INS_AT_ONCE_PER_ADDRESS: "16" };

/** The first admin of a clinic set up from scratch, as `pnpm clinic create-user` creates them. */
export type FirstAdmin = { username: string; password: string; firstName: string; lastName: string };

/**
 * A clinic's data directory from scratch, as a real clinic starts: no demo, and its first admin
 * created with the command line, on the DATA_DIR the server then uses.
 */
async function clinicFromScratch(admin: FirstAdmin): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), "halcyon-e2e-scratch-"));
  // The server's database is SQLite in DATA_DIR (serve.mjs): so is the command line's.
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, NODE_ENV: "test", ...LIGHT_KDF };
  delete env.DATABASE_URL;
  await promisify(execFile)(
    process.execPath,
    [
      CLI,
      "create-user",
      "--role",
      "admin",
      "--username",
      admin.username,
      "--password",
      admin.password,
      "--first-name",
      admin.firstName,
      "--last-name",
      admin.lastName,
    ],
    { env },
  );
  return dataDir;
}

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
  /** A clinic set up from scratch instead of the demo: an empty database whose first admin is this one. */
  fromScratch?: { admin: FirstAdmin };
  /** The clinic's data directory, the caller's (left in place when it stops): a clinic started again on the same data. */
  dataDir?: string;
}): Promise<ClinicServer> {
  const port = options.port ?? (await freePort());
  const dataDir = options.dataDir ?? (options.fromScratch ? await clinicFromScratch(options.fromScratch.admin) : mkdtempSync(join(tmpdir(), "halcyon-e2e-")));
  const baseURL = `http://${options.host ?? "127.0.0.1"}:${port}`;
  // Without logs, the server's output is still read (its end kept), to say why it stopped at start.
  const output = options.logs ? "inherit" : "pipe";
  // Its stdin stays open as long as this process lives: serve.mjs stops when it closes.
  // Never a DATA_DIR or SEED_DEMO of the shell that started the tests: only the ones given here.
  const inherited = { ...process.env };
  delete inherited.DATA_DIR;
  delete inherited.SEED_DEMO;
  const child: ChildProcess = spawn(process.execPath, [SERVE], {
    stdio: ["pipe", output, output],
    env: {
      ...inherited,
      DATA_DIR: dataDir,
      SEED_DEMO: options.fromScratch ? "false" : "true",
      PORT: String(port),
      PUBLIC_ORIGIN: baseURL,
      ...LIGHT_KDF,
      ...ONE_ADDRESS_FOR_ALL,
      ...(options.timeZone ? { CLINIC_TIMEZONE: options.timeZone } : {}),
      ...(options.logs ? {} : { LOG_LEVEL: "error" }),
      ...options.env,
    },
  });
  let said = "";
  for (const stream of [child.stdout, child.stderr]) stream?.on("data", (chunk: Buffer) => (said = (said + chunk.toString()).slice(-2_000)));
  // A data directory the caller gave stays: it is theirs.
  const removeDataDir = () => {
    if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  let lastProblem = "";
  for (;;) {
    if (child.exitCode !== null) {
      removeDataDir();
      throw new Error(`the clinic server stopped at start (exit ${child.exitCode})${said ? `:\n${said}` : ""}`);
    }
    try {
      if ((await fetch(`${baseURL}/healthz`)).ok) break;
    } catch (error) {
      // Not listening yet (or a port fetch refuses outright, such as 4190: said at the deadline).
      lastProblem = String((error as Error).cause ?? error);
    }
    if (Date.now() > deadline) {
      child.kill("SIGTERM");
      removeDataDir();
      throw new Error(`the clinic server did not start within 60 s (last: ${lastProblem || "no answer"})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    baseURL,
    dataDir,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }).then(removeDataDir),
  };
}

/** Tests on a clinic of their own (a fresh demo database, or one from scratch), started once per worker. */
export function ownClinic(options: Parameters<typeof startClinicServer>[0] = {}) {
  return test.extend<object, { clinic: ClinicServer }>({
    clinic: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const clinic = await startClinicServer(options);
        await use(clinic);
        await clinic.stop();
      },
      { scope: "worker", timeout: 90_000 },
    ],
    baseURL: async ({ clinic }, use) => use(clinic.baseURL),
  });
}

/**
 * Tests on a clinic of their own that mails through a real SMTP server started here (`mail`, the
 * worker's catcher of everything the clinic sends), so a test reads the emails themselves.
 */
export function mailingClinic(options: Omit<Parameters<typeof startClinicServer>[0], "env"> = {}) {
  return test.extend<object, { mail: MailCatcher; clinic: ClinicServer }>({
    mail: [
      // eslint-disable-next-line no-empty-pattern
      async ({}, use) => {
        const catcher = await startMailCatcher();
        await use(catcher);
        await catcher.close();
      },
      { scope: "worker" },
    ],
    clinic: [
      async ({ mail }, use) => {
        const clinic = await startClinicServer({ ...options, env: { SMTP_URL: mail.url } });
        await use(clinic);
        await clinic.stop();
      },
      { scope: "worker", timeout: 90_000 },
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
