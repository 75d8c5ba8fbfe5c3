// Runs in Chromium, not in Node: the timing loops of the `sealing` measurement (sealing.ts), bundled
// by Vite together with @halcyon/sealed (packages/sealed/src/index.ts, and jose) into one IIFE
// that defines `HalcyonSealingBench` in the page. Built apart from tsx, so nothing here depends on
// its helpers; the page calls it with one page.evaluate per measurement.
import { newKeyPair, openMessage, sealFile, sealMessage, unextractableKey } from "@halcyon/sealed";

export interface MessageTimings {
  seal: number[];
  openKept: number[];
  openJwk: number[];
  envelopeChars: number;
}

export interface FileRun {
  sealMs: number;
  uploadMs: number;
  totalMs: number;
  status: number;
  id?: number;
}

export interface FileTimings {
  runs: FileRun[];
  sealedBytes: number;
}

const SENTENCE = "I tried the breathing exercise twice today and it helped me fall asleep; the evenings are calmer. ";

async function timed(run: () => Promise<unknown>, runs: number, warmUp: number): Promise<number[]> {
  for (let i = 0; i < warmUp; i += 1) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times;
}

/**
 * A `chars`-character message sealed to three fresh P-256 keys (public keys as JWKs, imported on
 * each call, as the chat seals), then opened with one of their private keys: kept non-extractable
 * (unextractableKey, as the web app keeps it), and as the JWK.
 */
export async function messages({ chars, runs, warmUp }: { chars: number; runs: number; warmUp: number }): Promise<MessageTimings> {
  const pairs = await Promise.all([newKeyPair(), newKeyPair(), newKeyPair()]);
  const recipients = pairs.map((pair) => ({ kid: pair.kid, publicKey: pair.publicKey }));
  const text = SENTENCE.repeat(Math.ceil(chars / SENTENCE.length)).slice(0, chars);
  const mine = pairs[1];
  if (!mine) throw new Error("no key pair");
  const kept = { kid: mine.kid, privateKey: await unextractableKey(mine.privateKey) };
  const asJwk = { kid: mine.kid, privateKey: mine.privateKey };

  let envelope = await sealMessage({ text }, recipients);
  const seal = await timed(
    async () => {
      envelope = await sealMessage({ text }, recipients);
    },
    runs,
    warmUp,
  );
  const openKept = await timed(
    async () => {
      const opened = await openMessage(envelope, kept);
      if (opened.text !== text) throw new Error("the message did not open to its words");
    },
    runs,
    warmUp,
  );
  const openJwk = await timed(() => openMessage(envelope, asJwk), runs, warmUp);
  return { seal, openKept, openJwk, envelopeChars: envelope.length };
}

/**
 * `bytes` random bytes (as incompressible as a photo or a PDF) sealed with sealFile and uploaded as
 * the chat uploads them (apps/web/src/lib/messaging-keys/sealing.ts, uploadSealedFile), `runs`
 * times after one warm-up; the page must be signed in. The body is the sealed Uint8Array itself
 * ("bytes", as the chat sends it) or a Blob of it ("blob": the same bytes on the wire, but not
 * copied into DevTools' events, see sealing.ts).
 */
export async function files({ bytes, runs, body }: { bytes: number; runs: number; body: "blob" | "bytes" }): Promise<FileTimings> {
  const plain = new Uint8Array(bytes);
  // getRandomValues fills at most 64 KiB a call.
  for (let offset = 0; offset < bytes; offset += 65_536) crypto.getRandomValues(plain.subarray(offset, Math.min(bytes, offset + 65_536)));
  let sealedBytes = 0;
  const once = async (): Promise<FileRun> => {
    const started = performance.now();
    const { sealed } = await sealFile(plain);
    const sealedAt = performance.now();
    sealedBytes = sealed.byteLength;
    const response = await fetch("/api/attachments", {
      method: "POST",
      credentials: "include",
      headers: { "content-type": "application/octet-stream" },
      body: body === "blob" ? new Blob([sealed]) : sealed,
    });
    const answer = (await response.json()) as { id?: number };
    const done = performance.now();
    return {
      sealMs: sealedAt - started,
      uploadMs: done - sealedAt,
      totalMs: done - started,
      status: response.status,
      ...(answer.id !== undefined ? { id: answer.id } : {}),
    };
  };
  await once();
  const results: FileRun[] = [];
  for (let i = 0; i < runs; i += 1) results.push(await once());
  return { runs: results, sealedBytes };
}
