// The group form's own checks before it asks the server, in the server's words and limits.
import { GROUP_CAPACITY, GROUP_KINDS, type ServiceKind } from "@halcyon/domain/rules";

export type GroupField = "title" | "capacity" | "service" | "startTime";

type Values = { title: string; capacity: string; serviceId: number | undefined; startTime: string | undefined };
type Input = { title: string; capacity: number; serviceId: number; startTime: string };

export const CAPACITY_RULE = `A group holds ${GROUP_CAPACITY.min} to ${GROUP_CAPACITY.max} patients`;

export function validateGroup(values: Values): { ok: true; input: Input } | { ok: false; field: GroupField; message: string } {
  const title = values.title.trim();
  if (!title) return { ok: false, field: "title", message: "Give the group a title." };
  const capacity = Number(values.capacity);
  if (!Number.isInteger(capacity) || capacity < GROUP_CAPACITY.min || capacity > GROUP_CAPACITY.max)
    return { ok: false, field: "capacity", message: `${CAPACITY_RULE}.` };
  if (values.serviceId === undefined) return { ok: false, field: "service", message: "Choose the group's service." };
  if (!values.startTime) return { ok: false, field: "startTime", message: "Choose a free hour for the group." };
  return { ok: true, input: { title, capacity, serviceId: values.serviceId, startTime: values.startTime } };
}

/** The clinic's active group services, as the services list orders them. */
export function groupServices<S extends { kind: ServiceKind; active: boolean }>(services: readonly S[] | undefined): S[] {
  return (services ?? []).filter((service) => service.active && GROUP_KINDS.includes(service.kind));
}
