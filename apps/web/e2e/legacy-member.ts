// A member as the clinic held them before the sign-in secrets were split (issue 33): a verifier
// that is Argon2id of the password itself (OWASP's parameters, as the server hashed it then), no
// derivation of their own yet, and a private messaging key sealed with the password as typed
// (PBES2). Written with plain SQL into a stopped clinic's database, as an older version left the
// rows; the server wraps such verifiers when it next starts.
import { join } from "node:path";

import { newKeyPair, newRecoveryCode, normalizeRecoveryCode, sealPrivateKey } from "@halcyon/sealed";
import argon2 from "argon2";
import Database from "better-sqlite3";

/** Turns member `userId` of the clinic in `dataDir` into one from before the split, whose password is `password`; answers their key's id. */
export async function makeLegacyMember(dataDir: string, userId: number, password: string): Promise<string> {
  const passwordHash = await argon2.hash(password, { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 });
  const pair = await newKeyPair();
  const { kty, crv, x, y } = pair.publicKey;
  const [sealedPrivateKey, sealedRecoveryKey] = await Promise.all([
    sealPrivateKey(pair.privateKey, password),
    sealPrivateKey(pair.privateKey, normalizeRecoveryCode(newRecoveryCode())),
  ]);
  const db = new Database(join(dataDir, "halcyon.db"));
  try {
    db.transaction(() => {
      db.prepare(
        `UPDATE users SET password_hash = ?, kdf = NULL, legacy_kdf = NULL, must_change_password = 0,
           one_time_password_expires_at = NULL, password_rules_version = 1 WHERE id = ?`,
      ).run(passwordHash, userId);
      db.prepare(`INSERT INTO member_keys (user_id, kid, public_key, sealed_private_key, sealed_recovery_key, created_at) VALUES (?, ?, ?, ?, ?, ?)`).run(
        userId,
        pair.kid,
        JSON.stringify({ kty, crv, x, y }),
        sealedPrivateKey,
        sealedRecoveryKey,
        new Date().toISOString(),
      );
    })();
  } finally {
    db.close();
  }
  return pair.kid;
}
