// The one place Halcyon's server meets Stripe: its own Node library, with the clinic's secret key.
// Card numbers never reach Halcyon: patients type them into Stripe's hosted Checkout pages, and
// the server only ever holds Stripe's ids (customer, payment method, PaymentIntent).
import Stripe from "stripe";

export interface CardGateway {
  stripe: Stripe;
  /** The signing secret of the webhook endpoint: only events signed with it are believed. */
  webhookSecret: string;
}

/** Requests to Stripe that fail on the network are retried; with idempotency keys a retry never charges twice. */
const NETWORK_RETRIES = 2;
const TIMEOUT_MS = 20_000;

export function createCardGateway({ secretKey, webhookSecret, apiUrl }: { secretKey: string; webhookSecret: string; apiUrl: string | null }): CardGateway {
  const api = apiUrl ? new URL(apiUrl) : null;
  const stripe = new Stripe(secretKey, {
    maxNetworkRetries: NETWORK_RETRIES,
    timeout: TIMEOUT_MS,
    appInfo: { name: "Halcyon" },
    // A stand-in of Stripe's API (the tests' server, stripe-mock) in place of api.stripe.com.
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === "https:" ? 443 : 80)),
          protocol: api.protocol === "https:" ? ("https" as const) : ("http" as const),
        }
      : {}),
  });
  return { stripe, webhookSecret };
}
