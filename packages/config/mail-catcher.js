// A real SMTP server (smtp-server) for tests and measurements: the API's tests, the browser tests
// and the bench all start this one. It lives here, with the other tooling, because @halcyon/config
// is the one package every other may use (docs/architecture.md), and it knows nothing of the app.
// Each message's Message-ID is read from its header block, counted and timed; with `parse` (the
// default) the whole message is also kept as mailparser reads it, which a bench of 10,000
// messages turns off so that the catcher costs little of the machine it shares with the server.
import { performance } from "node:perf_hooks";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

const WAIT_MS = 30_000;
const MESSAGE_ID = /^message-id:\s*(<[^>\r\n]+>)/im;
/** The header block ends at the first blank line; a Message-ID is near its top anyway. */
const HEADER_END = "\r\n\r\n";

/** @type {import("./mail-catcher").startMailCatcher} */
export async function startMailCatcher({ parse = true } = {}) {
  /** @type {import("mailparser").ParsedMail[]} */
  const messages = [];
  /** @type {Map<string, number>} */
  const seen = new Map();
  /** @type {Set<() => void>} */
  const waiters = new Set();
  /** @type {import("./mail-catcher").CatcherAnswer} */
  let mode = "accept";
  let attempts = 0;
  let received = 0;
  let withoutId = 0;
  /** @type {number | undefined} */
  let firstAt;
  /** @type {number | undefined} */
  let lastAt;

  /** Counts an accepted message, answers the client, and wakes the waiters. */
  const accept = (/** @type {string} */ header, /** @type {(error?: Error | null, message?: string) => void} */ callback) => {
    const end = header.indexOf(HEADER_END);
    const id = MESSAGE_ID.exec(end === -1 ? header : header.slice(0, end))?.[1];
    if (id) seen.set(id, (seen.get(id) ?? 0) + 1);
    else withoutId += 1;
    received += 1;
    lastAt = performance.now();
    firstAt ??= lastAt;
    callback(null, `Ok: queued as catcher-${received}`);
    for (const wake of waiters) wake();
  };

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    // Many connections at once, as a real relay takes them.
    maxClients: 100,
    // A hung message's connection is not waited for at close.
    closeTimeout: 500,
    onData(stream, _session, callback) {
      attempts += 1;
      const answer = mode;
      let header = "";
      /** @type {Buffer[]} */
      const chunks = [];
      stream.on("data", (/** @type {Buffer} */ chunk) => {
        if (parse) chunks.push(chunk);
        if (!header.includes(HEADER_END)) header += chunk.toString("latin1");
      });
      stream.once("end", () => {
        if (answer === "hang") return;
        if (answer !== "accept") {
          callback(Object.assign(new Error(answer.message), { responseCode: answer.code }));
          return;
        }
        if (!parse) return accept(header, callback);
        simpleParser(Buffer.concat(chunks)).then(
          (parsed) => {
            messages.push(parsed);
            accept(header, callback);
          },
          (/** @type {Error} */ error) => callback(error),
        );
      });
    },
  });
  // A client killed mid-message resets its connection (ECONNRESET): that is the fault a crash test
  // causes, not the catcher's, and the message simply does not count.
  server.on("error", () => {});
  await new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(undefined)));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.server.address());

  /** @type {<T>(check: () => T | undefined, timeoutMs: number, what: string) => Promise<T>} */
  const until = (check, timeoutMs, what) =>
    new Promise((resolve, reject) => {
      const look = () => {
        const found = check();
        if (found === undefined) return;
        waiters.delete(look);
        clearTimeout(timer);
        resolve(found);
      };
      const timer = setTimeout(() => {
        waiters.delete(look);
        reject(new Error(`the mail catcher waited ${timeoutMs} ms for ${what}; it has ${received} messages`));
      }, timeoutMs);
      waiters.add(look);
      look();
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    answer: (next) => void (mode = next),
    attempts: () => attempts,
    received: () => received,
    repeats: () => new Map([...seen].filter(([, count]) => count > 1)),
    distinct: () => seen.size,
    withoutId: () => withoutId,
    firstAt: () => firstAt,
    lastAt: () => lastAt,
    waitFor: (predicate, timeoutMs = WAIT_MS) => until(() => messages.find(predicate), timeoutMs, "a message"),
    waitForCount: (count, timeoutMs = WAIT_MS) => until(() => (received >= count ? messages : undefined), timeoutMs, `${count} messages`),
    close: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}
