// The built server as a person runs it: started as a process, stopped with SIGTERM, managed with
// the `clinic` command line.
import { execFile, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import BetterSqlite3 from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TEST_ENV } from "./helper";
import { freePort } from "./free-port";

const dist = new URL("../dist/", import.meta.url);
/**
 * Every process started here: SQLite in its DATA_DIR, and the tests' light Argon2id. With the
 * default 64 MiB, each demo seed derives nine passwords and a plain-password sign-in one more,
 * seconds each on a busy machine: longer than the 10 s a stopping server gives a request in flight.
 */
const processEnv = { ...process.env, DATABASE_URL: "", PASSWORD_KDF_MEMORY_KIB: TEST_ENV.PASSWORD_KDF_MEMORY_KIB };
const run = promisify(execFile);
let dataDir = "";

beforeAll(() => {
  // The build is a prerequisite of this file (turbo builds before `test`).
  statSync(new URL("server.js", dist));
  dataDir = mkdtempSync(join(tmpdir(), "halcyon-lifecycle-"));
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const clinic = (...args: string[]) => run(process.execPath, [new URL("cli.js", dist).pathname, ...args], { env: { ...processEnv, DATA_DIR: dataDir } });

describe("the clinic command line", () => {
  it("migrates, creates users of any role, resets a password and backs up", async () => {
    expect((await clinic("migrate")).stdout).toMatch(/up to date/);
    const created = await clinic(
      "create-user",
      "--username",
      "dr.cli",
      "--password",
      "harbour-lights-77",
      "--role",
      "doctor",
      "--first-name",
      "Cleo",
      "--last-name",
      "Line",
      "--phone",
      "(555) 321-0000",
      "--date-of-birth",
      "1970-07-07",
      "--specialization",
      "Couples Therapy",
    );
    expect(created.stdout).toMatch(/Created doctor "dr.cli"/);
    await expect(clinic("create-user", "--username", "x")).rejects.toMatchObject({ stderr: expect.stringMatching(/--role is required/) });
    expect((await clinic("reset-password", "--username", "dr.cli", "--password", "new-harbour-lights-78")).stdout).toMatch(/Password reset/);
    // Nothing to reset for a member without two-step sign-in: said, and nothing done.
    await expect(clinic("reset-two-step", "--username", "dr.cli")).rejects.toMatchObject({ stderr: expect.stringMatching(/nothing to reset/) });
    const out = join(dataDir, "copy.db");
    expect((await clinic("backup", "--out", out)).stdout).toContain(out);
    const copy = new BetterSqlite3(out, { readonly: true });
    const row = copy.prepare("select role from users where username = ?").get("dr.cli") as { role: string };
    copy.close();
    expect(row.role).toBe("doctor");
    expect((await clinic("audit:verify")).stdout).toMatch(/Audit chain intact: \d+ rows verified/);
  }, 120_000); // Six command-line processes, each seconds long on a busy 2-core machine.

  it("says there is no database, and creates none, when audit:verify or backup finds none", async () => {
    const nowhere = join(dataDir, "no-clinic-here");
    const inNowhere = (...args: string[]) =>
      run(process.execPath, [new URL("cli.js", dist).pathname, ...args], { env: { ...processEnv, DATA_DIR: nowhere } }).catch(
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    for (const command of ["audit:verify", "backup"]) {
      const result = await inNowhere(command);
      expect(result).toMatchObject({ code: 1, stderr: expect.stringContaining(`There is no database at ${join(nowhere, "halcyon.db")}`) });
    }
    expect(existsSync(nowhere)).toBe(false);
  });
});

/** Starts the built server on a port of its own; resolves once its stdout shows `until`. */
function startServer(env: Record<string, string>, until: RegExp) {
  const child = spawn(process.execPath, [new URL("server.js", dist).pathname], {
    env: { ...processEnv, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  let stdout = "";
  const seen = new Promise<string>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString();
      if (until.test(stdout)) resolve(stdout);
    });
    void exited.then((code) => reject(new Error(`the server exited (${code}) before printing ${until}:\n${stdout}`)));
  });
  return { seen, output: () => stdout, stop: () => (child.kill("SIGTERM"), exited) };
}

describe("the welcome", () => {
  it("says where the clinic listens and, for the demo clinic, how to sign in", async () => {
    const port = await freePort();
    const demo = startServer(
      { DATA_DIR: join(dataDir, "welcome-demo"), PORT: String(port), SEED_DEMO: "true", LOG_LEVEL: "info", NODE_ENV: "development" },
      /Stop with Ctrl\+C/,
    );
    try {
      const printed = await demo.seen;
      expect(printed).toContain(`Halcyon is ready at http://localhost:${port}`);
      expect(printed).toMatch(/admin +admin +halcyon-office-demo/);
      expect(printed).toMatch(/doctor +dr\.vance +halcyon-doctor-demo +\(also dr\.okafor, dr\.lindqvist, dr\.moreau\)/);
      expect(printed).toMatch(/patient +alex +halcyon-patient-demo +\(also jordan, sam, riley\)/);
    } finally {
      expect(await demo.stop()).toBe(0);
    }

    // A clinic without the demo: no accounts to offer.
    const plain = startServer(
      { DATA_DIR: join(dataDir, "welcome-plain"), PORT: String(port), SEED_DEMO: "false", LOG_LEVEL: "info", NODE_ENV: "development" },
      /Stop with Ctrl\+C/,
    );
    try {
      const printed = await plain.seen;
      expect(printed).toContain(`Halcyon is ready at http://localhost:${port}`);
      expect(printed).not.toContain("Demo accounts");
    } finally {
      expect(await plain.stop()).toBe(0);
    }
  }, 120_000); // Two starts inside a busy test run.
});

describe("the audit chain's key and checkpoints", () => {
  it("keys the chain with a key of its own beside the database, and logs a checkpoint at shutdown that finds a truncation", async () => {
    const port = await freePort();
    const keyed = join(dataDir, "keyed");
    const server = startServer({ DATA_DIR: keyed, PORT: String(port), SEED_DEMO: "true", LOG_LEVEL: "info", NODE_ENV: "development" }, /Stop with Ctrl\+C/);
    try {
      await server.seen;
      // Two audited sign-ins: two rows in the chain.
      for (const username of ["alex", "jordan"]) {
        const signedIn = await fetch(`http://127.0.0.1:${port}/api/login`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ username, password: "halcyon-patient-demo" }),
        });
        expect(signedIn.status).toBe(200);
      }
    } finally {
      expect(await server.stop()).toBe(0);
    }

    // The key: made on the first start, 256 bits, readable by the server's user only.
    const keyFile = join(keyed, "audit.key");
    expect(readFileSync(keyFile, "utf8").trim()).toMatch(/^[0-9a-f]{64}$/);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);

    // The shutdown's checkpoint names the head as it was, after the sign-in's row.
    const checkpoints = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"audit checkpoint"'))
      .map((line) => (JSON.parse(line) as { auditCheckpoint: { verify: string } }).auditCheckpoint.verify);
    const atShutdown = checkpoints.at(-1)!;
    expect(atShutdown).toMatch(/^\d+:[0-9a-f]{64}$/);
    const onKeyed = (...args: string[]) =>
      run(process.execPath, [new URL("cli.js", dist).pathname, ...args], { env: { ...processEnv, DATA_DIR: keyed } }).catch(
        (error: { code: number; stdout: string }) => error,
      );
    expect(await onKeyed("audit:verify", "--checkpoint", atShutdown)).toMatchObject({ stdout: expect.stringMatching(/Audit chain intact/) });

    // Someone with the database alone (its append-only trigger dropped) removes the newest row: the
    // chain still links, the checkpoint does not.
    const database = new BetterSqlite3(join(keyed, "halcyon.db"));
    database.exec("drop trigger audit_log_no_delete");
    database.prepare("delete from audit_log where id = (select max(id) from audit_log)").run();
    database.close();
    expect(await onKeyed("audit:verify")).toMatchObject({ stdout: expect.stringMatching(/Audit chain intact/) });
    expect(await onKeyed("audit:verify", "--checkpoint", atShutdown)).toMatchObject({ code: 3, stdout: expect.stringMatching(/Audit chain BROKEN/) });

    // AUDIT_KEY comes before the file: with another key, no row verifies.
    const otherKey = run(process.execPath, [new URL("cli.js", dist).pathname, "audit:verify"], {
      env: { ...processEnv, DATA_DIR: keyed, AUDIT_KEY: "ab".repeat(32) },
    }).catch((error: { code: number; stdout: string }) => error);
    expect(await otherKey).toMatchObject({ code: 3, stdout: expect.stringMatching(/Audit chain BROKEN at row 1\b/) });
  }, 180_000); // A start and four command-line processes inside a busy test run.
});

