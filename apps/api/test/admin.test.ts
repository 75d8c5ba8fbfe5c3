import { readdirSync, writeFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import { expect, it, vi } from "vitest";
import { describeApp } from "./helper";
import { aPatient, aStaffMember, book, signInAs, slotsOf, weekdayAhead, type SignedIn, deniedAccesses } from "./clinic-helpers";
import { readyToMessage, recordsKey, sealedFor, sendSealed } from "./sealing";
import type { FastifyInstance } from "fastify";

const call = (app: FastifyInstance, who: SignedIn | null, method: "GET" | "POST" | "PATCH" | "PUT", url: string, payload?: unknown) =>
  app.inject({ method, url, ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}), headers: who ? { cookie: who.cookie } : {} });

const ADMIN_PATHS: ["GET" | "POST" | "PATCH" | "PUT", string, unknown?][] = [
  ["GET", "/api/admin/stats"],
  ["GET", "/api/admin/users"],
  ["POST", "/api/admin/users", { username: "x", role: "patient", firstName: "x", lastName: "y", phoneNumber: "5551234567", dateOfBirth: "1990-01-01" }],
  ["PATCH", "/api/admin/users/1", { active: false }],
  ["GET", "/api/admin/users/1/working-hours"],
  ["GET", "/api/admin/audit-log"],
  ["GET", "/api/admin/audit-log.csv"],
  ["GET", "/api/admin/backup"],
  ["GET", "/api/admin/settings"],
  ["PUT", "/api/admin/settings", { clinicName: "X", clinicTimeZone: "UTC", defaultWorkingHours: [], cancellationWindowHours: 1, idleTimeoutMinutes: 30 }],
];

