// A notice's link as its recipient gets it, for a clinic of the test's own: the newest notice of a
// kind is read from the clinic's database (its SQLite file in DATA_DIR), its kind composed from its
// params, and its signed link signed with the server's secrets key (DATA_DIR/secrets.key), as the
// outbox's worker does when it sends it. No mail server is needed.
import { readFileSync } from "node:fs";
import { join } from "node:path";

// The server's own signing, run in this Node process (never in the browser bundle), so the links are exactly the worker's.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports
import { composeNotice, createServerSecrets, noticeKind, signLink } from "@halcyon/domain";
import Database from "better-sqlite3";

/** The app's path and `?token=…` of the newest `kind` notice for the member named `username`. */
export function noticeLinkFor(dataDir: string, username: string, kind: string): string {
  const db = new Database(join(dataDir, "halcyon.db"), { readonly: true });
  let row: { user_id: number; params: string } | undefined;
  try {
    row = db
      .prepare(`SELECT n.user_id, n.params FROM notices n JOIN users u ON u.id = n.user_id WHERE u.username = ? AND n.kind = ? ORDER BY n.id DESC LIMIT 1`)
      .get(username, kind) as typeof row;
  } finally {
    db.close();
  }
  if (!row) throw new Error(`no ${kind} notice for ${username}`);
  const content = composeNotice(
    noticeKind(kind)!,
    JSON.parse(row.params),
    { userId: row.user_id, firstName: "", timeZone: "UTC" },
    { clinicName: "", nameClinician: false },
  );
  const link = content.actions.find((action) => action.link.signed)!.link;
  const secrets = createServerSecrets(Buffer.from(readFileSync(join(dataDir, "secrets.key"), "utf8").trim(), "hex"));
  return `${link.path}?token=${signLink(secrets, { ...link.signed!, userId: row.user_id })}`;
}
