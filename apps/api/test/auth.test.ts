import { createUser } from "@halcyon/domain";
import { expect, it } from "vitest";
import { describeApp, newPatient, register, sessionCookie } from "./helper";

describeApp("accounts and sessions over REST", (testApp) => {
  it("registers a patient, signs them in, and shows them on GET /api/user", async () => {
    const { app } = testApp();
    const { response, cookie, body } = await register(app);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ username: body.username, role: "patient", firstName: "Morgan" });
    expect(cookie).toBeDefined();
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().username).toBe(body.username);
  });

  it("always creates a patient, whatever role the body asks for", async () => {
    const { app } = testApp();
    const { response } = await register(app, newPatient({ role: "admin" }));
    expect(response.statusCode).toBe(200);
    expect(response.json().role).toBe("patient");
  });

  it("never answers with a password or its hash", async () => {
    const { app } = testApp();
    const { response, cookie, body } = await register(app);
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password: body.password } });
    const me = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } });
    for (const answer of [response, login, me]) {
      expect(answer.body).not.toContain(String(body.password));
      expect(answer.body).not.toMatch(/argon2|"password"|passwordHash/i);
    }
  });

  it("treats usernames as unique whatever their case", async () => {
    const { app } = testApp();
    const first = newPatient({ username: "CaseTest" });
    expect((await register(app, first)).response.statusCode).toBe(200);
    const { response } = await register(app, newPatient({ username: "casetest" }));
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe("That username is taken. Please choose another.");
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: "CASETEST", password: first.password } });
    expect(login.statusCode).toBe(200);
  });

  it("checks every field with the specification's messages", async () => {
    const { app } = testApp();
    const missingCredentials = await register(app, newPatient({ username: "", password: "" }));
    expect(missingCredentials.response.statusCode).toBe(400);
    expect(missingCredentials.response.json().message).toBe("Username and password are required");
    const missingProfile = await register(app, newPatient({ firstName: " ", dateOfBirth: undefined }));
    expect(missingProfile.response.statusCode).toBe(400);
    expect(missingProfile.response.json().message).toBe("First name, last name, phone number, and date of birth are required for registration");
    const badEmail = await register(app, newPatient({ email: "not-an-email" }));
    expect(badEmail.response.json().message).toMatch(/valid email/);
    const futureBirth = await register(app, newPatient({ dateOfBirth: "2999-01-01" }));
    expect(futureBirth.response.json().message).toMatch(/date of birth/);
    const noEmail = await register(app, newPatient({ email: "" }));
    expect(noEmail.response.statusCode).toBe(200);
    expect(noEmail.response.json().email).toBeNull();
  });

  it("enforces password length and refuses common passwords, saying so", async () => {
    const { app } = testApp();
    const short = await register(app, newPatient({ password: "short1" }));
    expect(short.response.statusCode).toBe(400);
    expect(short.response.json().message).toBe("Passwords need at least 12 characters");
    const common = await register(app, newPatient({ password: "password1234" }));
    expect(common.response.statusCode).toBe(400);
    expect(common.response.json().message).toMatch(/commonly used password/);
    const long = await register(app, newPatient({ password: "a-long-but-memorable-passphrase-".repeat(2) }));
    expect(long.response.statusCode).toBe(200);
  });

  it("says only 'Invalid username or password' for a wrong password or an unknown user", async () => {
    const { app } = testApp();
    const { body } = await register(app);
    const wrongPassword = await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password: "not-the-password" } });
    const unknownUser = await app.inject({ method: "POST", url: "/api/login", payload: { username: "nobody-here", password: "whatever-it-is" } });
    for (const answer of [wrongPassword, unknownUser]) {
      expect(answer.statusCode).toBe(401);
      expect(answer.json().message).toBe("Invalid username or password");
    }
  });

  it("sets an HttpOnly, SameSite=Lax cookie and a new session id at every login", async () => {
    const { app } = testApp();
    const { response, cookie: first, body } = await register(app);
    const setCookie = String(response.headers["set-cookie"]);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Secure/i);
    const login = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: body.username, password: body.password },
      headers: { cookie: first! },
    });
    const second = sessionCookie(login);
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    // The session held before signing in again is over.
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: first! } })).statusCode).toBe(401);
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: second! } })).statusCode).toBe(200);
  });

  it("destroys the session on logout, so the old cookie is refused afterwards", async () => {
    const { app } = testApp();
    const { cookie } = await register(app);
    const logout = await app.inject({ method: "POST", url: "/api/logout", headers: { cookie: cookie! } });
    expect(logout.statusCode).toBe(200);
    expect(logout.json()).toEqual({ success: true });
    const after = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } });
    expect(after.statusCode).toBe(401);
    // The refusal leaves cookies alone: arriving after a new sign-in, a clearing header would
    // wipe the new session's cookie.
    expect(after.headers["set-cookie"]).toBeUndefined();
  });

  it("ends a session after 30 idle minutes, and keeps an active one alive", async () => {
    const { app, advance } = testApp();
    const { cookie: idle } = await register(app);
    const { cookie: active } = await register(app);
    for (let step = 0; step < 3; step += 1) {
      advance(20 * 60_000);
      expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: active! } })).statusCode).toBe(200);
    }
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: idle! } })).statusCode).toBe(401);
  });

  it("ends any session 12 hours after sign-in, however active", async () => {
    const { app, advance } = testApp();
    const { cookie } = await register(app);
    for (let hour = 0; hour < 12; hour += 1) {
      advance(25 * 60_000);
      await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } });
      advance(35 * 60_000 - 25 * 60_000);
      await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } });
      advance(25 * 60_000);
    }
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } })).statusCode).toBe(401);
  });

  it("refuses sign-in to a deactivated account with a clear message", async () => {
    const { app } = testApp();
    const { body, cookie } = await register(app);
    await app.clinic.db.updateTable("users").set({ deactivated_at: new Date().toISOString() }).where("username", "=", String(body.username)).execute();
    expect((await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } })).statusCode).toBe(401);
    const login = await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password: body.password } });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/deactivated/);
  });

  it("lets only the CLI/admin path create doctors, and lists them for signed-in users", async () => {
    const { app } = testApp();
    await createUser(app.clinic, {
      username: "dr.test",
      password: "clinic-doctor-pass",
      role: "doctor",
      firstName: "Iris",
      lastName: "Hale",
      phoneNumber: "(555) 222-3333",
      dateOfBirth: "1970-01-01",
      specialization: "Couples Therapy",
    });
    expect((await app.inject({ method: "GET", url: "/api/doctors" })).statusCode).toBe(401);
    const { cookie } = await register(app);
    const doctors = await app.inject({ method: "GET", url: "/api/doctors", headers: { cookie: cookie! } });
    expect(doctors.json()).toContainEqual(expect.objectContaining({ firstName: "Iris", specialization: "Couples Therapy" }));
  });

  it("records sign-ins, failures and sign-outs in the audit log without secrets", async () => {
    const { app } = testApp();
    const { body, cookie } = await register(app);
    await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password: "wrong-password-x" } });
    await app.inject({ method: "POST", url: "/api/logout", headers: { cookie: cookie!, "user-agent": "vitest-agent" } });
    const rows = await app.clinic.db.selectFrom("audit_log").selectAll().orderBy("id").execute();
    const actions = rows.map((row) => `${row.action}:${row.outcome}`);
    expect(actions).toEqual(expect.arrayContaining(["auth.register:success", "auth.login:failure", "auth.logout:success"]));
    expect(JSON.stringify(rows)).not.toContain("wrong-password-x");
    expect(rows.filter((row) => row.action === "auth.logout").at(-1)?.user_agent).toBe("vitest-agent");
  });
});

