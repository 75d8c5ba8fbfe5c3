// The audit chain's key lives outside the database and its backups, so that whoever holds a copy
// of the database cannot rewrite the log and re-chain it: AUDIT_KEY, or else DATA_DIR/audit.key.
// Without it the chain cannot be verified.
import type { AuditKey } from "@halcyon/db";
import type { Env } from "./env";
import { loadKeyFile } from "./key-files";

export function loadAuditKey(env: Pick<Env, "AUDIT_KEY" | "DATA_DIR">): AuditKey {
  return loadKeyFile(env.AUDIT_KEY, env.DATA_DIR, "audit.key", "an audit key");
}

/**
 * The server's secrets key (SECRETS_KEY, or else DATA_DIR/secrets.key): what the server keeps
 * secret from a copy of its own database, such as the two-step authenticators' secrets, is
 * encrypted or derived under keys derived from it (domain/src/secrets.ts).
 */
export function loadSecretsKey(env: Pick<Env, "SECRETS_KEY" | "DATA_DIR">): Buffer {
  return loadKeyFile(env.SECRETS_KEY, env.DATA_DIR, "secrets.key", "a secrets key");
}
