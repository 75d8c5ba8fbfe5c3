import { describeEachDatabase, TEST_SECRETS_KEY } from "@halcyon/db/testing";
import { expect, it } from "vitest";
import { accountsWithDemoPasswords, createClinicServices, createUser, DEFAULT_CLINIC_CONFIG, DEMO_PASSWORDS } from "../src/index";

describeEachDatabase("demo passwords", (database) => {
  const services = () => createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: database(), config: DEFAULT_CLINIC_CONFIG });
  const person = { firstName: "Ada", lastName: "Byrne", phoneNumber: "(555) 010-0000", dateOfBirth: "1980-01-01" };

  it("finds the demo accounts that still have their published password, and only those", async () => {
    expect(await accountsWithDemoPasswords(services())).toEqual([]);
    await createUser(services(), { ...person, username: "Admin", password: "keys-of-our-own-3", role: "admin" });
    await createUser(services(), { ...person, username: "alex", password: DEMO_PASSWORDS.patient, role: "patient" });
    await createUser(services(), { ...person, username: "dr.okafor", password: DEMO_PASSWORDS.doctor, role: "doctor", specialization: "Couples Therapy" });
    // The published password on an account the demo never had is not the demo's.
    await createUser(services(), { ...person, username: "harbour", password: DEMO_PASSWORDS.admin, role: "admin" });
    expect(await accountsWithDemoPasswords(services())).toEqual(["alex", "dr.okafor"]);
  });
});
