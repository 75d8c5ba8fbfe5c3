import type { Clinician } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Skeleton } from "@halcyon/ui/components/skeleton";
import { CalendarPlus } from "lucide-react";
import { Link } from "react-router-dom";

import { doctorTitle } from "../../lib/appointment-rules";
import { useCurrentUser } from "../../lib/auth/current-user";
import { bookingPathFor, signInThen } from "../../lib/auth/role-paths";
import { useClinicProfile } from "../../lib/clinic-profile";
import { monogramOf } from "../../lib/monogram";

/**
 * The clinicians patients can book (GET /api/clinic), each with a way to book them: straight to
 * the booking for a patient, through sign-in for a visitor. Staff see the list without the action.
 */
export function BookableClinicians() {
  const profile = useClinicProfile();
  const { user } = useCurrentUser();
  const canBook = !user || user.role === "patient";
  const clinicians = profile.data?.clinicians ?? [];
  if (profile.isError || (profile.isSuccess && clinicians.length === 0)) return null;

  return (
    <section aria-labelledby="clinicians-title" className="border-t border-hairline bg-ivory-50">
      <div className="mx-auto max-w-7xl px-5 py-20 sm:px-8 md:py-28">
        <div className="max-w-2xl">
          <Eyebrow>Our clinicians</Eyebrow>
          <h2 id="clinicians-title" className="mt-5 font-display text-4xl leading-tight text-ink-900 md:text-5xl">
            The doctors you can see
          </h2>
          <p className="mt-5 text-lg leading-relaxed text-muted-foreground">
            Choose the clinician whose work fits what you bring, and book a free hour in their week.
          </p>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 xl:grid-cols-4" aria-busy={profile.isPending}>
          {profile.isPending
            ? Array.from({ length: 4 }, (_, index) => (
                <li key={index}>
                  <Skeleton className="h-52 rounded-xl" />
                </li>
              ))
            : clinicians.map((clinician) => <ClinicianCard key={clinician.id} clinician={clinician} canBook={canBook} signedIn={user !== null} />)}
        </ul>
      </div>
    </section>
  );
}

function ClinicianCard({ clinician, canBook, signedIn }: { clinician: Clinician; canBook: boolean; signedIn: boolean }) {
  const name = doctorTitle(`${clinician.firstName} ${clinician.lastName}`);
  const booking = bookingPathFor(clinician.id);
  return (
    <li className="flex flex-col gap-5 rounded-xl border border-hairline bg-card p-6 shadow-soft">
      <div className="flex items-center gap-4">
        <span aria-hidden="true" className="flex size-12 shrink-0 items-center justify-center rounded-full bg-ink-900 font-display text-lg text-gold-300">
          {monogramOf(clinician.firstName, clinician.lastName)}
        </span>
        <div className="min-w-0">
          <h3 className="font-display text-2xl leading-tight text-ink-900">{name}</h3>
          <p className="mt-1 text-sm text-muted-foreground">{clinician.specialization}</p>
        </div>
      </div>
      {canBook ? (
        <Button asChild variant="outline" className="mt-auto self-start">
          <Link to={signedIn ? booking : signInThen(booking)}>
            <CalendarPlus aria-hidden="true" />
            Book with Dr. {clinician.lastName}
          </Link>
        </Button>
      ) : null}
    </li>
  );
}
