// A member sees where they are signed in and ends any session, or all but this one; an admin ends
// all of anyone's. Nobody reaches another member's sessions.
import type { MemberSessionView } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, type SignedIn } from "./clinic-helpers";
import { describeApp, newPatient, register, sessionCookie } from "./helper";

const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

type Session = MemberSessionView;

/** A member signed in on three devices: the first is the one asking. */
async function onThreeDevices(app: FastifyInstance): Promise<{ id: number; username: string; cookies: [string, string, string] }> {
  const body = newPatient();
  const { response, cookie } = await register(app, body);
  const signIn = async (userAgent: string, remoteAddress: string) => {
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: body.username, password: body.password },
      headers: { "user-agent": userAgent },
      remoteAddress,
    });
    expect(login.statusCode).toBe(200);
    return sessionCookie(login)!;
  };
  return { id: response.json().id, username: body.username, cookies: [cookie!, await signIn(FIREFOX, "10.9.8.7"), await signIn(SAFARI, "10.6.5.4")] };
}

function call(app: FastifyInstance, cookie: string, method: "GET" | "POST" | "DELETE", url: string) {
  return app.inject({ method, url, headers: { cookie } });
}

async function sessionsSeenBy(app: FastifyInstance, cookie: string): Promise<Session[]> {
  const response = await call(app, cookie, "GET", "/api/account/sessions");
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function isSignedIn(app: FastifyInstance, cookie: string): Promise<boolean> {
  return (await call(app, cookie, "GET", "/api/user")).statusCode === 200;
}

describeApp("a member's sessions", (testApp) => {
  it("lists each session with its device, address and times, and marks this one", async () => {
    const { app } = testApp();
    const member = await onThreeDevices(app);
    const sessions = await sessionsSeenBy(app, member.cookies[0]);
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    expect(sessions.map((session) => session.userAgent)).toEqual(expect.arrayContaining([FIREFOX, SAFARI]));
    expect(sessions.find((session) => session.userAgent === FIREFOX)).toMatchObject({ ip: "10.9.8.7", current: false });
    for (const session of sessions) {
      expect(session.id).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(Date.parse(session.createdAt)).not.toBeNaN();
      expect(Date.parse(session.lastSeenAt)).not.toBeNaN();
    }
    // Another device sees the same sessions, with itself as the current one.
    const fromSafari = await sessionsSeenBy(app, member.cookies[2]);
    expect(fromSafari.find((session) => session.current)?.userAgent).toBe(SAFARI);
    expect(fromSafari.map((session) => session.id).sort()).toEqual(sessions.map((session) => session.id).sort());
  });

  it("ends one session: that device is signed out, the others stay, and it is audited", async () => {
    const { app } = testApp();
    const member = await onThreeDevices(app);
    const firefox = (await sessionsSeenBy(app, member.cookies[0])).find((session) => session.userAgent === FIREFOX)!;
    const ended = await call(app, member.cookies[0], "DELETE", `/api/account/sessions/${firefox.id}`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 1 });
    expect(await isSignedIn(app, member.cookies[1])).toBe(false);
    expect(await isSignedIn(app, member.cookies[0])).toBe(true);
    expect(await isSignedIn(app, member.cookies[2])).toBe(true);
    expect((await sessionsSeenBy(app, member.cookies[0])).map((session) => session.id)).not.toContain(firefox.id);
    // Twice: it has already ended.
    expect((await call(app, member.cookies[0], "DELETE", `/api/account/sessions/${firefox.id}`)).statusCode).toBe(404);

    const admin = await aStaffMember(app, "admin");
    const log = (await call(app, admin.cookie, "GET", `/api/admin/audit-log?action=auth.session_end&actorId=${member.id}`)).json();
    expect(log.entries).toHaveLength(1);
    expect(log.entries[0]).toMatchObject({ action: "auth.session_end", outcome: "success", actorId: member.id });
  });

  it("ending this very session signs this device out", async () => {
    const { app } = testApp();
    const member = await onThreeDevices(app);
    const own = (await sessionsSeenBy(app, member.cookies[0])).find((session) => session.current)!;
    const ended = await call(app, member.cookies[0], "DELETE", `/api/account/sessions/${own.id}`);
    expect(ended.statusCode).toBe(200);
    expect(ended.cookies.find((cookie) => cookie.name.endsWith("halcyon_session"))?.value).toBe("");
    expect(await isSignedIn(app, member.cookies[0])).toBe(false);
    expect(await isSignedIn(app, member.cookies[1])).toBe(true);
  });

  it("ends every other session at once", async () => {
    const { app } = testApp();
    const member = await onThreeDevices(app);
    const ended = await call(app, member.cookies[1], "POST", "/api/account/sessions/end-others");
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 2 });
    expect(await isSignedIn(app, member.cookies[0])).toBe(false);
    expect(await isSignedIn(app, member.cookies[2])).toBe(false);
    expect(await isSignedIn(app, member.cookies[1])).toBe(true);
    expect(await sessionsSeenBy(app, member.cookies[1])).toEqual([expect.objectContaining({ current: true, userAgent: FIREFOX })]);
  });

  it("never reaches another member's sessions", async () => {
    const { app } = testApp();
    const [member, intruder] = [await onThreeDevices(app), await aPatient(app)];
    const target = (await sessionsSeenBy(app, member.cookies[0]))[0]!;
    expect((await sessionsSeenBy(app, intruder.cookie)).map((session) => session.id)).not.toContain(target.id);
    expect((await call(app, intruder.cookie, "DELETE", `/api/account/sessions/${target.id}`)).statusCode).toBe(404);
    expect((await call(app, intruder.cookie, "DELETE", `/api/admin/users/${member.id}/sessions`)).statusCode).toBe(403);
    for (const cookie of member.cookies) expect(await isSignedIn(app, cookie)).toBe(true);
  });

  it("answers 400 to a malformed session id and 401 without a session", async () => {
    const { app } = testApp();
    const member = await aPatient(app);
    expect((await call(app, member.cookie, "DELETE", "/api/account/sessions/not-an-id")).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/account/sessions" })).statusCode).toBe(401);
    expect((await app.inject({ method: "POST", url: "/api/account/sessions/end-others" })).statusCode).toBe(401);
  });
});

