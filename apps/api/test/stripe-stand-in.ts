// A small stand-in for Stripe's API, started by a test, that the `stripe` library is pointed at
// (STRIPE_API_URL → its host, port and protocol options). It checks every request the library
// sends (method and path, the form-encoded parameters, the secret key, an Idempotency-Key on every
// POST) and answers as Stripe's API reference describes, for the calls Halcyon makes: customers,
// Checkout sessions (payment and setup), setup intents, PaymentIntents (off-session, confirmed)
// and refunds. Like Stripe, it answers a repeated Idempotency-Key with the first answer, and a card
// set to decline with a 402 card_error. It also plays Checkout's hosted page for browser tests:
// GET /checkout/:id tells the app of the payment with a signed event, then returns to success_url.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

export const STAND_IN_SECRET_KEY = "sk_test_halcyonStandIn0000";
export const STAND_IN_WEBHOOK_SECRET = "whsec_halcyonStandInSigning0000";

export interface StandInRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  params: Record<string, string>;
  idempotencyKey: string | undefined;
}

interface Answer {
  status: number;
  body: unknown;
}

export interface StripeStandIn {
  url: string;
  /** Every request the library sent, in order. */
  requests: StandInRequest[];
  /** What the checks found wrong with a request: a test expects none. */
  problems: string[];
  /** PaymentIntents actually created (a repeated Idempotency-Key creates none). */
  charges: { id: string; amount: number; customer: string; paymentMethod: string; metadata: Record<string, string> }[];
  /** Cards (payment method ids) that Stripe declines, with the reason it gives. */
  declining: Map<string, string>;
  /** Where the hosted-page stand-in tells the app of a completed Checkout (browser tests). */
  webhookUrl: string | null;
  /** The signed Stripe-Signature header and body of an event, as Stripe would send it. */
  signed(event: Record<string, unknown>, options?: { secret?: string; timestamp?: number }): { payload: string; header: string };
  close(): Promise<void>;
}

const signer = new Stripe(STAND_IN_SECRET_KEY);

let serial = 0;
const nextId = (prefix: string) => `${prefix}_standin${String((serial += 1)).padStart(6, "0")}`;

/** Stripe's form encoding, flat: `line_items[0][price_data][currency]` → "usd". */
function formParams(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

/** The params under `prefix[...]`, as an object of their last keys (metadata). */
function under(params: Record<string, string>, prefix: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params)
      .filter(([key]) => key.startsWith(`${prefix}[`))
      .map(([key, value]) => [key.slice(prefix.length + 1, -1), value]),
  );
}

const invalid = (message: string, param?: string): Answer => ({
  status: 400,
  body: { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } },
});

