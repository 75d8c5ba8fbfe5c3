// `pnpm clinic <command>`: the clinic's command line for the person who runs the server.
import { existsSync, mkdirSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { parseArgs } from "node:util";
import { migrateToLatest, verifyAuditChain } from "@halcyon/db";
import {
  createClinicServices,
  createUser,
  DEFAULT_CLINIC_CONFIG,
  issueEnrolmentCodeFromConsole,
  recordAudit,
  resetPassword,
  resetTwoStepFromConsole,
  userRoleSchema,
} from "@halcyon/domain";
import { parseEnv } from "../env";
import { openDatabase, sqliteFile } from "../plugins/database";
import { loadSecretsKey } from "../audit-key";

const USAGE = `Usage: pnpm clinic <command> [options]

Commands:
  migrate                              Bring the database schema up to date.
  create-user --username U --password P --role patient|doctor|admin
              --first-name F --last-name L [--phone N] [--date-of-birth YYYY-MM-DD]
              [--email E] [--specialization S]
                                       Create an account of any role.
  reset-password --username U --password P
                                       Set a new password and end the user's sessions.
  reset-two-step --username U          Remove every second step (authenticator, passkeys,
                                       recovery codes) of a member who lost them all, and
                                       end their sessions; their next sign-in tells them.
  enrolment-code --username U          Give a doctor or admin without two-step sign-in the
                                       code that lets them set it up while the clinic
                                       requires it (24 hours; e.g. a new clinic's first admin).
  backup [--out FILE]                  Write a consistent copy of the SQLite database
                                       (default: DATA_DIR/backups/halcyon-<time>.db).
  audit:verify [--checkpoint ID:HASH]  Check the audit log's hash chain; report the first
                                       broken link (exit code 3 when broken). With a
                                       checkpoint from the server's log ("audit checkpoint",
                                       its "verify" field), also find the newest rows removed.

The database is the one the server uses: DATABASE_URL if set, else DATA_DIR/halcyon.db.
Only migrate and create-user create a SQLite database that is not there yet.`;

const COMMANDS = ["migrate", "create-user", "reset-password", "reset-two-step", "enrolment-code", "backup", "audit:verify"] as const;
type Command = (typeof COMMANDS)[number];
/** Commands that may start a clinic from nothing; the others need the clinic's database. */
const MAY_CREATE_DATABASE: readonly Command[] = ["migrate", "create-user"];

function isCommand(name: string): name is Command {
  return (COMMANDS as readonly string[]).includes(name);
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (!command || command === "help" || command === "--help") {
    console.warn(USAGE);
    return command ? 0 : 1;
  }
  if (!isCommand(command)) throw new UsageError(`Unknown command "${command}".`);
  const { values } = parseArgs({
    args: rest,
    options: {
      username: { type: "string" },
      password: { type: "string" },
      role: { type: "string" },
      "first-name": { type: "string" },
      "last-name": { type: "string" },
      phone: { type: "string" },
      "date-of-birth": { type: "string" },
      email: { type: "string" },
      specialization: { type: "string" },
      out: { type: "string" },
      checkpoint: { type: "string" },
    },
  });
  const env = parseEnv();
  if (!env.DATABASE_URL && !existsSync(sqliteFile(env))) {
    // Opening would create an empty database (and a new audit key) where the clinic's was meant to be.
    if (!MAY_CREATE_DATABASE.includes(command)) throw new MissingDatabase(sqliteFile(env));
    say(`No database at ${sqliteFile(env)} yet: creating it.`);
  }
  const database = openDatabase(env);
  try {
    await migrateToLatest(database);
    const services = createClinicServices({
      database,
      secretsKey: loadSecretsKey(env),
      config: {
        ...DEFAULT_CLINIC_CONFIG,
        clinicName: env.CLINIC_NAME,
        clinicTimeZone: env.CLINIC_TIMEZONE,
        // A member created here derives their secrets as the server's new members do.
        passwordKdf: { ...DEFAULT_CLINIC_CONFIG.passwordKdf, memoryKiB: env.PASSWORD_KDF_MEMORY_KIB },
      },
    });
    const need = (name: keyof typeof values): string => {
      const value = values[name];
      if (typeof value !== "string" || value === "") throw new UsageError(`--${name} is required for ${command}.`);
      return value;
    };
    switch (command) {
      case "migrate":
        say("The database schema is up to date.");
        return 0;
      case "create-user": {
        const role = userRoleSchema.safeParse(need("role"));
        if (!role.success) throw new UsageError("--role must be patient, doctor or admin.");
        const user = await createUser(
          services,
          {
            username: need("username"),
            password: need("password"),
            role: role.data,
            firstName: need("first-name"),
            lastName: need("last-name"),
            phoneNumber: values.phone ?? "",
            dateOfBirth: values["date-of-birth"] ?? "",
            email: values.email ?? null,
            ...(values.specialization ? { specialization: values.specialization } : {}),
          },
          // From the console: nobody signed in did it, and the log says so.
          (trx, created) =>
            recordAudit(
              services,
              {
                actorId: null,
                action: "user.create",
                outcome: "success",
                targetType: "user",
                targetId: created.id,
                details: { role: created.role, console: true },
              },
              trx,
            ),
        );
        say(`Created ${user.role} "${user.username}" (id ${user.id}).`);
        return 0;
      }
      case "reset-password":
        await resetPassword(services, need("username"), need("password"));
        say(`Password reset; every session of "${values.username}" has ended.`);
        return 0;
      case "reset-two-step":
        await resetTwoStepFromConsole(services, need("username"));
        say(`Two-step sign-in of "${values.username}" reset; every session of theirs has ended.`);
        return 0;
      case "enrolment-code": {
        const issued = await issueEnrolmentCodeFromConsole(services, need("username"));
        say(`Enrolment code for "${values.username}": ${issued.enrolmentCode} (until ${issued.expiresAt}). They enter it when they set up two-step sign-in.`);
        return 0;
      }
      case "backup": {
        const stamp = new Date().toISOString().replace(/[:.]/g, "-");
        const out = resolve(values.out ?? resolve(env.DATA_DIR, "backups", `halcyon-${stamp}.db`));
        mkdirSync(dirname(out), { recursive: true });
        await database.backupTo(out);
        say(`Backed up to ${out}`);
        return 0;
      }
      case "audit:verify": {
        const check = await verifyAuditChain(database.db, database.auditKey, values.checkpoint === undefined ? undefined : parseCheckpoint(values.checkpoint));
        if (check.firstBroken) {
          say(`Audit chain BROKEN at row ${check.firstBroken.id}: ${check.firstBroken.reason}. ${check.checked} rows before it are intact.`);
          return 3;
        }
        say(`Audit chain intact: ${check.checked} rows verified.`);
        return 0;
      }
    }
  } finally {
    await database.close();
  }
}

class UsageError extends Error {}

class MissingDatabase extends Error {
  constructor(file: string) {
    super(
      `There is no database at ${file}. Set DATA_DIR (or DATABASE_URL) to the clinic's, as the server has them; ` +
        "a new clinic gets its database from `pnpm start` or `pnpm clinic migrate`.",
    );
  }
}

function parseCheckpoint(value: string): { headId: number; headHash: string } {
  const match = /^(\d+):([0-9a-f]{64})$/.exec(value);
  if (!match) throw new UsageError('--checkpoint takes ID:HASH, as the "verify" field of an "audit checkpoint" log line gives it.');
  return { headId: Number(match[1]), headHash: match[2] as string };
}

function say(line: string) {
  process.stdout.write(`${line}\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof UsageError ? `${error.message}\n\n${USAGE}` : `Error: ${(error as Error).message}`);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
