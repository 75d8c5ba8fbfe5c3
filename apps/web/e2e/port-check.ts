import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { createServer } from "node:net";

/** Resolves when `port` is free on 127.0.0.1; otherwise rejects, naming what holds it when it can. */
export async function assertPortFree(port: number): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen(port, "127.0.0.1", () => probe.close(() => resolve(true)));
  });
  if (free) return;
  const holder = processListeningOn(port);
  throw new Error(
    `Port ${port} is taken${holder ? ` by process ${holder.pid} (${holder.command})` : ""}. ` +
      "Stop it, or run the browser tests on another port with E2E_PORT.",
  );
}

/** Linux: the process whose socket listens on `port` (/proc/net/tcp gives the socket, /proc/<pid>/fd its owner). */
function processListeningOn(port: number): { pid: string; command: string } | undefined {
  try {
    const listening = ["/proc/net/tcp", "/proc/net/tcp6"]
      .flatMap((table) => readFileSync(table, "utf8").split("\n").slice(1))
      .map((line) => line.trim().split(/\s+/))
      .filter((fields) => fields[3] === "0A" && Number.parseInt(fields[1]?.split(":").pop() ?? "", 16) === port)
      .map((fields) => `socket:[${fields[9]}]`);
    for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
      let descriptors: string[];
      try {
        descriptors = readdirSync(`/proc/${pid}/fd`);
      } catch {
        continue; // Gone, or not ours to look at.
      }
      for (const fd of descriptors) {
        let target: string;
        try {
          target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        } catch {
          continue;
        }
        if (listening.includes(target)) {
          return { pid, command: readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim() };
        }
      }
    }
  } catch {
    // Not Linux: the port's number alone will have to do.
  }
  return undefined;
}