describeApp("the admin's clinic", (testApp) => {
  it("refuses every admin path to patients and doctors (403) and to the signed out (401), and audits it", async () => {
    const { app } = testApp();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    for (const [method, url, body] of ADMIN_PATHS) {
      expect((await call(app, null, method, url, body)).statusCode, `${method} ${url} signed out`).toBe(401);
      expect((await call(app, patient, method, url, body)).statusCode, `${method} ${url} as patient`).toBe(403);
      expect((await call(app, doctor, method, url, body)).statusCode, `${method} ${url} as doctor`).toBe(403);
    }
    expect(await deniedAccesses(app, patient.id, doctor.id)).toHaveLength(ADMIN_PATHS.length * 2);
  });

  it("shows true figures", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    // The records key is made first: its making signs in an admin of its own, a session the figures would count.
    await recordsKey(app);
    const before = (await call(app, admin, "GET", "/api/admin/stats")).json();
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await readyToMessage(app, patient, doctor);
    expect((await sendSealed(app, patient, doctor, "Hello")).statusCode).toBe(200);
    const after = (await call(app, admin, "GET", "/api/admin/stats")).json();
    expect(after.users.patients).toBe(before.users.patients + 1);
    expect(after.users.doctors).toBe(before.users.doctors + 1);
    expect(after.activeSessions).toBe(before.activeSessions + 2);
    expect(after.messages).toEqual({ today: before.messages.today + 1, total: before.messages.total + 1 });
    expect(after).toMatchObject({ timeZone: "America/New_York", idleTimeoutMinutes: 30 });
  });

  it("creates a doctor with hours who then signs in with a one-time password and is offered to patients", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const created = await call(app, admin, "POST", "/api/admin/users", {
      username: "dr.newhire",
      role: "doctor",
      firstName: "Nadia",
      lastName: "Fern",
      phoneNumber: "(555) 111-2222",
      dateOfBirth: "1980-08-08",
      specialization: "PTSD & Trauma Care",
      workingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "10:00", end: "13:00" })),
    });
    expect(created.statusCode).toBe(200);
    const { user, oneTimePassword } = created.json();
    expect(user).toMatchObject({ role: "doctor", specialization: "PTSD & Trauma Care", mustChangePassword: true });
    const doctor = await signInAs(app, "dr.newhire", oneTimePassword);
    const patient = await aPatient(app);
    expect((await slotsOf(app, patient, doctor.id, weekdayAhead(7))).length).toBe(3);
    const hours = (await call(app, admin, "GET", `/api/admin/users/${doctor.id}/working-hours`)).json();
    expect(hours.workingHours[0]).toEqual({ weekday: 1, start: "10:00", end: "13:00" });
    const noSpecialization = await call(app, admin, "POST", "/api/admin/users", {
      username: "dr.vague",
      role: "doctor",
      firstName: "A",
      lastName: "B",
      phoneNumber: "5551112222",
      dateOfBirth: "1980-01-01",
    });
    expect(noSpecialization.json().message).toBe("A doctor needs a specialization");
    // A birth date to come, or a "phone number" without its digits, is refused as registration refuses it.
    for (const [field, value, message] of [
      ["dateOfBirth", "2099-12-31", "Enter a real date of birth in the past"],
      ["dateOfBirth", "2001-02-30", "Enter a real date of birth in the past"],
      ["phoneNumber", "x", "Enter a phone number with at least 7 digits, like (555) 123-4567"],
      ["phoneNumber", "555", "Enter a phone number with at least 7 digits, like (555) 123-4567"],
    ] as const) {
      const refused = await call(app, admin, "POST", "/api/admin/users", {
        username: "pat.future",
        role: "patient",
        firstName: "Pat",
        lastName: "Future",
        phoneNumber: "(555) 111-2222",
        dateOfBirth: "1990-01-01",
        [field]: value,
      });
      expect(refused.statusCode, `${field} ${value}`).toBe(400);
      expect(refused.json().message).toBe(message);
    }
  });

  it("deactivates a user, ending their sessions at once, refuses their sign-in, and reactivates them", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const doctor = await aStaffMember(app, "doctor");
    const username = (await call(app, doctor, "GET", "/api/user")).json().username;
    const off = await call(app, admin, "PATCH", `/api/admin/users/${doctor.id}`, { active: false });
    expect(off.json().deactivatedAt).not.toBeNull();
    expect((await call(app, doctor, "GET", "/api/user")).statusCode).toBe(401);
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username, password: "calm-waters-run-deep" } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/deactivated/);
    expect((await call(app, admin, "GET", "/api/admin/users?status=deactivated")).json().users.map((u: { id: number }) => u.id)).toContain(doctor.id);
    await call(app, admin, "PATCH", `/api/admin/users/${doctor.id}`, { active: true });
    expect((await app.inject({ method: "POST", url: "/api/login", payload: { username, password: "calm-waters-run-deep" } })).statusCode).toBe(200);
  });

  it("never lets the last active admin be deactivated or demoted", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const others = (await call(app, admin, "GET", "/api/admin/users?role=admin&status=active&limit=200"))
      .json()
      .users.filter((u: { id: number }) => u.id !== admin.id);
    for (const other of others) await call(app, admin, "PATCH", `/api/admin/users/${other.id}`, { active: false });
    const self = await call(app, admin, "PATCH", `/api/admin/users/${admin.id}`, { active: false });
    expect(self.statusCode).toBe(409);
    expect(self.json().message).toMatch(/at least one active admin/);
    expect((await call(app, admin, "PATCH", `/api/admin/users/${admin.id}`, { role: "patient" })).statusCode).toBe(409);
    for (const other of others) await call(app, admin, "PATCH", `/api/admin/users/${other.id}`, { active: true });
  });

  it("searches and pages the user directory", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const page = (await call(app, admin, "GET", "/api/admin/users?role=patient&limit=2")).json();
    expect(page.users.length).toBeLessThanOrEqual(2);
    expect(page.total).toBeGreaterThanOrEqual(page.users.length);
    expect(page.users.every((u: { role: string }) => u.role === "patient")).toBe(true);
    const found = (await call(app, admin, "GET", "/api/admin/users?search=Helena")).json();
    expect(found.users.every((u: { firstName: string }) => u.firstName === "Helena")).toBe(true);
  });

  it("keeps an audit row for each kind of event, with actor, target, address and agent, and never content", async () => {
    const { app, advance } = testApp();
    const admin = await aStaffMember(app, "admin");
    const [patient, doctor] = [await aPatient(app), await aStaffMember(app, "doctor")];
    await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "no-such-user", password: "guess-guess-guess" },
      headers: { "user-agent": "audit-agent" },
    });
    const [slot] = await slotsOf(app, patient, doctor.id, weekdayAhead(7));
    await book(app, patient, { doctorId: doctor.id, startTime: slot, description: "Secret reason" });
    await call(app, patient, "GET", "/api/appointments");
    await readyToMessage(app, patient, doctor);
    expect((await sendSealed(app, patient, doctor, "Confidential words")).statusCode).toBe(200);
    await call(app, doctor, "GET", `/api/messages/${patient.id}`);
    await call(app, doctor, "GET", `/api/treatment-sessions/${patient.id}`);
    await call(app, patient, "GET", `/api/treatment-sessions/${doctor.id}`);
    await call(app, admin, "GET", "/api/admin/audit-log");
    const entries = (await call(app, admin, "GET", "/api/admin/audit-log?limit=200")).json().entries as {
      action: string;
      outcome: string;
      actorId: number | null;
      actorName: string | null;
      ip: string | null;
      userAgent: string | null;
      targetId: string | null;
    }[];
    const kinds = new Set(entries.map((e) => `${e.action}:${e.outcome}`));
    for (const kind of [
      "auth.login:failure",
      "auth.login:success",
      "appointment.book:success",
      "appointment.read:success",
      "message.send:success",
      "message.read:success",
      "treatment_session.read:success",
      "access.denied:denied",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    const failure = entries.find((e) => e.action === "auth.login" && e.outcome === "failure")!;
    expect(failure).toMatchObject({ ip: "127.0.0.1", userAgent: "audit-agent", actorId: null, actorName: null });
    const all = JSON.stringify(entries);
    expect(all).not.toMatch(/Confidential words|Secret reason|guess-guess/);
    // Filters and paging.
    const logins = (await call(app, admin, "GET", "/api/admin/audit-log?action=auth.&limit=2")).json();
    expect(logins.entries.every((e: { action: string }) => e.action.startsWith("auth."))).toBe(true);
    const next = (await call(app, admin, "GET", `/api/admin/audit-log?action=auth.&limit=2&before=${logins.nextBefore}`)).json();
    expect(next.entries[0].id).toBeLessThan(logins.entries[1].id);
    const mine = (await call(app, admin, "GET", `/api/admin/audit-log?actorId=${patient.id}`)).json().entries;
    expect(mine.every((e: { actorId: number }) => e.actorId === patient.id)).toBe(true);
    // Each entry names its actor as the log screen and the CSV show them.
    const me = (await call(app, patient, "GET", "/api/user")).json();
    const patientName = `${me.firstName} ${me.lastName} (${me.username})`;
    expect(mine.map((e: { actorName: string }) => e.actorName)).toEqual(mine.map(() => patientName));
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await call(app, admin, "GET", `/api/admin/audit-log?from=${encodeURIComponent(future)}`)).json().entries).toEqual([]);
    const csv = await call(app, admin, "GET", "/api/admin/audit-log.csv?action=auth.");
    expect(csv.headers["content-type"]).toMatch(/text\/csv/);
    expect(csv.body.split("\r\n")[0]).toBe("id,occurred_at,actor_id,actor,action,target_type,target_id,outcome,ip,user_agent,details");
    expect(csv.body).toContain('"auth.login"');
    expect(csv.body).toContain(`"${patientName}"`);
    advance(0);
  });

  it("keeps what someone typed as a username short, on one line, and quoted in the log and its CSV", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    // A username written to read, in the log's sentence "Someone using … failed to sign in", as something an admin did.
    const crafted = `x”\u202E failed to sign in.\r\nDr. Vance downloaded a database backup “${"z".repeat(300)}`;
    const failed = await app.inject({ method: "POST", url: "/api/login", payload: { username: crafted, password: "a-wrong-password" } });
    expect(failed.statusCode).toBe(401);

    // As the sign-in keys it (lower case), with hidden characters written out, cut to 64 characters and "…".
    const recorded = `x”\\u{202E} failed to sign in.\\r\\ndr. vance downloaded a database…`;
    expect([...recorded].length).toBe(65);
    const [entry] = (await call(app, admin, "GET", "/api/admin/audit-log?action=auth.login&limit=1")).json().entries;
    expect(entry).toMatchObject({ actorId: null, outcome: "failure", details: { username: recorded } });

    const csv = await call(app, admin, "GET", "/api/admin/audit-log.csv?action=auth.login");
    const lines = csv.body.split("\r\n");
    const row = lines.find((line) => line.includes("downloaded a database"))!;
    // One row on one line, its details one quoted cell: the JSON of the recorded username, quotes doubled as CSV does.
    expect(lines.filter((line) => line.includes("downloaded a database"))).toHaveLength(1);
    expect(row.endsWith(`,"${JSON.stringify({ username: recorded }).replace(/"/g, '""')}"`)).toBe(true);
    expect(csv.body).not.toContain("z".repeat(5));
  });

  it("changes the clinic's settings, validated, effective at once and audited", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const doctor = await aStaffMember(app, "doctor");
    const patient = await aPatient(app);
    const settings = (await call(app, admin, "GET", "/api/admin/settings")).json();
    expect(settings).toMatchObject({ clinicName: "Halcyon", clinicTimeZone: "America/New_York", cancellationWindowHours: 24, idleTimeoutMinutes: 30 });
    const bad = await call(app, admin, "PUT", "/api/admin/settings", { ...settings, clinicTimeZone: "Mars/Olympus" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/IANA time zone/);
    const changed = await call(app, admin, "PUT", "/api/admin/settings", {
      ...settings,
      clinicName: "Halcyon Harbour",
      clinicTimeZone: "Europe/London",
      defaultWorkingHours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: "08:00", end: "12:00" })),
    });
    expect(changed.statusCode).toBe(200);
    const date = weekdayAhead(7);
    const slots = await slotsOf(app, patient, doctor.id, date);
    expect(slots).toHaveLength(4);
    expect(slots[0]).toMatch(/T0[78]:00:00.000Z$/);
    expect((await call(app, admin, "GET", "/api/admin/stats")).json().timeZone).toBe("Europe/London");
    const feed = await call(app, patient, "POST", "/api/calendar-feed");
    expect((await app.inject({ method: "GET", url: feed.json().path })).body).toContain("X-WR-CALNAME:Halcyon Harbour");
    const audited = (await call(app, admin, "GET", "/api/admin/audit-log?action=admin.settings_update")).json().entries[0];
    expect(audited.details.changed).toEqual(expect.arrayContaining(["clinicName", "clinicTimeZone", "defaultWorkingHours"]));
    await call(app, admin, "PUT", "/api/admin/settings", settings);
  });

  it("downloads a consistent backup that restores every row (SQLite) or explains pg_dump (PostgreSQL)", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const response = await call(app, admin, "GET", "/api/admin/backup");
    if (app.database.kind !== "sqlite") {
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/pg_dump/);
      return;
    }
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toMatch(/attachment; filename="halcyon-.*\.db"/);
    const dir = mkdtempSync(join(tmpdir(), "halcyon-restore-"));
    try {
      const file = join(dir, "restored.db");
      writeFileSync(file, response.rawPayload);
      const restored = new BetterSqlite3(file, { readonly: true });
      for (const table of ["users", "appointments", "messages", "treatment_sessions", "conversations", "login_sessions"]) {
        const live = (await sql.raw<{ n: number }>(`select count(*) as n from ${table}`).execute(app.clinic.db)).rows[0]!;
        const copy = restored.prepare(`select count(*) as n from ${table}`).get() as { n: number };
        expect(copy.n, table).toBe(live.n);
      }
      expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
      restored.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // Twenty copies beside steady writes take a while on a busy two-core machine.
  it(
    "takes 20 backups while 10 clients write, each one whole and restorable, each audited as it ended, leaving no copy behind",
    { timeout: 300_000 },
    async ({ skip }) => {
      const { app } = testApp();
      if (app.database.kind !== "sqlite") skip("PostgreSQL is backed up with pg_dump");
      const admin = await aStaffMember(app, "admin");
      const doctor = await aStaffMember(app, "doctor");
      const writers = await Promise.all(Array.from({ length: 10 }, () => aPatient(app)));
      await readyToMessage(app, doctor, ...writers);
      const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith("halcyon-backup-"));
      const before = new Set(leftovers());
      let writing = true;
      let sent = 0;
      const load = writers.map(async (patient) => {
        while (writing) {
          const response = await app.inject({
            method: "POST",
            url: "/api/messages",
            headers: { cookie: patient.cookie },
            payload: { senderId: patient.id, receiverId: doctor.id, content: await sealedFor(app, patient, doctor, `note ${sent}`) },
          });
          expect(response.statusCode).toBe(200);
          sent += 1;
        }
      });
      const dir = mkdtempSync(join(tmpdir(), "halcyon-restore-"));
      try {
        for (let n = 0; n < 20; n += 1) {
          const response = await call(app, admin, "GET", "/api/admin/backup");
          expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
          const file = join(dir, `restored-${n}.db`);
          writeFileSync(file, response.rawPayload);
          const restored = new BetterSqlite3(file, { readonly: true });
          expect(restored.pragma("integrity_check", { simple: true })).toBe("ok");
          restored.close();
        }
      } finally {
        writing = false;
        await Promise.all(load);
        rmSync(dir, { recursive: true, force: true });
      }
      expect(sent).toBeGreaterThan(20);
      const audited = await app.clinic.db
        .selectFrom("audit_log")
        .select("outcome")
        .where("action", "=", "admin.backup")
        .where("actor_id", "=", admin.id)
        .execute();
      expect(audited.map((row) => row.outcome)).toEqual(Array.from({ length: 20 }, () => "success"));
      await vi.waitFor(() => expect(leftovers().filter((name) => !before.has(name))).toEqual([]));
    },
  );

  it("records a backup that could not be made as a failure, and leaves no copy behind", async ({ skip }) => {
    const { app } = testApp();
    if (app.database.kind !== "sqlite") skip("PostgreSQL is backed up with pg_dump");
    const admin = await aStaffMember(app, "admin");
    const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith("halcyon-backup-"));
    const before = new Set(leftovers());
    const backupTo = app.database.backupTo;
    app.database.backupTo = () => Promise.reject(new Error("disk full"));
    try {
      const response = await call(app, admin, "GET", "/api/admin/backup");
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toMatch(/disk full/);
    } finally {
      app.database.backupTo = backupTo;
    }
    const [row] = await app.clinic.db
      .selectFrom("audit_log")
      .select(["outcome"])
      .where("action", "=", "admin.backup")
      .where("actor_id", "=", admin.id)
      .execute();
    expect(row?.outcome).toBe("failure");
    expect(leftovers().filter((name) => !before.has(name))).toEqual([]);
  });
});
