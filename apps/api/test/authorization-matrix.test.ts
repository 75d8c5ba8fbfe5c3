// The authorization matrix: every operation of the OpenAPI document and every door outside it,
// tried by every kind of caller, each answered as authorization-table.ts says, a refused write
// leaving the database as it was. The table is checked against the document first, so an
// operation added without a row fails here. One app and one set of people per database; rows run
// in order and hand on what they made. And the WebSocket: no handshake without a session, no way
// into another pair's room.
import { appRouter, createUser } from "@halcyon/domain";
import type { FastifyInstance, InjectOptions } from "fastify";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { CALLERS, TABLE, type Call, type Caller, type Outcome, type World } from "./authorization-table";
import { aPatient, aStaffMember, book, listen, signInAs, slotsOf, turnOnAuthenticator, weekdayAhead, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { DOORS_OUTSIDE_THE_DOCUMENT, fetchDocument, operationsOf } from "./openapi-document";
import { ask, openSocket } from "./sockets";
import { standInEnv, startStripeStandIn } from "./stripe-stand-in";

// Card payments are on, against the test's stand-in for Stripe's API.
const stripe = await startStripeStandIn();
afterAll(() => stripe.close());

/** Rows every caller may call: there is no one to refuse. */
const OPEN_TO_ALL = ["GET /clinic", "POST /login/params", "POST /login/forgot", "POST /login/passkey/options", "POST /logout", "GET /notices/unsubscribe"];
/** A sign-in older than this is renewed before a row: every row's callers have a recent re-check (5 minutes). */
const FRESH_MS = 4 * 60_000;
/**
 * What changes with any request, refused or not: the audit log, throttle counts, a session's last
 * use; and passkey challenges, which a ceremony spends whatever its outcome.
 */
const UNTRACKED_TABLES = new Set(["audit_log", "throttle_hits", "audit_chain_keying", "webauthn_challenges"]);
const UNTRACKED_COLUMNS: Record<string, string[]> = {
  login_sessions: ["last_seen_at"],
  // The notice worker moves a notice's delivery on by itself, whoever called; a new notice still shows.
  notices: ["status", "attempts", "next_attempt_at", "claimed_until", "result", "sent_at"],
};

type Person = Exclude<Caller, "out">;
interface Account {
  id: number;
  username: string;
  password: string;
  session?: SignedIn;
  signedInAt: number;
  /** The check of the session it was last known alive at (see World.sessionsMayHaveEnded). */
  aliveAt?: number;
}

/** An answer as a failure shows it: text in part, a file by its type. */
const shown = (response: { body: string; headers: Record<string, unknown> }) =>
  /json|text/.test(String(response.headers["content-type"])) ? response.body.slice(0, 200) : `a ${String(response.headers["content-type"])} answer`;
const allowed = (outcome: Exclude<Outcome, null>): readonly number[] => (typeof outcome === "number" ? [outcome] : outcome);
const isRefusal = (outcome: Exclude<Outcome, null>) => allowed(outcome).every((status) => status >= 400);

/**
 * Snapshots of every row of every table the callers' requests could change, as text: equal
 * texts, nothing changed. The app's requests are counted, so that a snapshot with no request
 * since is used again rather than read again (a row's refusals come one after another).
 */
function snapshotsOf(app: FastifyInstance): () => Promise<Map<string, string>> {
  let requests = 0;
  const inject = app.inject.bind(app);
  app.inject = ((options: InjectOptions) => ((requests += 1), inject(options))) as typeof app.inject;
  let last: { at: number; tables: Map<string, string> } | undefined;
  let names: Promise<string[]> | undefined;
  return async () => {
    names ??= trackedTables(app);
    if (last?.at !== requests) last = { at: requests, tables: await readTables(app, await names) };
    return last.tables;
  };
}

/** The names of the tables whose rows a snapshot keeps. */
async function trackedTables(app: FastifyInstance): Promise<string[]> {
  const db = app.clinic.db;
  const { rows } =
    app.database.kind === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'kysely_%'`.execute(db)
      : await sql<{
          name: string;
        }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_name not like 'kysely_%'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !UNTRACKED_TABLES.has(name));
}

/** Each table's rows as text (order aside), read at once (PostgreSQL reads them in parallel). */
async function readTables(app: FastifyInstance, names: string[]): Promise<Map<string, string>> {
  const read = async (name: string): Promise<[string, string]> => {
    const rows = (await app.clinic.db
      .selectFrom(name as "users")
      .selectAll()
      .execute()) as Record<string, unknown>[];
    const skip = UNTRACKED_COLUMNS[name] ?? [];
    return [
      name,
      rows
        .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !skip.includes(column))))
        .sort()
        .join("\n"),
    ];
  };
  return new Map(await Promise.all(names.map(read)));
}

function changedTables(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}

interface Procedure {
  name: string;
  type: "query" | "mutation";
}

/** The tRPC procedure behind each documented operation: "GET /user" → auth.me, a query. */
function proceduresByOperation(): Map<string, Procedure> {
  type Definition = { _def: { type: Procedure["type"]; meta?: { openapi?: { method: string; path: string } } } };
  const entries = Object.entries(appRouter._def.procedures as unknown as Record<string, Definition>);
  return new Map(
    entries.flatMap(([name, { _def }]) =>
      _def.meta?.openapi ? [[`${_def.meta.openapi.method} ${_def.meta.openapi.path}`, { name, type: _def.type }] as const] : [],
    ),
  );
}

/** `call` as the web app would send it to the procedure: path parameters, the query and the body as one input. */
function trpcRequest(procedure: Procedure, operation: string, call: Call, cookie: string | undefined): InjectOptions {
  const template = operation.split(" ")[1]!;
  const [path, query = ""] = call.url.split("?") as [string, string?];
  const names = [...template.matchAll(/\{(\w+)\}/g)].map(([, name]) => name!);
  const values = new RegExp(`^${template.replace(/\{\w+\}/g, "([^/]+)")}$`).exec(path)?.slice(1) ?? [];
  const fields = {
    ...Object.fromEntries(new URLSearchParams(query)),
    ...(call.payload && typeof call.payload === "object" ? (call.payload as object) : {}),
    ...Object.fromEntries(names.map((name, index) => [name, decodeURIComponent(values[index] ?? "")])),
  };
  const input = Object.keys(fields).length > 0 ? fields : undefined;
  const headers = cookie ? { cookie } : {};
  if (procedure.type === "query") {
    return { method: "GET", url: `/trpc/${procedure.name}${input ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ""}`, headers };
  }
  return { method: "POST", url: `/trpc/${procedure.name}`, headers: { ...headers, "content-type": "application/json" }, payload: JSON.stringify(input ?? {}) };
}

/** The clinic every row runs in: the eight callers, the patient's past and coming appointments with the doctor, spare members for the admin. */
async function clinicFor(app: FastifyInstance, advance: (ms: number) => void): Promise<World> {
  const accounts = {} as Record<Person, Account>;
  const made = async (person: Person, member: SignedIn & { username: string; password: string }) => {
    accounts[person] = { id: member.id, username: member.username, password: member.password, session: member, signedInAt: app.clinic.now().getTime() };
  };
  await made("pat", await aPatient(app));
  await made("oth", await aPatient(app));
  await made("doc", await aStaffMember(app, "doctor"));
  await made("str", await aStaffMember(app, "doctor"));
  await made("adm", await aStaffMember(app, "admin"));
  await made("2fa", await aStaffMember(app, "doctor"));
  const spareDoctorId = (await aStaffMember(app, "doctor")).id;
  const sparePatientId = (await aPatient(app)).id;
  const withTwoStep = await aStaffMember(app, "doctor");
  await turnOnAuthenticator(app, withTwoStep);

  // Two sessions of the patient's with the doctor, then the clock moves to the second one's start.
  const patient = accounts.pat.session!;
  const [first, second] = (await slotsOf(app, patient, accounts.doc.id, weekdayAhead(3))) as [string, string];
  const booked = [];
  for (const startTime of [first, second]) {
    const answer = await book(app, patient, { doctorId: accounts.doc.id, startTime });
    if (answer.statusCode !== 200) throw new Error(`booking failed: ${answer.body}`);
    booked.push(answer.json().id as number);
  }
  advance(Date.parse(second) - app.clinic.now().getTime() + 5 * 60_000);

  // A one-time password works for 72 hours: it is issued once the clock has moved.
  const oneTime = { username: `onetime${Date.now()}`, password: "abcd-efgh-jkmn" };
  const opened = await createUser(app.clinic, {
    ...oneTime,
    mustChangePassword: true,
    role: "patient",
    firstName: "Ona",
    lastName: "Tam",
    phoneNumber: "(555) 404-0101",
    dateOfBirth: "1990-01-01",
  });
  accounts.otp = { id: opened.id, ...oneTime, signedInAt: 0 };

  let check = 0;
  const as = async (caller: Caller): Promise<SignedIn> => {
    if (caller === "out") throw new Error("nobody is signed in as out");
    const account = accounts[caller];
    const stale = !account.session || app.clinic.now().getTime() - account.signedInAt > FRESH_MS;
    const alive =
      !stale &&
      (account.aliveAt === check || (await app.inject({ method: "GET", url: "/api/user", headers: { cookie: account.session!.cookie } })).statusCode === 200);
    if (!alive) {
      account.session = await signInAs(app, account.username, account.password);
      account.signedInAt = app.clinic.now().getTime();
    }
    account.aliveAt = check;
    return account.session!;
  };

  const doctor = await as("doc");
  const noted = await app.inject({
    method: "POST",
    url: "/api/treatment-sessions",
    payload: { appointmentId: booked[0], progressRating: 6, sessionNotes: "A steadier fortnight." },
    headers: { cookie: doctor.cookie },
  });
  if (noted.statusCode !== 200) throw new Error(`the note was not written: ${noted.body}`);
  const now = app.clinic.now();
  const [upcomingSlot] = await slotsOf(app, await as("pat"), accounts.doc.id, weekdayAhead(2, now));
  const upcoming = await book(app, await as("pat"), { doctorId: accounts.doc.id, startTime: upcomingSlot });
  const [strangersSlot] = await slotsOf(app, await as("oth"), accounts.str.id, weekdayAhead(2, now));
  const strangers = await book(app, await as("oth"), { doctorId: accounts.str.id, startTime: strangersSlot });
  if (upcoming.statusCode !== 200 || strangers.statusCode !== 200) throw new Error(`booking failed: ${upcoming.body} ${strangers.body}`);

  const free: string[] = [];
  let day = 6;
  return {
    app,
    as,
    id: (caller) => accounts[caller].id,
    password: (caller) => accounts[caller].password,
    username: (caller) => accounts[caller].username,
    passwordChanged: (caller, password) => void (accounts[caller].password = password),
    async freeSlot() {
      while (free.length === 0) free.push(...(await slotsOf(app, await as("pat"), accounts.doc.id, weekdayAhead((day += 1), app.clinic.now()))));
      return free.shift()!;
    },
    appointments: { noted: booked[0]!, unnoted: booked[1]!, upcoming: upcoming.json().id },
    noteId: noted.json().id,
    spareDoctorId,
    sparePatientId,
    spareWithTwoStepId: withTwoStep.id,
    kept: {},
    sessionsMayHaveEnded: () => void (check += 1),
  };
}

describeApp(
  "the authorization matrix",
  (testApp) => {
    let world: World;
    // Its people sign up and in with passwords: each costs the server an Argon2id derivation at 64 MiB (slow on a busy machine).
    beforeAll(async () => {
      const { app, advance } = testApp();
      world = await clinicFor(app, advance);
    }, 300_000);

    it("has a row for every operation of the OpenAPI document and every door outside it, each with a caller who may and one who may not", async () => {
      const { app } = testApp();
      const documented = operationsOf(await fetchDocument(app)).map((operation) => operation.key);
      expect(TABLE.map(([operation]) => operation).sort()).toEqual([...documented, ...DOORS_OUTSIDE_THE_DOCUMENT].sort());
      for (const door of DOORS_OUTSIDE_THE_DOCUMENT) {
        const [method, path] = door.split(" ") as ["GET" | "POST", string];
        expect(app.hasRoute({ method, url: `/api${path.replace(/\{(\w+)\}/g, ":$1")}` }), door).toBe(true);
      }
      for (const [operation, outcomes] of TABLE) {
        const tried = outcomes.filter((outcome) => outcome !== null);
        expect(
          tried.some((outcome) => !isRefusal(outcome)),
          `${operation}: nobody may`,
        ).toBe(true);
        if (!OPEN_TO_ALL.includes(operation)) expect(tried.some(isRefusal), `${operation}: nobody is refused`).toBe(true);
      }
    });

    it("refuses a WebSocket handshake without a session or short of full access, and a visit_join into another pair's room", async () => {
      const { app } = testApp();
      const base = await listen(app);
      await expect(openSocket(base, null)).rejects.toThrow("refused with 401");
      await expect(openSocket(base, await world.as("otp"))).rejects.toThrow("refused with 403");
      app.clinic.config.requireStaffTwoStep = true;
      try {
        await expect(openSocket(base, await world.as("2fa"))).rejects.toThrow("refused with 403");
      } finally {
        app.clinic.config.requireStaffTwoStep = false;
      }
      // The stranger and the other patient's instant visit; the patient tries to join it by its id.
      const stranger = await world.as("str");
      const started = await app.inject({ method: "POST", url: "/api/visits", payload: { patientId: world.id("oth") }, headers: { cookie: stranger.cookie } });
      expect(started.statusCode, started.body).toBe(200);
      const socket = await openSocket(base, await world.as("pat"));
      try {
        const answer = await ask(socket, "visit_join", { visitId: started.json().id }, (frame) => frame.type === "error" || frame.type === "visit_joined");
        expect(answer).toMatchObject({ type: "error", data: { code: "NOT_FOUND" } });
      } finally {
        socket.socket.close();
      }
    });

    it("answers each caller as its row says, and a refused write changes nothing", { timeout: 300_000 }, async () => {
      const { app } = testApp();
      const problems: string[] = [];
      const procedures = proceduresByOperation();
      const snapshot = snapshotsOf(app);
      let calls = 0;
      /** Sends as `caller`; the doctor without a second step is one only while the clinic asks staff for it. */
      const send = async (caller: Caller, request: InjectOptions) => {
        const policy = app.clinic.config.requireStaffTwoStep;
        if (caller === "2fa") app.clinic.config.requireStaffTwoStep = true;
        calls += 1;
        return app.inject(request).finally(() => void (app.clinic.config.requireStaffTwoStep = policy));
      };
      for (const [operation, outcomes, build] of TABLE) {
        const method = operation.split(" ")[0] as "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
        const procedure = procedures.get(operation);
        // Refusals first, so a success (a note signed, a key set) cannot decide them.
        const tries = CALLERS.map((caller, index) => [caller, outcomes[index]] as const)
          .filter((pair): pair is readonly [Caller, Exclude<Outcome, null>] => pair[1] !== null)
          .sort(([, a], [, b]) => Number(isRefusal(b)) - Number(isRefusal(a)));
        // Every caller's session is checked (and renewed if it ended or is not recent) before the row's first call.
        world.sessionsMayHaveEnded();
        for (const [caller] of tries) if (caller !== "out") await world.as(caller);
        for (const [caller, expected] of tries) {
          const call: Call = await build(world, caller);
          const cookie = call.cookie === false || caller === "out" ? undefined : (call.cookie ?? (await world.as(caller)).cookie);
          const refusal = isRefusal(expected);
          const before = refusal && method !== "GET" ? await snapshot() : undefined;
          const response = await send(caller, {
            method,
            url: `/api${call.url}`,
            headers: { ...(cookie ? { cookie } : {}), ...(call.contentType ? { "content-type": call.contentType } : {}) },
            ...(call.payload === undefined ? {} : { payload: Buffer.isBuffer(call.payload) ? call.payload : (call.payload as object) }),
          });
          const what = `${operation} as ${caller}`;
          if (!allowed(expected).includes(response.statusCode)) {
            problems.push(`${what}: ${response.statusCode}, not ${allowed(expected).join(" or ")}: ${shown(response)}`);
            continue;
          }
          if (!refusal) {
            await call.keep?.(response as never);
            world.sessionsMayHaveEnded();
            continue;
          }
          if (String(response.headers["content-type"]).includes("json")) {
            const body = response.json();
            if (typeof body.code !== "string" || typeof body.message !== "string")
              problems.push(`${what}: a refusal without code and message: ${response.body}`);
          }
          // The same refusal through the other door, tRPC (the web app's).
          if (procedure) {
            const overTrpc = await send(caller, trpcRequest(procedure, operation, call, cookie));
            if (overTrpc.statusCode !== response.statusCode) {
              problems.push(`${what} over tRPC (${procedure.name}): ${overTrpc.statusCode}, not ${response.statusCode} as over REST: ${shown(overTrpc)}`);
            }
          }
          const changed = before ? changedTables(before, await snapshot()) : [];
          if (changed.length > 0) problems.push(`${what}: refused with ${response.statusCode}, yet changed ${changed.join(", ")}`);
        }
      }
      expect(problems).toEqual([]);
      expect(calls).toBeGreaterThan(500);
    });
  },
  // Sessions outlive the days the clock moves forward to write a session's notes; a text provider
  // is configured so that opting in to texts is something a member may do; and Stripe (its stand-in),
  // so that paying by card is.
  {
    ...standInEnv(stripe),
    SESSION_IDLE_MINUTES: "720",
    SESSION_ABSOLUTE_HOURS: "100000",
    TWILIO_ACCOUNT_SID: `AC${"0".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "a-matrix-test-auth-token",
    TWILIO_FROM: "+15550001111",
  },
  // A refused write must change nothing: the minute's sweeps, which write on their own (a monthly
  // statement a patient turned on), would show up as its changes.
  { sweeps: false },
);
