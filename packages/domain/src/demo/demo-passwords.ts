// The demo clinic's passwords are published (README, product contract): a deployment must not
// keep them. Only the demo usernames that exist are checked, so the check costs a derivation and a
// hash per such account (none on a clinic that never had the demo).
import { findUserCredentials } from "@halcyon/db";
import { checkProof } from "../auth/verifiers";
import type { ClinicServices } from "../context";
import { DEMO_ACCOUNTS } from "./seed-demo-clinic";

/** Usernames of the accounts that still sign in with their published demo password. */
export async function accountsWithDemoPasswords(services: Pick<ClinicServices, "db" | "secrets" | "config">): Promise<string[]> {
  const matches = await Promise.all(
    [...DEMO_ACCOUNTS].map(async ([username, published]) => {
      const credentials = await findUserCredentials(services.db, username);
      return credentials && (await checkProof(services, credentials, username, { password: published })).proved ? credentials.user.username : null;
    }),
  );
  return matches.filter((username): username is string => username !== null).sort();
}