describeApp(
  "cookies behind https",
  (testApp) => {
    it("marks the session cookie Secure (and __Host-) when PUBLIC_ORIGIN is https", async () => {
      const { response } = await register(testApp().app);
      const setCookie = String(response.headers["set-cookie"]);
      expect(setCookie).toMatch(/^__Host-halcyon_session=/);
      expect(setCookie).toMatch(/Secure/);
    });
  },
  { PUBLIC_ORIGIN: "https://clinic.example.com" },
);

describeApp("registration throttle", (testApp) => {
  it("limits accounts created from one address, with a clear 429", async () => {
    const { app } = testApp();
    let last = 0;
    // As the web app registers (an authKey, one hash each): the throttle is what is under test, not the password.
    const { password: _password, ...profile } = newPatient();
    for (let i = 0; i < 21; i += 1) {
      const payload = { ...profile, username: `${profile.username}${i}`, authKey: "A".repeat(43) };
      last = (await app.inject({ method: "POST", url: "/api/register", payload, remoteAddress: "10.200.0.1" })).statusCode;
    }
    expect(last).toBe(429);
    const response = await app.inject({ method: "POST", url: "/api/register", payload: newPatient(), remoteAddress: "10.200.0.1" });
    expect(response.json().message).toMatch(/Too many accounts/);
  });
});
