import { afterEach, describe, expect, it, vi } from "vitest";

import { downloadBackup, filenameFromContentDisposition, formatBytes } from "./backup";

describe("filenameFromContentDisposition", () => {
  const now = new Date("2026-11-20T12:00:00Z");
  it("takes the server's file name, plain or encoded", () => {
    expect(filenameFromContentDisposition('attachment; filename="halcyon-2026-11-20T12-00-00-000Z.db"', now)).toBe("halcyon-2026-11-20T12-00-00-000Z.db");
    expect(filenameFromContentDisposition("attachment; filename*=UTF-8''clinic%20backup.db", now)).toBe("clinic backup.db");
  });

  it("never lets a name climb out of the downloads folder, and falls back to a dated name", () => {
    expect(filenameFromContentDisposition('attachment; filename="../../etc/passwd"', now)).toBe("passwd");
    expect(filenameFromContentDisposition(null, now)).toBe("halcyon-backup-2026-11-20.db");
  });
});

describe("downloadBackup", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (body: BodyInit, init: ResponseInit) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(body, init)),
    );

  it("saves the snapshot under the server's name", async () => {
    answer(new Uint8Array([1, 2, 3]), {
      status: 200,
      headers: { "content-type": "application/vnd.sqlite3", "content-disposition": 'attachment; filename="h.db"' },
    });
    const save = vi.fn();
    expect(await downloadBackup(save)).toEqual({ kind: "saved", filename: "h.db", bytes: 3 });
    expect(save).toHaveBeenCalledOnce();
  });

  it("explains instead of saving when the server says this database is backed up another way", async () => {
    answer(JSON.stringify({ code: "CONFLICT", message: "run pg_dump" }), { status: 409, headers: { "content-type": "application/json" } });
    const save = vi.fn();
    expect(await downloadBackup(save)).toEqual({ kind: "explained", message: "run pg_dump" });
    expect(save).not.toHaveBeenCalled();
  });

  it("reports a lost session and other refusals", async () => {
    answer("", { status: 401 });
    expect(await downloadBackup(vi.fn())).toEqual({ kind: "signed-out" });
    answer(JSON.stringify({ message: "You do not have permission to do that." }), { status: 403, headers: { "content-type": "application/json" } });
    expect(await downloadBackup(vi.fn())).toEqual({ kind: "failed", message: "You do not have permission to do that." });
  });
});

describe("formatBytes", () => {
  it("speaks in the nearest unit", () => {
    expect(formatBytes(512)).toBe("512 bytes");
    expect(formatBytes(2.5 * 1024 * 1024)).toBe("2.5 MB");
    expect(formatBytes(300 * 1024)).toBe("300 KB");
  });
});
