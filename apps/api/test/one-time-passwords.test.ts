// One-time passwords, enforced by the server: a session signed in with one may read its own
// user, replace the password and sign out, and nothing else, through any door. They expire after
// 72 hours. Staff never choose someone's first password.
import { appRouter, NEW_PASSWORD_REQUIRED } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import WebSocket from "ws";
import { aStaffMember, OPEN_PROCEDURES, OPEN_REST_OPERATIONS, type SignedIn } from "./clinic-helpers";
import { describeApp, sessionCookie } from "./helper";

const HOUR = 3_600_000;
/** What a session on a one-time password may still do; everything else must answer 403. */
// What needs no session at all (signing in, registering, the clinic's public profile) a one-time password changes nothing about.
const OPEN_TO_ONE_TIME_PASSWORDS = new Set(["auth.me", "auth.changePassword", ...OPEN_PROCEDURES]);
const OPEN_REST_OPERATIONS_TO_THEM = new Set(["GET /user", "POST /user/password", ...OPEN_REST_OPERATIONS]);
/** Sessions outlive the days the clock is moved by. */
const LONG_SESSIONS = { SESSION_IDLE_MINUTES: "100000", SESSION_ABSOLUTE_HOURS: "100000" };

let sequence = 0;

/** An account an admin opens, with the one-time password the server issued. */
async function accountOpenedBy(app: FastifyInstance, admin: SignedIn, role: "patient" | "doctor" | "admin" = "admin") {
  sequence += 1;
  const username = `fresh${sequence}${Math.random().toString(36).slice(2, 6)}`;
  const response = await app.inject({
    method: "POST",
    url: "/api/admin/users",
    payload: {
      username,
      role,
      firstName: "Rosa",
      lastName: "Linde",
      phoneNumber: "(555) 404-0000",
      dateOfBirth: "1985-05-05",
      ...(role === "doctor" ? { specialization: "Couples Therapy" } : {}),
    },
    headers: { cookie: admin.cookie },
  });
  expect(response.statusCode, response.body).toBe(200);
  return { id: response.json().user.id as number, username, oneTimePassword: response.json().oneTimePassword as string };
}

function signIn(app: FastifyInstance, username: string, password: string) {
  return app.inject({ method: "POST", url: "/api/login", payload: { username, password } });
}

async function onOneTimePassword(app: FastifyInstance, admin: SignedIn): Promise<SignedIn & { oneTimePassword: string }> {
  const account = await accountOpenedBy(app, admin);
  const login = await signIn(app, account.username, account.oneTimePassword);
  expect(login.statusCode, login.body).toBe(200);
  return { id: account.id, cookie: sessionCookie(login)!, oneTimePassword: account.oneTimePassword };
}

function expectNewPasswordRequired(response: { statusCode: number; body: string }, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(403);
  expect(response.body, what).toContain(NEW_PASSWORD_REQUIRED);
}

