// What a session would cost a patient, before they book: each active service with the fee the
// booking would agree to. The fee comes from the booking's own rule (feeAgreedFor), so the price
// shown is the price agreed. Who may ask is the account's rule: a patient their own, a doctor for
// patients in their care, admins anyone (an own rate is the patient's money, like their balance).
import { defaultIndividualService, listClinicServices, patientRatesOf, type User } from "@halcyon/db";
import { auditRead } from "../audit/read-audit";
import type { RequestContext } from "../context";
import { accountAccess } from "./account";
import { feeAgreedFor } from "./agreed-fee";
import type { Quote } from "./billing.schema";

type Ctx = RequestContext & { user: User };

export async function quote(ctx: Ctx, patientId: number = ctx.user.id): Promise<Quote> {
  await accountAccess(ctx, patientId);
  const [services, rates, fallback] = await Promise.all([
    listClinicServices(ctx.db, { activeOnly: true }),
    patientRatesOf(ctx.db, patientId),
    defaultIndividualService(ctx.db),
  ]);
  const ownRates = new Map(rates.map((rate) => [rate.serviceId, rate.feeMinor]));
  await auditRead(ctx, "billing.read", { type: "patient", id: patientId }, [], { what: "quote" });
  return {
    patientId,
    currency: ctx.config.billing.currency,
    defaultServiceId: fallback?.id ?? null,
    services: services.map((service) => {
      const ownRate = ownRates.get(service.id);
      const { id, name, minutes, kind, cptCode, videoAllowed, feeMinor } = service;
      return { id, name, minutes, kind, cptCode, videoAllowed, feeMinor, agreedFeeMinor: feeAgreedFor(service, ownRate), ownRate: ownRate !== undefined };
    }),
  };
}
