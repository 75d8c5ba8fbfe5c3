// Starts this instance's notice worker (src/notices/) with the transports the environment sets up,
// and stops it before the database closes.
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Env } from "../env";
import { createMailTransport } from "../notices/mail-transport";
import { warmEmailRendering } from "../notices/render-email";
import { createSmsTransport } from "../notices/sms-transport";
import type { NoticeTransport } from "../notices/transport";
import { NoticeWorker, type NoticeWorkerOptions } from "../notices/worker";

declare module "fastify" {
  interface FastifyInstance {
    notices: NoticeWorker;
  }
}

/** What tests may change: the transports (otherwise from SMTP_URL), and the timings. */
export interface NoticesPluginOptions {
  env: Env;
  transports?: NoticeTransport[];
  worker?: Partial<Pick<NoticeWorkerOptions, "pollMs" | "batchSize" | "concurrency" | "leaseMs">>;
  mailTimeoutMs?: { connect: number; answer: number };
}

const DEFAULTS = { pollMs: 1_000, batchSize: 50, concurrency: 5, leaseMs: 2 * 60_000 };
const MAIL_TIMEOUT_MS = { connect: 10_000, answer: 30_000 };

function transportsOf(app: FastifyInstance, { env, mailTimeoutMs }: NoticesPluginOptions): NoticeTransport[] {
  const services = app.clinic;
  const transports: NoticeTransport[] = [];
  if (env.TWILIO_ACCOUNT_SID && env.TWILIO_AUTH_TOKEN && env.TWILIO_FROM) {
    transports.push(createSmsTransport({ accountSid: env.TWILIO_ACCOUNT_SID, authToken: env.TWILIO_AUTH_TOKEN, from: env.TWILIO_FROM }));
  }
  if (!env.SMTP_URL) return transports;
  return [
    ...transports,
    createMailTransport({
      url: env.SMTP_URL,
      from: env.MAIL_FROM ?? { name: null, address: `no-reply@${new URL(services.config.publicOrigin).hostname}` },
      // Read at each send: an admin may rename the clinic at run time.
      clinicName: () => services.config.clinicName,
      now: services.now,
      connections: DEFAULTS.concurrency,
      perSecond: env.MAIL_SENDS_PER_SECOND,
      timeoutMs: mailTimeoutMs ?? MAIL_TIMEOUT_MS,
    }),
  ];
}

export default fp<NoticesPluginOptions>(
  async (app, options) => {
    const transports = options.transports ?? transportsOf(app, options);
    const worker = new NoticeWorker({
      ...DEFAULTS,
      ...options.worker,
      services: app.clinic,
      transports,
      log: app.log.child({ worker: "notices" }),
    });
    const unlisten = app.clinic.outbox.listen(() => worker.wake());
    app.decorate("notices", worker);
    // Started once the server is ready, so a start's migrations and seeding come first.
    app.addHook("onReady", async () => {
      const { config } = app.clinic;
      if (transports.some((transport) => transport.channel === "email")) {
        await warmEmailRendering({ clinicName: config.clinicName, publicOrigin: config.publicOrigin, essential: true });
      }
      worker.start();
    });
    app.addHook("onClose", async () => {
      unlisten();
      await worker.stop();
    });
  },
  { name: "notices", dependencies: ["database"] },
);
