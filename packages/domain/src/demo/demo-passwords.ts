// The demo clinic's passwords are published (README, product contract): a deployment must not
// keep them. Only the demo usernames that exist are checked, so the check costs one query and a
// hash per such account (none on a clinic that never had the demo).
import { passwordHashesOf } from "@halcyon/db";
import { verifyPassword } from "../auth/passwords";
import type { ClinicServices } from "../context";
import { DEMO_ACCOUNTS } from "./seed-demo-clinic";

/** Usernames of the accounts that still sign in with their published demo password. */
export async function accountsWithDemoPasswords(services: Pick<ClinicServices, "db">): Promise<string[]> {
  const accounts = await passwordHashesOf(services.db, [...DEMO_ACCOUNTS.keys()]);
  const matches = await Promise.all(
    accounts.map(async ({ username, passwordHash }) => {
      const published = DEMO_ACCOUNTS.get(username.toLowerCase());
      return published !== undefined && (await verifyPassword(passwordHash, published)) ? username : null;
    }),
  );
  return matches.filter((username): username is string => username !== null).sort();
}
