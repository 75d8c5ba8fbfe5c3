// Bad input is a 400 with a message, on every path: the admin's CSV and the calendar feed read
// their query with a schema as the JSON paths do, and what PostgreSQL cannot hold (U+0000 in
// text, an id past its integer) is refused at the edge rather than failing in the database.
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";
import { readyToMessage, sealedFor } from "./sealing";

function expectBadInput(response: { statusCode: number; body: string }, what: string): void {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(400);
  const body = JSON.parse(response.body) as { code: string; message: string };
  expect(body.code).toBe("BAD_REQUEST");
  expect(body.message.length).toBeGreaterThan(0);
}

describeApp("bad input is a 400", (testApp) => {
  let admin: SignedIn;
  let doctor: SignedIn;
  let patient: SignedIn;
  beforeAll(async () => {
    admin = await aStaffMember(testApp().app, "admin");
    doctor = await aStaffMember(testApp().app, "doctor");
    patient = await aPatient(testApp().app);
    await readyToMessage(testApp().app, patient, doctor);
  });

  it("refuses a bad audit-log CSV query with a 400 that names the field, and still serves a good one", async () => {
    const { app } = testApp();
    for (const query of ["limit=0", "actorId=abc", "from=x", "actorId=2147483648", "action=a%00b", "limit=1&limit=2&limit=x"]) {
      expectBadInput(await app.inject({ method: "GET", url: `/api/admin/audit-log.csv?${query}`, headers: { cookie: admin.cookie } }), query);
    }
    const named = await app.inject({ method: "GET", url: "/api/admin/audit-log.csv?from=x", headers: { cookie: admin.cookie } });
    expect(named.json().issues).toEqual([expect.objectContaining({ path: "from" })]);
    const good = await app.inject({ method: "GET", url: "/api/admin/audit-log.csv?limit=5", headers: { cookie: admin.cookie } });
    expect(good.statusCode).toBe(200);
    expect(good.headers["content-type"]).toContain("text/csv");
  });

  it("refuses a repeated or oversized calendar token with a 400, and an unknown one with a 404", async () => {
    const { app } = testApp();
    expectBadInput(await app.inject({ method: "GET", url: "/api/calendar.ics?token=a&token=b" }), "two tokens");
    expectBadInput(await app.inject({ method: "GET", url: `/api/calendar.ics?token=${"t".repeat(500)}` }), "a long token");
    expect((await app.inject({ method: "GET", url: "/api/calendar.ics?token=guess" })).statusCode).toBe(404);
  });

  it("refuses text holding U+0000 anywhere in an input, over REST and tRPC", async () => {
    const { app } = testApp();
    // Words with a NUL, and a sealed message with one slipped in: both refused for the NUL, before the message's schema reads them.
    const withNul = (await sealedFor(app, patient, doctor, "hello there")).replace('"ciphertext":"', '"ciphertext":"\u0000');
    expect(withNul).toContain("\u0000");
    for (const content of ["hello\u0000there", withNul]) {
      const refused = await app.inject({
        method: "POST",
        url: "/api/messages",
        payload: { receiverId: doctor.id, content },
        headers: { cookie: patient.cookie },
      });
      expectBadInput(refused, "a message");
      expect(refused.json().message).toBe("Text may not contain the NUL character (U+0000).");
    }
    expectBadInput(await app.inject({ method: "GET", url: "/api/patients?search=a%00", headers: { cookie: doctor.cookie } }), "a search");
    expectBadInput(await app.inject({ method: "POST", url: "/api/login", payload: { username: "ad\u0000min", password: "whatever-it-is" } }), "a username");
    for (const content of ["\u0000", withNul]) {
      const overTrpc = await app.inject({
        method: "POST",
        url: "/trpc/messages.send",
        payload: { receiverId: doctor.id, content },
        headers: { cookie: patient.cookie },
      });
      expect(overTrpc.statusCode).toBe(400);
    }
    // Nothing of it was stored.
    expect((await app.inject({ method: "GET", url: `/api/messages/${doctor.id}`, headers: { cookie: patient.cookie } })).json()).toEqual([]);
  });

  it("refuses ids beyond what the database stores with a 400, in paths, queries and bodies", async () => {
    const { app } = testApp();
    const huge = 2_147_483_648;
    expectBadInput(await app.inject({ method: "GET", url: `/api/messages/${huge}`, headers: { cookie: patient.cookie } }), "a path id");
    expectBadInput(await app.inject({ method: "GET", url: `/api/admin/users/${huge}/working-hours`, headers: { cookie: admin.cookie } }), "an admin path id");
    expectBadInput(await app.inject({ method: "GET", url: `/api/appointments?doctorId=${huge}`, headers: { cookie: patient.cookie } }), "a query id");
    // A message sealed as it should be: only its receiver's id is out of range.
    const hugeReceiver = await app.inject({
      method: "POST",
      url: "/api/messages",
      payload: { receiverId: huge, content: await sealedFor(app, patient, doctor, "hello") },
      headers: { cookie: patient.cookie },
    });
    expectBadInput(hugeReceiver, "a body id");
    expect(hugeReceiver.json().issues).toEqual([expect.objectContaining({ path: "receiverId" })]);
    // The largest id the database stores is still an id: it names no one, but it is not bad input.
    const largest = await app.inject({ method: "GET", url: "/api/messages/2147483647", headers: { cookie: patient.cookie } });
    expect([200, 403, 404]).toContain(largest.statusCode);
  });
});
