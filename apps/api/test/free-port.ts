import { createServer } from "node:net";

/**
 * A port nothing listens on now, for a built server a test starts: the system's choice, closed
 * again at once. A random pick in a range could land on a server another test file started at
 * the same moment, and the test would wait for an answer that never comes.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}
