import type { DeliveredNotice } from "@halcyon/domain/schemas";

export type DeliveryStatus = DeliveredNotice["status"];
export type DeliveryFilter = "all" | "waiting" | "sent" | "failed" | "given_up" | "unsent";

export const DELIVERY_FILTER_OPTIONS: { value: DeliveryFilter; label: string }[] = [
  { value: "all", label: "Every notice" },
  { value: "waiting", label: "Waiting" },
  { value: "sent", label: "Sent" },
  { value: "failed", label: "Failed, trying again" },
  { value: "given_up", label: "Given up" },
  { value: "unsent", label: "Not sent" },
];

/** Each status in words, and its badge's tone (never the colour alone). */
export const DELIVERY_STATUS: Record<DeliveryStatus, { label: string; tone: "gold" | "sage" | "stone" | "rose" }> = {
  waiting: { label: "Waiting", tone: "gold" },
  sending: { label: "Sending", tone: "gold" },
  sent: { label: "Sent", tone: "sage" },
  failed: { label: "Failed", tone: "rose" },
  given_up: { label: "Given up", tone: "rose" },
  unsent: { label: "Not sent", tone: "stone" },
};

/** "clinic_test_email" → "Clinic test email": kinds are named by the features that send them. */
export function kindLabel(kind: string): string {
  const words = kind.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Whether "Send again" makes sense: not while it waits or is on its way. */
export function canSendAgain(status: DeliveryStatus): boolean {
  return status !== "waiting" && status !== "sending";
}
