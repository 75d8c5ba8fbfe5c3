// The built web app as a browser receives it: hashed assets compressed (brotli or gzip, as the
// browser accepts) and cached for a year, index.html revalidated every time.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, expect, it } from "vitest";
import { describeApp } from "./helper";

// A small built web app, as `vite build` leaves it: each asset with its .br and .gz beside it.
const webDist = mkdtempSync(join(tmpdir(), "halcyon-web-"));
const SCRIPT = `console.log(${JSON.stringify("calm ".repeat(400))});`;
mkdirSync(join(webDist, "assets"));
writeFileSync(join(webDist, "index.html"), '<!doctype html><script type="module" src="/assets/index-AbC123.js"></script>');
writeFileSync(join(webDist, "assets", "index-AbC123.js"), SCRIPT);
writeFileSync(join(webDist, "assets", "index-AbC123.js.br"), brotliCompressSync(SCRIPT));
writeFileSync(join(webDist, "assets", "index-AbC123.js.gz"), gzipSync(SCRIPT));
afterAll(() => rmSync(webDist, { recursive: true, force: true }));

const IMMUTABLE = "public, max-age=31536000, immutable";

describeApp(
  "the built web app",
  (testApp) => {
    it("sends hashed assets compressed as the browser accepts, cached as immutable for a year", async () => {
      const { app } = testApp();
      const asset = (encoding?: string) =>
        app.inject({ method: "GET", url: "/assets/index-AbC123.js", headers: encoding ? { "accept-encoding": encoding } : {} });

      const brotli = await asset("gzip, deflate, br");
      expect(brotli.statusCode).toBe(200);
      expect(brotli.headers["content-encoding"]).toBe("br");
      expect(brotli.headers["cache-control"]).toBe(IMMUTABLE);
      expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);

      const gzip = await asset("gzip");
      expect(gzip.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

      const plain = await asset();
      expect(plain.headers["content-encoding"]).toBeUndefined();
      expect(plain.body).toBe(SCRIPT);
      expect(plain.headers["cache-control"]).toBe(IMMUTABLE);
    });

    it("never caches index.html, whether asked for by name or as any page of the app", async () => {
      const { app } = testApp();
      for (const url of ["/index.html", "/", "/appointments"]) {
        const page = await app.inject({ method: "GET", url, headers: { "accept-encoding": "br" } });
        expect(page.statusCode, url).toBe(200);
        expect(page.headers["cache-control"], url).toBe("no-cache");
        expect(page.body, url).toContain("/assets/index-AbC123.js");
      }
    });
  },
  { WEB_DIST: webDist },
);
