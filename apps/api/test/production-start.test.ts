// No published passwords in a deployment: in production the server refuses to start while any
// account still has its demo password, and says which.
import { createTestDatabase, describeEachDatabase, TEST_SECRETS_KEY } from "@halcyon/db/testing";
import {
  accountsWithDemoPasswords,
  createClinicServices,
  createUser,
  DEFAULT_CLINIC_CONFIG,
  isEmptyClinic,
  resetPassword,
  seedDemoClinic,
} from "@halcyon/domain";
import { expect, it } from "vitest";
import { buildApp } from "../src/app";
import { parseEnv } from "../src/env";
import { StartRefused } from "../src/plugins/database";
import { TEST_ENV } from "./helper";

const FIRST_ADMIN = {
  username: "harbour.admin",
  role: "admin",
  firstName: "Ines",
  lastName: "Harbour",
  phoneNumber: "(555) 010-0000",
  dateOfBirth: "1975-05-05",
} as const;
const DEMO_USERNAMES = ["admin", "alex", "dr.lindqvist", "dr.moreau", "dr.okafor", "dr.vance", "jordan", "riley", "sam"];

/** The clinic's settings with the tests' light Argon2id: seeding the demo derives nine passwords. */
const LIGHT_KDF_CONFIG = {
  ...DEFAULT_CLINIC_CONFIG,
  passwordKdf: { ...DEFAULT_CLINIC_CONFIG.passwordKdf, memoryKiB: Number(TEST_ENV.PASSWORD_KDF_MEMORY_KIB) },
};

describeEachDatabase("starting in production", (database, kind) => {
  const start = (nodeEnv: "production" | "development") =>
    buildApp({
      env: parseEnv({
        NODE_ENV: nodeEnv,
        LOG_LEVEL: "silent",
        SEED_DEMO: "false",
        WEB_DIST: "/nonexistent",
        SECRETS_KEY: TEST_ENV.SECRETS_KEY!,
        PASSWORD_KDF_MEMORY_KIB: TEST_ENV.PASSWORD_KDF_MEMORY_KIB!,
      }),
      database: database(),
    });

  it("never seeds the demo clinic into an empty database, even when asked; one with its people starts", async () => {
    const empty = await createTestDatabase(kind);
    try {
      const services = createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: empty, config: LIGHT_KDF_CONFIG });
      const asked = () =>
        buildApp({
          env: parseEnv({
            NODE_ENV: "production",
            LOG_LEVEL: "silent",
            SEED_DEMO: "true",
            WEB_DIST: "/nonexistent",
            SECRETS_KEY: TEST_ENV.SECRETS_KEY!,
            PASSWORD_KDF_MEMORY_KIB: TEST_ENV.PASSWORD_KDF_MEMORY_KIB!,
          }),
          database: empty,
        });
      const refused = await asked().catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(StartRefused);
      expect((refused as Error).message).toMatch(/^Refusing to seed the demo clinic with NODE_ENV=production \(SEED_DEMO=true\): its passwords are published/);
      expect(await isEmptyClinic(services)).toBe(true);

      await createUser(services, { ...FIRST_ADMIN, password: "a-lantern-by-the-sea-4" });
      await (await asked()).close();
      expect(await accountsWithDemoPasswords(services)).toEqual([]);
    } finally {
      await empty.close();
    }
  });

  it("is refused while any account keeps its published demo password, naming each such account", async () => {
    const services = createClinicServices({ secretsKey: TEST_SECRETS_KEY, database: database(), config: LIGHT_KDF_CONFIG });
    // Nothing of the demo: the server starts.
    await (await start("production")).close();
    await seedDemoClinic(services);

    const refused = await start("production").catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(StartRefused);
    expect((refused as Error).message).toContain(`published demo password: ${DEMO_USERNAMES.join(", ")}.`);
    // Outside production the demo clinic is what it is for.
    await (await start("development")).close();

    for (const username of DEMO_USERNAMES.filter((name) => name !== "dr.okafor")) await resetPassword(services, username, "a-lantern-by-the-sea-4");
    const stillOne = await start("production").catch((error: unknown) => error);
    expect((stillOne as Error).message).toMatch(/this account still has its published demo password: dr\.okafor\. Give each a password of its own/);

    await resetPassword(services, "dr.okafor", "a-lantern-by-the-sea-4");
    await (await start("production")).close();
  });
});
