// Issue 33's start-up sweeps (verifiers.ts wrapLegacyVerifiers, totp-secret-seal.ts
// sealPlainTotpSecrets) look at every start for rows still in a form from before a migration:
// a pre-split password verifier, an authenticator secret stored as typed. Such rows only ever
// become fewer, so each sweep reads a partial index of just them: a start with none left reads
// two empty indexes, not every account.
// The predicates are the sweeps' own, to the letter (a partial index serves a query whose WHERE
// implies its own): users_unwrapped_legacy_idx for `kdf is null and legacy_kdf is null`,
// totp_factors_unsealed_idx for `secret not like 'v1.%'` ("v1." is the sealed form's prefix).
// Frozen: never edit a migration that has shipped; add a new one.
import { sql } from "kysely";
import type { MigrationDb } from "./dialect";

export async function up(db: MigrationDb): Promise<void> {
  await sql`create index users_unwrapped_legacy_idx on users (id) where kdf is null and legacy_kdf is null`.execute(db);
  await sql`create index totp_factors_unsealed_idx on totp_factors (user_id) where secret not like 'v1.%'`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index totp_factors_unsealed_idx`.execute(db);
  await sql`drop index users_unwrapped_legacy_idx`.execute(db);
}
