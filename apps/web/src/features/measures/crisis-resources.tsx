import type { CrisisResource } from "@halcyon/domain/schemas";
import { LifeBuoy, Phone } from "lucide-react";
import { useEffect, useRef } from "react";

/** The number to dial in "Call or text 988", for a tap-to-call link; null when there is none. */
export function dialNumberOf(contact: string): string | null {
  const digits = contact.match(/\+?\d[\d\s-]{1,16}\d|\d{3}/)?.[0];
  return digits ? digits.replace(/[\s-]/g, "") : null;
}

/**
 * Shown at once when a PHQ-9's item 9 is answered above 0: where to turn now, as the clinic set it.
 * It takes the focus and is announced, so nobody misses it.
 */
export function CrisisResources({ resources, hasTherapist }: { resources: readonly CrisisResource[]; hasTherapist: boolean }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section role="alert" aria-labelledby="crisis-heading" className="rounded-2xl border border-rose-700/30 bg-rose-50 p-6 sm:p-8">
      <div className="flex items-start gap-4">
        <LifeBuoy className="mt-1 size-7 shrink-0 text-rose-700" aria-hidden="true" />
        <div className="grid gap-3">
          <h2 id="crisis-heading" ref={heading} tabIndex={-1} className="font-display text-2xl text-ink-900 outline-none">
            You do not have to carry this alone
          </h2>
          <p className="leading-relaxed text-ink-800">
            You told us you have had thoughts of being better off dead or of hurting yourself.{" "}
            {hasTherapist
              ? "Your therapist has been told and will be in touch. If you might act on these thoughts, or you are in danger now, reach out right away:"
              : "You do not have a therapist with us yet, so please do not wait to hear from us: reach out now to someone who can help today:"}
          </p>
          <ul className="mt-1 grid gap-3">
            {resources.map((resource) => {
              const number = dialNumberOf(resource.contact);
              return (
                <li key={resource.name} className="rounded-xl border border-rose-700/20 bg-ivory-50 px-4 py-3">
                  <p className="font-medium text-ink-900">{resource.name}</p>
                  {number ? (
                    <a
                      href={`tel:${number}`}
                      className="mt-0.5 inline-flex items-center gap-2 text-lg font-semibold text-rose-700 underline-offset-4 hover:underline"
                    >
                      <Phone className="size-4" aria-hidden="true" />
                      {resource.contact}
                    </a>
                  ) : (
                    <p className="mt-0.5 text-lg font-semibold text-rose-700">{resource.contact}</p>
                  )}
                  {resource.detail && <p className="mt-0.5 text-sm text-stone-700">{resource.detail}</p>}
                </li>
              );
            })}
          </ul>
        </div>
      </div>
    </section>
  );
}
