import { Button } from "@halcyon/ui/components/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "@halcyon/ui/components/card";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import type { LucideIcon } from "lucide-react";
import { Link } from "react-router-dom";

import { useCurrentUser } from "../lib/auth/current-user";
import { CLINIC_CONTACT, pageTitle } from "../lib/clinic";
import { salutationFor } from "../lib/greeting";
import { useDocumentTitle } from "../lib/use-document-title";
import { Wash } from "./wash";

type ComingTogetherProps = {
  /** The page's name, for the eyebrow and the document title. */
  section: string;
  icon: LucideIcon;
  /** One or two sentences on what this room will be. */
  intro: string;
  /** What the finished page will offer, in the member's terms. */
  highlights: string[];
};

/**
 * A member page that later work fills in: it greets the member by name and says, in the house
 * voice, what is being prepared, instead of leaving an empty room.
 */
export function ComingTogether({ section, icon: Icon, intro, highlights }: ComingTogetherProps) {
  const { user } = useCurrentUser();
  const salutation = salutationFor(new Date());
  useDocumentTitle(pageTitle(section));

  return (
    <section className="relative isolate">
      <Wash className="inset-0 bg-[radial-gradient(60rem_30rem_at_85%_-10%,var(--color-gold-200),transparent_70%),radial-gradient(40rem_24rem_at_-10%_110%,var(--color-sage-100),transparent_70%)]" />
      <div className="mx-auto max-w-5xl px-5 py-20 sm:px-8 md:py-28">
        <div className="animate-rise">
          <Eyebrow>{section}</Eyebrow>
          <h1 className="mt-5 font-display text-5xl leading-[1.05] text-ink-900 md:text-6xl">
            {salutation}
            {user ? `, ${user.firstName}.` : "."}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-muted-foreground">{intro}</p>
          <Ornament className="mt-10" />
        </div>

        <Card className="mt-12 animate-rise [animation-delay:150ms]">
          <CardHeader className="flex-row items-start gap-5">
            <span className="flex size-12 shrink-0 items-center justify-center rounded-full border border-hairline text-gold-700">
              <Icon className="size-5" aria-hidden="true" />
            </span>
            <div className="flex flex-col gap-2">
              <CardTitle>This room is coming together</CardTitle>
              <CardDescription>We are preparing it with care. Here is what you will find.</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-4 sm:grid-cols-3">
              {highlights.map((highlight) => (
                <li key={highlight} className="flex gap-3 rounded-lg bg-ivory-100 p-4 text-sm leading-relaxed text-ink-800">
                  <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rotate-45 bg-gold-600" />
                  {highlight}
                </li>
              ))}
            </ul>
          </CardContent>
          <CardFooter className="flex-wrap justify-between gap-4 border-t border-ivory-300 pt-6">
            <p className="text-sm text-muted-foreground">
              Need something sooner? Write to{" "}
              <a className="text-ink-900 underline decoration-hairline underline-offset-4 hover:decoration-gold-600" href={`mailto:${CLINIC_CONTACT.email}`}>
                {CLINIC_CONTACT.email}
              </a>
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/">Return home</Link>
            </Button>
          </CardFooter>
        </Card>
      </div>
    </section>
  );
}
