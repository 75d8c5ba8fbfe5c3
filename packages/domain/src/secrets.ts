// The server's secrets key never enters the database or its backups (apps/api/src/audit-key.ts
// loads it). Each use gets a key of its own, derived with HKDF-SHA256 under a label naming the
// use, so that no two uses ever share a key and none reveals another.
import { hkdfSync } from "node:crypto";

/** What a derived key is for; each label yields an independent key. */
export type SecretUse = "kdf-salts" | "totp-secrets" | "notice-links";

export interface ServerSecrets {
  /** The 32-byte key for one use, the same on every instance that shares the secrets key. */
  keyFor(use: SecretUse): Buffer;
}

export function createServerSecrets(secretsKey: Buffer): ServerSecrets {
  if (secretsKey.length < 32) throw new Error("the secrets key must be at least 32 bytes");
  const derived = new Map<SecretUse, Buffer>();
  return {
    keyFor(use) {
      let key = derived.get(use);
      if (!key) {
        key = Buffer.from(hkdfSync("sha256", secretsKey, Buffer.alloc(0), `halcyon/${use}`, 32));
        derived.set(use, key);
      }
      return key;
    },
  };
}