describeApp(
  "one-time passwords",
  (testApp) => {
    let base = "";
    beforeAll(async () => {
      await testApp().app.listen({ port: 0, host: "127.0.0.1" });
      const address = testApp().app.server.address();
      if (!address || typeof address === "string") throw new Error("no address");
      base = `http://127.0.0.1:${address.port}`;
    });

    it("refuses every tRPC procedure but reading yourself, changing the password and signing in or out", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const session = await onOneTimePassword(app, admin);
      // tRPC keeps a flat "auth.me" → procedure map at run time; its static type is the nested tree.
      const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>);
      expect(procedures.length).toBeGreaterThan(30);
      for (const [path, procedure] of procedures) {
        if (OPEN_TO_ONE_TIME_PASSWORDS.has(path)) continue;
        const response =
          procedure._def.type === "query"
            ? await app.inject({ method: "GET", url: `/trpc/${path}`, headers: { cookie: session.cookie } })
            : await app.inject({ method: "POST", url: `/trpc/${path}`, payload: {}, headers: { cookie: session.cookie } });
        expectNewPasswordRequired(response, path);
      }
      const me = await app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie: session.cookie } });
      expect(me.statusCode).toBe(200);
      expect(me.json().result.data).toMatchObject({ id: session.id, mustChangePassword: true });
    });

    it("refuses every operation of the OpenAPI document but those, and the downloads and the socket too", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const session = await onOneTimePassword(app, admin);
      const document = (await app.inject({ method: "GET", url: "/api/openapi.json" })).json() as { paths: Record<string, Record<string, unknown>> };
      const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => [method.toUpperCase(), path] as const),
      );
      expect(operations.length).toBeGreaterThan(30);
      for (const [method, path] of operations) {
        if (OPEN_REST_OPERATIONS_TO_THEM.has(`${method} ${path}`)) continue;
        const url = `/api${path.replace(/\{\w+\}/g, "1")}`;
        const response = await app.inject({ method: method as "GET", url, headers: { cookie: session.cookie }, ...(method === "GET" ? {} : { payload: {} }) });
        expectNewPasswordRequired(response, `${method} ${path}`);
      }
      for (const url of ["/api/admin/backup", "/api/admin/audit-log.csv"]) {
        expectNewPasswordRequired(await app.inject({ method: "GET", url, headers: { cookie: session.cookie } }), url);
      }
      const handshake = await new Promise<number>((resolve, reject) => {
        const socket = new WebSocket(`${base.replace("http", "ws")}/ws`, { headers: { cookie: session.cookie } });
        socket.on("unexpected-response", (_request, response) => resolve(response.statusCode ?? 0));
        socket.on("open", () => reject(new Error("the socket opened")));
        socket.on("error", reject);
      });
      expect(handshake).toBe(403);

      // The clinic's profile is public (the landing page shows it before anyone signs in) and holds nothing private: a session on a one-time password reads what anyone may.
      const clinic = await app.inject({ method: "GET", url: "/api/clinic", headers: { cookie: session.cookie } });
      expect(clinic.statusCode).toBe(200);
      expect(clinic.json()).toEqual((await app.inject({ method: "GET", url: "/api/clinic" })).json());
      expect(Object.keys(clinic.json()).sort()).toEqual([
        "cancellationWindowHours",
        "cardPayments",
        "clinicName",
        "clinicTimeZone",
        "clinicians",
        "currency",
        "defaultWorkingHours",
      ]);

      const user = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: session.cookie } });
      expect(user.json()).toMatchObject({ id: session.id, mustChangePassword: true });
      // A new password of its own opens everything (on the fresh session the change starts).
      const changed = await app.inject({
        method: "POST",
        url: "/api/user/password",
        payload: { currentPassword: session.oneTimePassword, newPassword: "a-garden-after-rain-7" },
        headers: { cookie: session.cookie },
      });
      expect(changed.statusCode, changed.body).toBe(200);
      const fresh = sessionCookie(changed)!;
      expect((await app.inject({ method: "GET", url: "/api/admin/stats", headers: { cookie: fresh } })).statusCode).toBe(200);
      expect((await app.inject({ method: "POST", url: "/api/logout", headers: { cookie: fresh } })).statusCode).toBe(200);
    });

    it("stops signing in after 72 hours, saying so", async () => {
      const { app, advance } = testApp();
      const admin = await aStaffMember(app, "admin");
      const [early, late] = [await accountOpenedBy(app, admin, "patient"), await accountOpenedBy(app, admin, "doctor")];
      const session = await signIn(app, late.username, late.oneTimePassword);
      advance(72 * HOUR - 60_000);
      expect((await signIn(app, early.username, early.oneTimePassword)).statusCode).toBe(200);
      advance(60_000);
      const refused = await signIn(app, late.username, late.oneTimePassword);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toMatch(/one-time password has expired: they work for 72 hours/);
      // A session begun in time cannot use the expired password to choose a new one either.
      const change = await app.inject({
        method: "POST",
        url: "/api/user/password",
        payload: { currentPassword: late.oneTimePassword, newPassword: "a-garden-after-rain-8" },
        headers: { cookie: sessionCookie(session)! },
      });
      expect(change.statusCode).toBe(403);
      const denied = await app.clinic.db
        .selectFrom("audit_log")
        .select("details")
        .where("action", "=", "auth.login")
        .where("actor_id", "=", late.id)
        .where("outcome", "=", "denied")
        .execute();
      expect(denied.map((row) => JSON.parse(row.details!))).toEqual([{ reason: "one_time_password_expired" }]);
      advance(-72 * HOUR);
    });

    it("refuses a password sent with a new account: the server issues the first one", async () => {
      const { app } = testApp();
      const admin = await aStaffMember(app, "admin");
      const doctor = await aStaffMember(app, "doctor");
      const refused = await app.inject({
        method: "POST",
        url: "/api/admin/users",
        payload: {
          username: "chosen.pw",
          password: "staff-chose-this-1",
          role: "patient",
          firstName: "Ada",
          lastName: "Byrne",
          phoneNumber: "(555) 404-0001",
          dateOfBirth: "1990-01-01",
        },
        headers: { cookie: admin.cookie },
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(/the server issues the first password/);
      expect((await app.inject({ method: "GET", url: "/api/admin/users?search=chosen.pw", headers: { cookie: admin.cookie } })).json().total).toBe(0);
      const added = await app.inject({
        method: "POST",
        url: "/api/patients",
        payload: { password: "staff-chose-this-2", firstName: "Ada", lastName: "Byrne", phoneNumber: "(555) 404-0001", dateOfBirth: "1990-01-01" },
        headers: { cookie: doctor.cookie },
      });
      expect(added.statusCode).toBe(400);
      expect(added.json().message).toMatch(/the server issues the first password/);
    });
  },
  LONG_SESSIONS,
);
