// The audit chain's key lives outside the database and its backups, so that whoever holds a copy
// of the database cannot rewrite the log and re-chain it: AUDIT_KEY, or else DATA_DIR/audit.key,
// made on the first start (readable by the server's user only). Keep a copy of it apart from the
// backups: without it the chain cannot be verified.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AuditKey } from "@halcyon/db";
import type { Env } from "./env";

const KEY_FILE = "audit.key";

export function loadAuditKey(env: Pick<Env, "AUDIT_KEY" | "DATA_DIR">): AuditKey {
  if (env.AUDIT_KEY) return env.AUDIT_KEY;
  const file = join(env.DATA_DIR, KEY_FILE);
  const existing = readKey(file);
  if (existing) return existing;
  mkdirSync(env.DATA_DIR, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const made = readKey(file);
  if (!made) throw new Error(`${file} does not hold an audit key (64 hexadecimal digits)`);
  return made;
}

function readKey(file: string): AuditKey | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} does not hold an audit key (64 hexadecimal digits)`);
  return Buffer.from(text, "hex");
}
