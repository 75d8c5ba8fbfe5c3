import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import { Link } from "react-router-dom";

import { useCurrentUser } from "../lib/auth/current-user";
import { dashboardPathFor } from "../lib/auth/role-paths";
import { pageTitle } from "../lib/clinic";
import { useDocumentTitle } from "../lib/use-document-title";

/** Shown on a page the signed-in member's role may not open (the server refuses its data too). */
export function ForbiddenPage() {
  const { user } = useCurrentUser();
  useDocumentTitle(pageTitle("Not available"));
  return (
    <section className="relative isolate flex min-h-[70vh] items-center overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_50%_0%,var(--color-sage-100),transparent_70%)]" />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-5 py-24 text-center sm:px-8">
        <p aria-hidden="true" className="font-display text-[8rem] leading-none font-medium text-gold-600/80 italic md:text-[11rem]">
          403
        </p>
        <Ornament className="mt-4" />
        <Eyebrow className="mt-10">Not available</Eyebrow>
        <h1 className="mt-5 font-display text-4xl leading-tight text-ink-900 md:text-5xl">This room is reserved for others.</h1>
        <p className="mt-6 max-w-md text-lg leading-relaxed text-muted-foreground">
          Your account does not open this page. If you believe it should, please speak with the clinic&rsquo;s administrator.
        </p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          {user ? (
            <Button asChild size="lg">
              <Link to={dashboardPathFor(user.role)}>Go to your dashboard</Link>
            </Button>
          ) : null}
          <Button asChild size="lg" variant="outline">
            <Link to="/">Return home</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
