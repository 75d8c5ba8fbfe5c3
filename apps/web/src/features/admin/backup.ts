// Backup Database: the server answers a SQLite snapshot as a file, or, on PostgreSQL, a 409 that
// explains the pg_dump route. The page asks first and only then saves, so it never pretends.

export const BACKUP_PATH = "/api/admin/backup";

export type BackupResult =
  { kind: "saved"; filename: string; bytes: number } | { kind: "explained"; message: string } | { kind: "signed-out" } | { kind: "failed"; message: string };

/** The file name a Content-Disposition header offers, or a dated fallback. */
export function filenameFromContentDisposition(header: string | null, now = new Date()): string {
  const fallback = `halcyon-backup-${now.toISOString().slice(0, 10)}.db`;
  if (!header) return fallback;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return sanitize(decodeURIComponent(encoded)) || fallback;
    } catch {
      // fall through to the plain form
    }
  }
  const plain = /filename\s*=\s*"([^"]+)"/i.exec(header)?.[1] ?? /filename\s*=\s*([^;\s]+)/i.exec(header)?.[1];
  return (plain && sanitize(plain)) || fallback;
}

/** No directories, no control characters: only a name to save under. */
function sanitize(name: string): string {
  const base = name.split(/[/\\]/).at(-1) ?? "";
  return Array.from(base)
    .filter((character) => character.charCodeAt(0) >= 0x20)
    .join("")
    .trim();
}

async function messageOf(response: Response): Promise<string | null> {
  try {
    const body: unknown = await response.json();
    if (typeof body === "object" && body !== null && "message" in body && typeof body.message === "string") return body.message;
  } catch {
    // not JSON
  }
  return null;
}

/** Asks the server for a snapshot and hands it to the browser's downloads. */
export async function downloadBackup(save: (blob: Blob, filename: string) => void = saveBlob): Promise<BackupResult> {
  let response: Response;
  try {
    response = await fetch(BACKUP_PATH, { credentials: "include", headers: { accept: "application/vnd.sqlite3, application/json" } });
  } catch {
    return { kind: "failed", message: "The server could not be reached. Please check the connection and try again." };
  }
  if (response.status === 401) return { kind: "signed-out" };
  const isJson = response.headers.get("content-type")?.includes("application/json") ?? false;
  if (!response.ok || isJson) {
    const message = (await messageOf(response)) ?? `The backup could not be made (${response.status} ${response.statusText}).`;
    return response.status === 409 ? { kind: "explained", message } : { kind: "failed", message };
  }
  const blob = await response.blob();
  const filename = filenameFromContentDisposition(response.headers.get("content-disposition"));
  save(blob, filename);
  return { kind: "saved", filename, bytes: blob.size };
}

function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = filename;
  link.rel = "noopener";
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the blob goes.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "2.4 MB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  const units = ["KB", "MB", "GB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
