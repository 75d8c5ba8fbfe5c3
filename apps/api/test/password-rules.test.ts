// The password rules (NIST SP 800-63B): at least 12 characters, not guessable, not the member's own
// name; enforced on registration, password changes and the console. A member whose password was
// chosen before the rules is not locked out: their next sign-in leaves a notice asking, once, for
// a better one.
import { resetPassword } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { signInAs, type SignedIn } from "./clinic-helpers";
import { describeApp, newPatient, register } from "./helper";
import { insertMember } from "./verifiers";

/** An account from before the rules: its password was never judged by them. */
const anAccountFromBefore = insertMember;

async function noticesOf(app: FastifyInstance, who: SignedIn): Promise<{ kind: string; createdAt: string }[]> {
  const response = await app.inject({ method: "GET", url: "/api/account/notices", headers: { cookie: who.cookie } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describeApp("password rules", (testApp) => {
  it("refuses short, guessable and self-naming passwords at registration, with a reason, and creates nothing", async () => {
    const { app } = testApp();
    const refusals: [string, RegExp][] = [
      ["tidal-moss7", /at least 12 characters/],
      ["password1234", /commonly used password/],
      ["morgan-by-the-sea-42", /must not contain your name/],
    ];
    for (const [password, reason] of refusals) {
      const body = newPatient({ password });
      const { response } = await register(app, body);
      expect(response.statusCode, password).toBe(400);
      expect(response.json().message, password).toMatch(reason);
      expect((await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password } })).statusCode).toBe(401);
    }
    const accepted = await register(app, newPatient({ password: "tidal-moss-at-dawn" }));
    expect(accepted.response.statusCode, accepted.response.body).toBe(200);
  });

  it("refuses a guessable new password on a password change, and keeps the old one", async () => {
    const { app } = testApp();
    const body = newPatient();
    const { cookie } = await register(app, body);
    const change = await app.inject({
      method: "POST",
      url: "/api/user/password",
      payload: { currentPassword: body.password, newPassword: "qwertyuiop123" },
      headers: { cookie: cookie! },
    });
    expect(change.statusCode).toBe(400);
    expect(change.json().message).toMatch(/\w+\. \w+/);
    await signInAs(app, body.username, body.password);
  });

  it("refuses a guessable password from the console's reset", async () => {
    const { app } = testApp();
    const body = newPatient();
    await register(app, body);
    await expect(resetPassword(app.clinic, body.username, "password1234")).rejects.toThrow(/commonly used password/);
    await signInAs(app, body.username, body.password);
  });

  it("asks a member whose old password falls short to choose a better one, once, without locking them out", async () => {
    const { app } = testApp();
    await anAccountFromBefore(app, "robin.hale", "robin2024");

    const first = await signInAs(app, "robin.hale", "robin2024");
    const notices = await noticesOf(app, first);
    expect(notices.map((notice) => notice.kind)).toEqual(["password_review"]);
    // Signing in again while the notice waits does not add another.
    const second = await signInAs(app, "robin.hale", "robin2024");
    expect((await noticesOf(app, second)).map((notice) => notice.kind)).toEqual(["password_review"]);

    const dismissed = await app.inject({ method: "DELETE", url: "/api/account/notices/password_review", headers: { cookie: second.cookie } });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const third = await signInAs(app, "robin.hale", "robin2024");
    expect(await noticesOf(app, third)).toEqual([]);
  });

  it("leaves no notice for an old password that meets the rules, and takes the notice away once the password is changed", async () => {
    const { app } = testApp();
    await anAccountFromBefore(app, "fine.before", "lanterns over a quiet harbour");
    expect(await noticesOf(app, await signInAs(app, "fine.before", "lanterns over a quiet harbour"))).toEqual([]);

    await anAccountFromBefore(app, "weak.before", "letmein12345");
    const weak = await signInAs(app, "weak.before", "letmein12345");
    expect((await noticesOf(app, weak)).map((notice) => notice.kind)).toEqual(["password_review"]);
    const changed = await app.inject({
      method: "POST",
      url: "/api/user/password",
      payload: { currentPassword: "letmein12345", newPassword: "tidal-moss-at-dawn" },
      headers: { cookie: weak.cookie },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(await noticesOf(app, await signInAs(app, "weak.before", "tidal-moss-at-dawn"))).toEqual([]);
  });

  it("refuses to dismiss what is not a notice, and answers notices only to the signed in", async () => {
    const { app } = testApp();
    const { cookie } = await register(app);
    expect((await app.inject({ method: "DELETE", url: "/api/account/notices/everything", headers: { cookie: cookie! } })).statusCode).toBe(400);
    expect((await app.inject({ method: "GET", url: "/api/account/notices" })).statusCode).toBe(401);
  });
});