export async function startStripeStandIn(): Promise<StripeStandIn> {
  const requests: StandInRequest[] = [];
  const problems: string[] = [];
  const charges: StripeStandIn["charges"] = [];
  const declining = new Map<string, string>();
  const answered = new Map<string, { params: string; answer: Answer }>();
  const sessions = new Map<string, Record<string, unknown>>();
  let base = "";

  function check(request: StandInRequest, headers: IncomingMessage["headers"]): void {
    const what = `${request.method} ${request.path}`;
    if (headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) problems.push(`${what}: Authorization is ${headers.authorization ?? "missing"}`);
    if (typeof headers["stripe-version"] !== "string") problems.push(`${what}: no Stripe-Version`);
    if (request.method === "POST") {
      if (!String(headers["content-type"]).startsWith("application/x-www-form-urlencoded"))
        problems.push(`${what}: body is ${headers["content-type"]}, not form-encoded`);
      if (!request.idempotencyKey) problems.push(`${what}: no Idempotency-Key`);
    }
  }

  function route(request: StandInRequest): Answer {
    const { method, path, params } = request;
    if (method === "POST" && path === "/v1/customers") {
      return { status: 200, body: { id: nextId("cus"), object: "customer", metadata: under(params, "metadata"), email: params.email ?? null } };
    }
    if (method === "POST" && path === "/v1/checkout/sessions") return checkoutSession(params);
    const setupIntent = /^\/v1\/setup_intents\/([\w]+)$/.exec(path);
    if (method === "GET" && setupIntent) {
      // Each setup intent saves a card of its own: pm_<the setup intent's id>.
      const paymentMethod = `pm_${setupIntent[1]}`;
      const expanded = request.query.getAll("expand[]").includes("payment_method") || request.query.get("expand[0]") === "payment_method";
      return {
        status: 200,
        body: {
          id: setupIntent[1],
          object: "setup_intent",
          status: "succeeded",
          usage: "off_session",
          payment_method: expanded
            ? { id: paymentMethod, object: "payment_method", type: "card", card: { brand: "visa", last4: "4242", exp_month: 12, exp_year: 2030 } }
            : paymentMethod,
        },
      };
    }
    if (method === "POST" && path === "/v1/payment_intents") return paymentIntent(params);
    if (method === "POST" && path === "/v1/refunds") {
      if (!params.payment_intent) return invalid("Missing required param: payment_intent.", "payment_intent");
      if (params.amount !== undefined && !/^\d+$/.test(params.amount)) return invalid("Invalid integer: amount", "amount");
      return {
        status: 200,
        body: {
          id: nextId("re"),
          object: "refund",
          status: "succeeded",
          amount: Number(params.amount),
          currency: "usd",
          payment_intent: params.payment_intent,
          metadata: under(params, "metadata"),
        },
      };
    }
    return { status: 404, body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${method}: ${path}).` } } };
  }

  function checkoutSession(params: Record<string, string>): Answer {
    const mode = params.mode;
    if (mode !== "payment" && mode !== "setup") return invalid("Invalid mode: must be one of payment, setup, or subscription", "mode");
    if (!params.success_url) return invalid("Missing required param: success_url.", "success_url");
    if (mode === "payment") {
      const amount = params["line_items[0][price_data][unit_amount]"];
      if (!amount || !/^\d+$/.test(amount) || !params["line_items[0][price_data][currency]"] || params["line_items[0][quantity]"] !== "1") {
        return invalid("line_items[0] needs quantity and price_data with currency and unit_amount (an integer of the smallest unit).", "line_items");
      }
    }
    if (mode === "setup" && !params.currency) return invalid("currency is required in setup mode without payment_method_types.", "currency");
    const id = nextId("cs_test");
    const session = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: mode === "payment" ? "unpaid" : "no_payment_required",
      customer: params.customer ?? null,
      client_reference_id: params.client_reference_id ?? null,
      currency: params.currency ?? params["line_items[0][price_data][currency]"] ?? null,
      amount_total: mode === "payment" ? Number(params["line_items[0][price_data][unit_amount]"]) : null,
      metadata: under(params, "metadata"),
      payment_intent_metadata: under(params, "payment_intent_data[metadata]"),
      success_url: params.success_url,
      cancel_url: params.cancel_url ?? null,
      payment_intent: null,
      setup_intent: null,
      url: `${base}/checkout/${id}`,
    };
    sessions.set(id, session);
    const { payment_intent_metadata: _kept, ...answer } = session;
    return { status: 200, body: answer };
  }

  function paymentIntent(params: Record<string, string>): Answer {
    if (!params.amount || !/^\d+$/.test(params.amount)) return invalid("Invalid integer: amount", "amount");
    if (!params.currency) return invalid("Missing required param: currency.", "currency");
    if (params.off_session !== "true" || params.confirm !== "true")
      return invalid("Halcyon's stand-in expects off_session=true and confirm=true.", "off_session");
    if (!params.customer || !params.payment_method) return invalid("A saved card needs its customer and payment_method.", "payment_method");
    const id = nextId("pi");
    const metadata = under(params, "metadata");
    const intent = {
      id,
      object: "payment_intent",
      amount: Number(params.amount),
      currency: params.currency,
      customer: params.customer,
      payment_method: params.payment_method,
      metadata,
    };
    const declined = declining.get(params.payment_method);
    if (declined) {
      return {
        status: 402,
        body: {
          error: {
            type: "card_error",
            code: "card_declined",
            decline_code: "insufficient_funds",
            message: declined,
            payment_intent: {
              ...intent,
              status: "requires_payment_method",
              amount_received: 0,
              last_payment_error: { message: declined, code: "card_declined" },
            },
          },
        },
      };
    }
    charges.push({ id, amount: intent.amount, customer: params.customer, paymentMethod: params.payment_method, metadata });
    return { status: 200, body: { ...intent, status: "succeeded", amount_received: intent.amount, last_payment_error: null } };
  }

  /** Checkout's hosted page: the patient "pays", Stripe tells the app (signed), and sends them back. */
  async function hostedPage(id: string, response: ServerResponse): Promise<void> {
    const session = sessions.get(id);
    if (!session) return void response.writeHead(404).end("No such Checkout session.");
    const completed =
      session.mode === "payment"
        ? { ...session, status: "complete", payment_status: "paid", payment_intent: nextId("pi") }
        : { ...session, status: "complete", setup_intent: nextId("seti") };
    if (stand.webhookUrl) {
      const { payload, header } = stand.signed({
        id: nextId("evt"),
        object: "event",
        type: "checkout.session.completed",
        created: Math.floor(Date.now() / 1000),
        data: { object: completed },
      });
      await fetch(stand.webhookUrl, { method: "POST", headers: { "content-type": "application/json", "stripe-signature": header }, body: payload });
    }
    response.writeHead(303, { location: String(session.success_url) }).end();
  }

  const server: Server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://stand-in");
      const hosted = /^\/checkout\/([\w]+)$/.exec(url.pathname);
      if (incoming.method === "GET" && hosted) return void hostedPage(hosted[1]!, response);
      const body = Buffer.concat(chunks).toString("utf8");
      const key = incoming.headers["idempotency-key"];
      const request: StandInRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: url.searchParams,
        params: formParams(incoming.method === "GET" ? url.search.slice(1) : body),
        idempotencyKey: typeof key === "string" ? key : undefined,
      };
      requests.push(request);
      check(request, incoming.headers);
      // Stripe answers a key it has seen with the first answer, and creates nothing; the same key
      // with other parameters is an error.
      const seen = request.idempotencyKey ? answered.get(request.idempotencyKey) : undefined;
      const sameParams = JSON.stringify(request.params);
      const answer: Answer = !seen
        ? route(request)
        : seen.params === sameParams
          ? seen.answer
          : {
              status: 400,
              body: {
                error: {
                  type: "idempotency_error",
                  message: "Keys for idempotent requests can only be used with the same parameters they were first used with.",
                },
              },
            };
      if (seen && seen.params !== sameParams)
        problems.push(`${request.method} ${request.path}: Idempotency-Key ${request.idempotencyKey} reused with other parameters`);
      if (!seen && request.idempotencyKey && request.method === "POST") answered.set(request.idempotencyKey, { params: sameParams, answer });
      response.writeHead(answer.status, { "content-type": "application/json", "request-id": nextId("req") }).end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const stand: StripeStandIn = {
    url: base,
    requests,
    problems,
    charges,
    declining,
    webhookUrl: null,
    signed(event, options = {}) {
      const payload = JSON.stringify({
        api_version: "2026-10-28.endive",
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        ...event,
      });
      const header = signer.webhooks.generateTestHeaderString({
        payload,
        secret: options.secret ?? STAND_IN_WEBHOOK_SECRET,
        ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
      });
      return { payload, header };
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
  return stand;
}

/** The app's environment for card payments through the stand-in. */
export function standInEnv(stand: StripeStandIn): Record<string, string> {
  return { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_URL: stand.url };
}
