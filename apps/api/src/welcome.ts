// The few lines a person starting the server reads before the JSON logs: where the clinic is, and
// how to sign in to the demo clinic while its published passwords still work.
import type { AddressInfo } from "node:net";
import { accountsWithDemoPasswords, DEMO_ACCOUNTS, DEMO_PASSWORDS } from "@halcyon/domain";
import type { FastifyInstance } from "fastify";
import type { Env } from "./env";
import { sqliteFile } from "./plugins/database";

export async function welcome(app: FastifyInstance, env: Env): Promise<string> {
  const { address, port } = app.server.address() as AddressInfo;
  // Loopback or every interface: localhost, which a browser treats as secure and passkeys accept
  // as their relying party (an address cannot be one).
  const everywhereOrLoopback = ["0.0.0.0", "::", "127.0.0.1", "::1"].includes(address);
  const host = everywhereOrLoopback ? "localhost" : address.includes(":") ? `[${address}]` : address;
  const lines = [
    "",
    `  Halcyon is ready at http://${host}:${port}${env.PUBLIC_ORIGIN ? ` (public origin ${env.PUBLIC_ORIGIN})` : ""}`,
    `  Database: ${env.DATABASE_URL ? "PostgreSQL (DATABASE_URL)" : sqliteFile(env)}`,
  ];
  const usable = new Set((await accountsWithDemoPasswords(app.clinic)).map((username) => username.toLowerCase()));
  const roles = Object.entries(DEMO_PASSWORDS).flatMap(([role, password]) => {
    const usernames = [...DEMO_ACCOUNTS].filter(([username, published]) => published === password && usable.has(username)).map(([username]) => username);
    return usernames.length > 0 ? [{ role, password, usernames }] : [];
  });
  if (roles.length > 0) {
    lines.push("", "  Demo accounts (published passwords: never for real patients):");
    for (const { role, password, usernames } of roles) {
      const [first, ...others] = usernames;
      lines.push(`    ${role.padEnd(9)}${first?.padEnd(14)}${password.padEnd(22)}${others.length > 0 ? `(also ${others.join(", ")})` : ""}`.trimEnd());
    }
  }
  lines.push("", "  Stop with Ctrl+C. The server's logs follow, one JSON object a line.", "", "");
  return lines.join("\n");
}
