// Stripe's failures as the clinic's one error type: a person is told what to do, never internals.
import Stripe from "stripe";
import { AppError } from "../errors";

export const CARDS_NOT_OFFERED = "This clinic takes payments by hand only: card payments are not set up.";
const STRIPE_DOWN = "Card payments are not available right now. Please try again in a few minutes, or pay the clinic by hand.";

/** Runs a request to Stripe; a failure becomes a 502 the person can read (and Stripe's own message is logged by the caller). */
export async function stripeCall<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (error instanceof Stripe.errors.StripeCardError) throw new AppError("CONFLICT", error.message, { cause: error });
    throw new AppError("PROVIDER_UNAVAILABLE", STRIPE_DOWN, { cause: error });
  }
}
