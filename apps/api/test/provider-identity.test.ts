// Who the clinic and its clinicians are on superbills and estimates (issue 35): the clinic's
// address, EIN and organisation NPI in the admin's settings, each doctor's licence and NPI kept by
// admins and read by the doctor themselves; malformed identifiers refused with nothing written.
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { aPatient, aStaffMember, type SignedIn } from "./clinic-helpers";
import { describeApp } from "./helper";

function call(app: FastifyInstance, who: SignedIn, method: "GET" | "PUT", url: string, payload?: unknown) {
  return app.inject({ method, url, headers: { cookie: who.cookie }, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

describeApp("provider identity", (testApp) => {
  it("keeps the clinic's address, EIN and NPI in its settings, refusing malformed ones", async () => {
    const { app } = testApp();
    const admin = await aStaffMember(app, "admin");
    const settings = (await call(app, admin, "GET", "/api/admin/settings")).json();
    expect(settings).toMatchObject({ clinicAddress: null, clinicEin: null, clinicNpi: null });

    for (const [field, value, message] of [
      ["clinicEin", "123456789", /NN-NNNNNNN/],
      ["clinicNpi", "1234567890", /does not check/],
      ["clinicNpi", "12345", /10 digits/],
    ] as const) {
      const refused = await call(app, admin, "PUT", "/api/admin/settings", { ...settings, [field]: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().issues).toEqual([{ path: field, message: expect.stringMatching(message) }]);
    }
    expect((await call(app, admin, "GET", "/api/admin/settings")).json()).toMatchObject({ clinicEin: null, clinicNpi: null });

    const saved = await call(app, admin, "PUT", "/api/admin/settings", {
      ...settings,
      clinicAddress: "12 Harbour Street\nPortland, ME 04101",
      clinicEin: "12-3456789",
      clinicNpi: "1234567893",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ clinicAddress: "12 Harbour Street\nPortland, ME 04101", clinicEin: "12-3456789", clinicNpi: "1234567893" });
    // Empty removes one.
    const cleared = await call(app, admin, "PUT", "/api/admin/settings", { ...(saved.json() as Record<string, unknown>), clinicNpi: "" });
    expect(cleared.json()).toMatchObject({ clinicEin: "12-3456789", clinicNpi: null });
  });

  it("lets admins set a doctor's licence and NPI, the doctor read theirs, and nobody else either", async () => {
    const { app } = testApp();
    const [admin, doctor, colleague, patient] = [
      await aStaffMember(app, "admin"),
      await aStaffMember(app, "doctor"),
      await aStaffMember(app, "doctor"),
      await aPatient(app),
    ];
    const url = `/api/doctors/${doctor.id}/credentials`;
    expect((await call(app, doctor, "GET", url)).json()).toMatchObject({ doctorId: doctor.id, licence: null, npi: null });

    const bad = await call(app, admin, "PUT", url, { licence: "LCSW 123456 (NY)", npi: "1234567894" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().issues).toEqual([{ path: "npi", message: expect.stringMatching(/does not check/) }]);
    expect((await call(app, doctor, "GET", url)).json()).toMatchObject({ licence: null });

    const set = await call(app, admin, "PUT", url, { licence: "LCSW 123456 (NY)", npi: "1234567893" });
    expect(set.statusCode, set.body).toBe(200);
    expect((await call(app, doctor, "GET", url)).json()).toMatchObject({ licence: "LCSW 123456 (NY)", npi: "1234567893" });

    expect((await call(app, doctor, "PUT", url, { licence: "Anything", npi: null })).statusCode).toBe(403);
    expect((await call(app, colleague, "GET", url)).statusCode).toBe(404);
    expect((await call(app, patient, "GET", url)).statusCode).toBe(403);
    // A patient is not a doctor: there is nothing to set.
    expect((await call(app, admin, "PUT", `/api/doctors/${patient.id}/credentials`, { licence: null, npi: null })).statusCode).toBe(404);
    const audit = await app.clinic.db
      .selectFrom("audit_log")
      .select("actor_id")
      .where("action", "=", "admin.credentials_update")
      .where("target_id", "=", String(doctor.id))
      .execute();
    expect(audit).toEqual([{ actor_id: admin.id }]);
  });
});
