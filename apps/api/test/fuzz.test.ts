// Generated requests to every operation of the OpenAPI document and to the downloads, signed out
// and as each kind of session: whatever arrives, the answer is never a 5xx. The seed is fixed so
// a failure repeats; the counts keep the run under a minute on a quiet machine.
import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, expect, it } from "vitest";
import { aPatient, aStaffMember, book, signInAs, slotsOf, weekdayAhead } from "./clinic-helpers";
import { requestsFor, type FuzzRequest } from "./fuzz-inputs";
import { describeApp } from "./helper";
import { bodyChecker, DOORS_OUTSIDE_THE_DOCUMENT, fetchDocument, operationsOf, type Operation } from "./openapi-document";

const SEED = 20_261_125;
/** Runs per operation and caller: sessions that get past the door get the most. */
const RUNS = { "signed out": 4, "one-time password": 4, patient: 25, doctor: 25, admin: 25 } as const;
type Caller = keyof typeof RUNS;
/** Operations that end or change the fuzzing sessions themselves run last. */
const LAST = ["PATCH /admin/users/{id}", "POST /user/password", "POST /logout"];

/**
 * The doors that are files and not in the document: the CSV takes the audit log's query, the feed
 * its token; a record's PDF and an attachment are fetched by id, an attachment uploaded as bytes
 * (a JSON body is refused).
 */
function downloads(documented: Operation[]): Operation[] {
  const file = (path: string, queryParameters: Operation["queryParameters"], method: Operation["method"] = "GET"): Operation => ({
    key: `${method} ${path}`,
    method,
    path,
    pathParameters: [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name: name!,
      in: "path" as const,
      required: true,
      schema: { type: "integer", exclusiveMinimum: 0, maximum: 2_147_483_647 },
    })),
    queryParameters,
    body: undefined,
    answer: undefined,
  });
  const auditLog = documented.find((operation) => operation.key === "GET /admin/audit-log");
  if (!auditLog) throw new Error("the document lost GET /admin/audit-log");
  return [
    file("/admin/audit-log.csv", auditLog.queryParameters),
    file("/calendar.ics", [{ name: "token", in: "query", schema: { type: "string", maxLength: 60 } }]),
    file("/admin/backup", []),
    file("/billing/receivables.csv", []),
    file("/billing/patients/{patientId}/superbill.pdf", [
      { name: "from", in: "query", schema: { type: "string", maxLength: 20 } },
      { name: "to", in: "query", schema: { type: "string", maxLength: 20 } },
    ]),
    file("/billing/estimates/{id}/pdf", []),
    file("/billing/invoices/{id}/invoice.pdf", []),
    file("/billing/invoices/{id}/receipt.pdf", []),
    file("/patients/{id}/record.pdf", []),
    file("/attachments/{id}", []),
    file("/attachments", [], "POST"),
    file("/notices/unsubscribe", [{ name: "token", in: "query", schema: { type: "string", maxLength: 300 } }], "POST"),
    file("/notices/unsubscribe", [{ name: "token", in: "query", schema: { type: "string", maxLength: 300 } }]),
  ];
}

/** Everyone the fuzz signs in as, and a booking between the patient and the doctor so small ids name real records. */
async function callers(app: FastifyInstance): Promise<Record<Caller, string | undefined>> {
  const admin = await aStaffMember(app, "admin");
  const doctor = await aStaffMember(app, "doctor");
  const patient = await aPatient(app);
  const date = weekdayAhead(3);
  const [slot] = await slotsOf(app, patient, doctor.id, date);
  expect((await book(app, patient, { doctorId: doctor.id, startTime: slot })).statusCode).toBe(200);
  const opened = await app.inject({
    method: "POST",
    url: "/api/admin/users",
    payload: { username: `fuzzotp${Date.now()}`, role: "patient", firstName: "Ona", lastName: "Tam", phoneNumber: "(555) 404-0101", dateOfBirth: "1990-01-01" },
    headers: { cookie: admin.cookie },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  const oneTime = await signInAs(app, opened.json().user.username, opened.json().oneTimePassword);
  return { "signed out": undefined, "one-time password": oneTime.cookie, patient: patient.cookie, doctor: doctor.cookie, admin: admin.cookie };
}

describeApp("fuzz: generated requests to every documented operation", (testApp) => {
  let operations: { operation: Operation; requests: fc.Arbitrary<FuzzRequest> }[] = [];
  let cookies: Record<Caller, string | undefined>;
  let bodies: ReturnType<typeof bodyChecker>;

  beforeAll(async () => {
    const { app } = testApp();
    const document = await fetchDocument(app);
    const documented = operationsOf(document).sort((a, b) => LAST.indexOf(a.key) - LAST.indexOf(b.key));
    const doors = downloads(documented);
    // A door added outside the document is added here too.
    expect(doors.map((door) => door.key).sort()).toEqual([...DOORS_OUTSIDE_THE_DOCUMENT].sort());
    operations = [...doors, ...documented].map((operation) => ({ operation, requests: requestsFor(document, operation) }));
    cookies = await callers(app);
    bodies = bodyChecker(document);
  });

  // A fixed amount of work (some 5,000 requests, under a minute on a quiet machine): the timeout
  // only stops a hang, so it leaves room for a 2-core machine that is busy with other work.
  it("answers no generated request with a 5xx, signed out or as any role", { timeout: 600_000 }, async () => {
    const { app } = testApp();
    let sent = 0;
    for (const { operation, requests } of operations) {
      for (const caller of Object.keys(RUNS) as Caller[]) {
        const cookie = cookies[caller];
        await fc.assert(
          fc.asyncProperty(requests, async ({ url, payload }) => {
            sent += 1;
            const response = await app.inject({
              method: operation.method,
              url,
              headers: { ...(cookie ? { cookie } : {}), ...(payload === undefined ? {} : { "content-type": "application/json" }) },
              ...(payload === undefined ? {} : { payload }),
            });
            const what = `${caller}: ${operation.method} ${url} ${payload ?? ""} → ${response.body.slice(0, 300)}`;
            expect(response.statusCode, what).toBeLessThan(500);
            // A refusal is the documented error body, whatever the input.
            if (response.statusCode >= 400) expect(bodies.error(response.json()), what).toEqual([]);
          }),
          { seed: SEED, numRuns: RUNS[caller] },
        );
      }
    }
    expect(sent).toBeGreaterThan(3000);
  });
});
