// How clinic events reach every API instance. On SQLite there is one instance, and events stay
// in process. On PostgreSQL every instance LISTENs on one channel and every publish is a NOTIFY,
// so a message posted to one instance reaches sockets held by another. Each instance hears its
// own notifications too, which is how it delivers locally: one path, no double delivery.
// One publishing connection keeps every instance's events in the order they were published (a
// video call's offer must reach the other side before its ICE candidates).
import { deflateRawSync, inflateRawSync } from "node:zlib";
import { createLocalEventBus, type ClinicEvent, type ClinicEventBus } from "@halcyon/domain";
import type { DatabaseHandle } from "@halcyon/db";
import type { FastifyBaseLogger } from "fastify";
import pg from "pg";

export interface ClosableEventBus extends ClinicEventBus {
  close(): Promise<void>;
}

const RECONNECT_DELAYS_MS = [100, 500, 1_000, 5_000];
/** NOTIFY takes at most 8000 bytes; a larger event (a call's offer) travels deflated, marked by a prefix JSON never starts with. */
const PLAIN_PAYLOAD_LIMIT = 7_000;
const DEFLATED = "z:";

function encode(event: ClinicEvent): string {
  const text = JSON.stringify(event);
  return Buffer.byteLength(text) <= PLAIN_PAYLOAD_LIMIT ? text : DEFLATED + deflateRawSync(text).toString("base64");
}

function decode(payload: string): ClinicEvent {
  const text = payload.startsWith(DEFLATED) ? inflateRawSync(Buffer.from(payload.slice(DEFLATED.length), "base64")).toString() : payload;
  return JSON.parse(text) as ClinicEvent;
}

function channelName(schema: string | undefined): string {
  // Test runs share one database in separate schemas; each gets its own channel.
  return `halcyon_events${schema ? `_${schema}` : ""}`.replace(/[^a-z0-9_]/gi, "_");
}

export async function createEventBus(database: DatabaseHandle, log: FastifyBaseLogger): Promise<ClosableEventBus> {
  const local = createLocalEventBus();
  const postgres = database.postgres;
  if (!postgres) return { ...local, close: async () => undefined };

  const channel = channelName(postgres.schema);
  const publisher = new pg.Pool({ connectionString: postgres.url, max: 1 });
  let listener: pg.Client | undefined;
  let closed = false;
  let attempt = 0;

  const listen = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: postgres.url });
    client.on("notification", (notification) => {
      if (notification.channel !== channel || !notification.payload) return;
      try {
        local.publish(decode(notification.payload));
      } catch (error) {
        log.warn({ err: error }, "ignored a malformed event notification");
      }
    });
    client.on("error", (error) => {
      log.warn({ err: error }, "event listener connection failed; reconnecting");
      void reconnect();
    });
    await client.connect();
    await client.query(`listen ${channel}`);
    listener = client;
    attempt = 0;
  };

  const reconnect = async (): Promise<void> => {
    if (closed) return;
    const old = listener;
    listener = undefined;
    await old?.end().catch(() => undefined);
    const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
    attempt += 1;
    setTimeout(() => void listen().catch(() => reconnect()), delay).unref();
  };

  await listen();

  return {
    publish(event) {
      publisher.query("select pg_notify($1, $2)", [channel, encode(event)]).catch((error: unknown) => {
        log.error({ err: error, type: event.type }, "could not publish an event");
      });
    },
    subscribe: local.subscribe,
    async close() {
      closed = true;
      await listener?.end().catch(() => undefined);
      await publisher.end();
    },
  };
}
