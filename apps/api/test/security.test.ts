import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, it } from "vitest";
import { BODY_LIMIT_BYTES } from "../src/app";
import { describeApp, newPatient, register } from "./helper";

describeApp("the security baseline", (testApp) => {
  it("sends a strict CSP, nosniff, no X-Powered-By and no-store on API answers", async () => {
    const { app } = testApp();
    const response = await app.inject({ method: "GET", url: "/api/user" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("default-src 'self'");
    // WebAssembly may compile (the browser's Argon2id), JavaScript may not be evaluated.
    expect(csp).toContain("script-src 'self' 'wasm-unsafe-eval';");
    expect(csp).not.toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/https?:/);
    expect(response.headers["x-content-type-options"]).toBe("nosniff");
    expect(response.headers["x-powered-by"]).toBeUndefined();
    expect(response.headers["cache-control"]).toBe("no-store");
    const trpc = await app.inject({ method: "GET", url: "/trpc/auth.me" });
    expect(trpc.headers["cache-control"]).toBe("no-store");
  });

  it("refuses state changes whose Origin is another site, and serves same-origin and script clients", async () => {
    const { app } = testApp();
    const body = newPatient();
    const foreign = await app.inject({ method: "POST", url: "/api/register", payload: body, headers: { origin: "https://evil.example" } });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().message).toMatch(/other sites/);
    const crossSite = await app.inject({ method: "POST", url: "/api/login", payload: body, headers: { "sec-fetch-site": "cross-site" } });
    expect(crossSite.statusCode).toBe(403);
    const sameOrigin = await app.inject({
      method: "POST",
      url: "/api/register",
      payload: body,
      headers: { origin: "http://localhost:80", host: "localhost:80", "sec-fetch-site": "same-origin" },
    });
    expect(sameOrigin.statusCode).toBe(200);
    const script = await app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password: body.password } });
    expect(script.statusCode).toBe(200);
  });

  it("accepts JSON bodies only for mutations (415 otherwise)", async () => {
    const { app } = testApp();
    const refusedBodies = [
      { url: "/api/login", payload: "username=a&password=b", type: "application/x-www-form-urlencoded" },
      { url: "/trpc/auth.login", payload: '{"username":"a","password":"b"}', type: "text/plain" },
    ];
    for (const { url, payload, type } of refusedBodies) {
      const answer = await app.inject({ method: "POST", url, payload, headers: { "content-type": type } });
      expect(answer.statusCode, url).toBe(415);
      if (url.startsWith("/api/")) expect(answer.json().message).toMatch(/JSON/);
    }
  });

  it("answers 413 for a body over the limit, and 400 for broken JSON", async () => {
    const { app } = testApp();
    const huge = await app.inject({ method: "POST", url: "/api/register", payload: { ...newPatient(), firstName: "x".repeat(BODY_LIMIT_BYTES) } });
    expect(huge.statusCode).toBe(413);
    expect(huge.json().message).toMatch(/too large/);
    const broken = await app.inject({ method: "POST", url: "/api/login", payload: "{not json", headers: { "content-type": "application/json" } });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toMatch(/not valid JSON/);
  });

  it("throttles failed logins per account with a clear 429 that expires", async () => {
    const { app, advance } = testApp();
    const { body } = await register(app);
    const attempt = (password: string, ip = "10.0.0.1") =>
      app.inject({ method: "POST", url: "/api/login", payload: { username: body.username, password }, remoteAddress: ip });
    for (let i = 0; i < 5; i += 1) expect((await attempt("wrong-password-guess")).statusCode).toBe(401);
    const throttled = await attempt(String(body.password), "10.0.0.2");
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(throttled.headers["retry-after"])).toBeGreaterThan(0);
    // Never permanent: once the window has passed, the owner signs in.
    advance(16 * 60_000);
    expect((await attempt(String(body.password), "10.0.0.2")).statusCode).toBe(200);
  });

  it("throttles failed logins per address across accounts", async () => {
    const { app } = testApp();
    const ip = "10.9.9.9";
    let last = 0;
    // Guessed as the web app signs in (an authKey: one hash each, where a plain password costs a derivation too).
    for (let i = 0; i < 31; i += 1) {
      const response = await app.inject({
        method: "POST",
        url: "/api/login",
        payload: { username: `ghost${i}`, authKey: "A".repeat(43) },
        remoteAddress: ip,
      });
      last = response.statusCode;
    }
    expect(last).toBe(429);
    const elsewhere = await app.inject({
      method: "POST",
      url: "/api/login",
      payload: { username: "ghost-x", password: "wrong-password-guess" },
      remoteAddress: "10.9.9.10",
    });
    expect(elsewhere.statusCode).toBe(401);
  });

  it("answers a server fault with 500 and no internals", async () => {
    const { app } = testApp();
    const { cookie } = await register(app);
    const original = app.clinic.db.selectFrom.bind(app.clinic.db);
    app.clinic.db.selectFrom = (() => {
      throw new Error("SQLITE_CORRUPT secret internals at /srv/db");
    }) as typeof app.clinic.db.selectFrom;
    try {
      const response = await app.inject({ method: "GET", url: "/api/user", headers: { cookie: cookie! } });
      expect(response.statusCode).toBe(500);
      expect(response.body).not.toMatch(/SQLITE|secret|\/srv|stack/);
      expect(response.json().message).toMatch(/Something went wrong on our side/);
    } finally {
      app.clinic.db.selectFrom = original;
    }
  });

  it("redirects GET /api/login to the sign-in page and publishes the OpenAPI document", async () => {
    const { app } = testApp();
    const login = await app.inject({ method: "GET", url: "/api/login" });
    expect(login.statusCode).toBe(302);
    expect(login.headers.location).toBe("/auth");
    const openapi = await app.inject({ method: "GET", url: "/api/openapi.json" });
    const document = openapi.json();
    expect(document.openapi).toMatch(/^3\./);
    expect(Object.keys(document.paths)).toEqual(expect.arrayContaining(["/user", "/login", "/register", "/logout", "/doctors"]));
    expect(document.paths["/login"].post).toBeDefined();
  });

  it("answers health and readiness", async () => {
    const { app } = testApp();
    expect((await app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({ status: "ok" });
    const ready = await app.inject({ method: "GET", url: "/readyz" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().status).toBe("ready");
  });

  it("serves the same procedures over tRPC", async () => {
    const { app } = testApp();
    const { cookie, body } = await register(app);
    const me = await app.inject({ method: "GET", url: "/trpc/auth.me", headers: { cookie: cookie! } });
    expect(me.statusCode).toBe(200);
    expect(me.json().result.data.username).toBe(body.username);
    const signedOut = await app.inject({ method: "GET", url: "/trpc/auth.me" });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.data.code).toBe("UNAUTHORIZED");
  });
});

describeApp(
  "the web app",
  (testApp) => {
    it("serves the single-page app for pages, and 404s for missing files and API paths", async () => {
      const { app } = testApp();
      const page = await app.inject({ method: "GET", url: "/appointments?view=week" });
      expect(page.statusCode).toBe(200);
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.body).toContain('<div id="root">');
      expect((await app.inject({ method: "GET", url: "/assets/app.js" })).statusCode).toBe(200);
      expect((await app.inject({ method: "GET", url: "/assets/missing.js" })).statusCode).toBe(404);
      expect((await app.inject({ method: "GET", url: "/api/no-such-thing" })).json().code).toBe("NOT_FOUND");
    });
  },
  { WEB_DIST: aBuiltWebApp() },
);

/** A stand-in for apps/web/dist, so this test needs no web build. */
function aBuiltWebApp(): string {
  const dir = mkdtempSync(join(tmpdir(), "halcyon-web-"));
  mkdirSync(join(dir, "assets"));
  writeFileSync(join(dir, "index.html"), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, "assets", "app.js"), "export {};");
  return dir;
}
