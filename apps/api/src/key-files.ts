// Keys that live outside the database and its backups, so that whoever holds a copy of the
// database holds neither: given in the environment (64 hex digits), or else kept in a file under
// DATA_DIR, made on the first start and readable by the server's user only. Keep a copy of each
// apart from the backups.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The key given in the environment, else the one in `DATA_DIR/fileName` (made now if missing). */
export function loadKeyFile(given: Buffer | undefined, dataDir: string, fileName: string, what: string): Buffer {
  if (given) return given;
  const file = join(dataDir, fileName);
  const existing = readKey(file, what);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(file, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    // Another process made it first: theirs is the key.
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const made = readKey(file, what);
  if (!made) throw new Error(`${file} does not hold ${what} (64 hexadecimal digits)`);
  return made;
}

function readKey(file: string, what: string): Buffer | undefined {
  let text: string;
  try {
    text = readFileSync(file, "utf8").trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
  if (!/^[0-9a-fA-F]{64}$/.test(text)) throw new Error(`${file} does not hold ${what} (64 hexadecimal digits)`);
  return Buffer.from(text, "hex");
}
