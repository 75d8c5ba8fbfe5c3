import { COUPLE_KINDS, formatMoney } from "@halcyon/domain/rules";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@halcyon/ui/components/select";

import { trpc } from "../../lib/trpc";
import { Field, messageId } from "../field";
import { serviceChoices, type ServiceChoice } from "./booking-form";

type Booker = "self" | "patient";

/**
 * The services a booking may name, each with the fee this patient would agree to, as the server
 * quotes it (their own rate if an admin set one): the caller's own when booking for themselves,
 * else the chosen patient's, asked once one is chosen.
 */
export function useServiceChoices(bookingFor: Booker, patientId: number | undefined) {
  const forPatient = bookingFor === "patient";
  const quote = trpc.billing.quote.useQuery(forPatient && patientId !== undefined ? { patientId } : undefined, {
    enabled: !forPatient || patientId !== undefined,
  });
  return { ...serviceChoices(quote.data), currency: quote.data?.currency ?? "USD" };
}

type ServiceFieldProps = {
  id: string;
  bookingFor: Booker;
  services: ServiceChoice[];
  defaultId: number | undefined;
  currency: string;
  value: number | undefined;
  onChange: (serviceId: number) => void;
  disabled: boolean;
};

/** The Service choice: name, length and the fee agreed, and under it what this booking will cost. None for a clinic without services. */
export function ServiceField({ id, bookingFor, services, defaultId, currency, value, onChange, disabled }: ServiceFieldProps) {
  if (services.length === 0) return null;
  const chosenId = value ?? defaultId;
  const chosen = services.find((service) => service.id === chosenId);
  return (
    <Field
      htmlFor={id}
      label="Service"
      message={chosen ? feeLine(chosen, currency, bookingFor) : "With no service chosen, the session is booked without a fee."}
    >
      <Select value={chosenId === undefined ? "" : String(chosenId)} onValueChange={(picked) => onChange(Number(picked))} disabled={disabled}>
        <SelectTrigger id={id} aria-describedby={messageId(id)}>
          <SelectValue placeholder="Choose a service" />
        </SelectTrigger>
        <SelectContent>
          {services.map((service) => (
            <SelectItem key={service.id} value={String(service.id)}>
              {service.name} · {service.minutes} min · {formatMoney(service.agreedFeeMinor, currency)}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </Field>
  );
}

/** What the booking agrees to, said before it is made: the fee, and whether it is the patient's own rate. */
function feeLine(service: ServiceChoice, currency: string, bookingFor: Booker): string {
  const fee = formatMoney(service.agreedFeeMinor, currency);
  const who = bookingFor === "self" ? "You agree" : "The patient agrees";
  const rate = service.ownRate ? (bookingFor === "self" ? ", your own rate" : ", their own rate") : "";
  const couple = COUPLE_KINDS.includes(service.kind) ? ", once for the two of you" : "";
  return `${who} to ${fee} for this session${couple}${rate}. It stays agreed even if the clinic's prices change.`;
}
