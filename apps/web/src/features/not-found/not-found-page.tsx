import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament } from "@halcyon/ui/components/ornament";
import { Link } from "react-router-dom";

import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle(pageTitle("Page not found"));
  return (
    <section className="relative isolate flex min-h-[70vh] items-center overflow-hidden">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(50rem_30rem_at_50%_0%,var(--color-gold-200),transparent_70%)]" />
      <div className="mx-auto flex max-w-2xl flex-col items-center px-5 py-24 text-center sm:px-8">
        <p aria-hidden="true" className="font-display text-[8rem] leading-none font-medium text-gold-600/80 italic md:text-[11rem]">
          404
        </p>
        <Ornament className="mt-4" />
        <Eyebrow className="mt-10">Page not found</Eyebrow>
        <h1 className="mt-5 font-display text-4xl leading-tight text-ink-900 md:text-5xl">This page has drifted out to sea.</h1>
        <p className="mt-6 max-w-md text-lg leading-relaxed text-muted-foreground">
          The address may be mistyped, or the page may have moved. Let us take you somewhere calmer.
        </p>
        <div className="mt-10 flex flex-col gap-4 sm:flex-row">
          <Button asChild size="lg">
            <Link to="/">Return home</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/team">Meet the team</Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