describe("the built server", () => {
  it("serves, then on SIGTERM finishes the request in flight and exits cleanly", async () => {
    const port = await freePort();
    const serverDataDir = join(dataDir, "server");
    const child = spawn(process.execPath, [new URL("server.js", dist).pathname], {
      env: { ...processEnv, DATA_DIR: serverDataDir, PORT: String(port), SEED_DEMO: "true", LOG_LEVEL: "info", NODE_ENV: "development" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
    // The server logs each request as it arrives: that line says the sign-in is in flight.
    let log = "";
    const signInArrived = new Promise<void>((resolve) => {
      child.stdout.on("data", (chunk: Buffer) => {
        log += chunk.toString();
        if (/"msg":"incoming request"/.test(log) && log.includes('"path":"/api/login"')) resolve();
      });
    });
    const base = `http://127.0.0.1:${port}`;
    // Migrating and seeding the demo clinic (a password hash per account) takes seconds, and far
    // longer while the browser tests share the machine's two cores.
    const readyBy = Date.now() + 120_000;
    let ready = false;
    while (!ready && Date.now() < readyBy) {
      ready = await fetch(`${base}/readyz`).then(
        (r) => r.ok,
        () => false,
      );
      if (!ready) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(ready).toBe(true);
    // A sign-in takes tens of milliseconds of hashing: SIGTERM lands while it runs.
    const inFlight = fetch(`${base}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "alex", password: "halcyon-patient-demo" }),
    });
    await signInArrived;
    child.kill("SIGTERM");
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await exited).toBe(0);
    // Closed cleanly: the WAL was checkpointed and removed by the last connection.
    expect(() => statSync(join(serverDataDir, "halcyon.db-wal"))).toThrow();

    // The same clinic in production: the demo accounts' published passwords stop it at start.
    const production = await run(process.execPath, [new URL("server.js", dist).pathname], {
      env: { ...processEnv, DATA_DIR: serverDataDir, PORT: String(port), LOG_LEVEL: "warn", NODE_ENV: "production" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(production).toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/^Refusing to start with NODE_ENV=production: these accounts still have their published demo password: admin, alex, /),
    });
  }, 180_000); // Started inside a busy test run: start-up gets room.
});