describeApp("an admin ends a member's sessions", (testApp) => {
  let admin: SignedIn;

  it("signs the member out everywhere, audited, and leaves others alone", async () => {
    const { app } = testApp();
    admin = await aStaffMember(app, "admin");
    const [member, bystander, doctor] = [await onThreeDevices(app), await aPatient(app), await aStaffMember(app, "doctor")];
    expect((await call(app, doctor.cookie, "DELETE", `/api/admin/users/${member.id}/sessions`)).statusCode).toBe(403);
    const ended = await call(app, admin.cookie, "DELETE", `/api/admin/users/${member.id}/sessions`);
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ended: 3 });
    for (const cookie of member.cookies) expect(await isSignedIn(app, cookie)).toBe(false);
    expect(await isSignedIn(app, bystander.cookie)).toBe(true);
    expect(await isSignedIn(app, admin.cookie)).toBe(true);
    const log = (await call(app, admin.cookie, "GET", `/api/admin/audit-log?action=admin.sessions_end&actorId=${admin.id}`)).json();
    expect(log.entries[0]).toMatchObject({ action: "admin.sessions_end", targetId: String(member.id) });
  });

  it("answers 404 for nobody and 400 for a malformed id", async () => {
    const { app } = testApp();
    expect((await call(app, admin.cookie, "DELETE", "/api/admin/users/999999/sessions")).statusCode).toBe(404);
    expect((await call(app, admin.cookie, "DELETE", "/api/admin/users/abc/sessions")).statusCode).toBe(400);
  });
});
