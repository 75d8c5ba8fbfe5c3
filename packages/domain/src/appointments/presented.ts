// An appointment as its reader is answered it: with whether its patient's paperwork is due, and
// what the reader may see of a couple's or a group's session it is a place in.
import type { AppointmentView, User } from "@halcyon/db";
import type { RequestContext } from "../context";
import { withPaperworkMarks } from "../intake/paperwork";
import { withPartyDetails } from "../parties/party-details";

export async function presentAppointments(ctx: RequestContext & { user: User }, appointments: readonly AppointmentView[]) {
  return withPartyDetails(ctx, await withPaperworkMarks(ctx.db, appointments));
}

export async function presentAppointment(ctx: RequestContext & { user: User }, appointment: AppointmentView) {
  const [presented] = await presentAppointments(ctx, [appointment]);
  return presented!;
}
