import { Ornament } from "@halcyon/ui/components/ornament";
import { Mail, MapPin, Phone } from "lucide-react";
import { Link } from "react-router-dom";

import { Wordmark } from "../../components/brand-mark";
import { useCurrentUser } from "../../lib/auth/current-user";
import { CLINIC_CONTACT } from "../../lib/clinic";

export function SiteFooter() {
  const { isAuthenticated } = useCurrentUser();
  return (
    <footer data-surface="ink" className="border-t border-gold-500/25 bg-ink-950 text-ivory-200">
      <div className="mx-auto grid max-w-7xl gap-14 px-5 pt-20 pb-10 sm:px-8 md:grid-cols-[1.4fr_1fr_1fr]">
        <div className="max-w-sm">
          <Wordmark tone="light" />
          <p className="mt-6 text-sm leading-relaxed text-stone-400">
            A private practice for mental wellness. Unhurried care, evidence-based therapy and complete discretion.
          </p>
        </div>

        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.28em] text-gold-300 uppercase">Visit</h2>
          <address className="mt-5 space-y-4 text-sm leading-relaxed not-italic">
            <p className="flex gap-3">
              <MapPin className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <span>
                {CLINIC_CONTACT.addressLines.map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </span>
            </p>
            <p className="flex gap-3">
              <Phone className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <a className="hover:text-gold-200" href={CLINIC_CONTACT.phone.href}>
                {CLINIC_CONTACT.phone.label}
              </a>
            </p>
            <p className="flex gap-3">
              <Mail className="mt-0.5 size-4 shrink-0 text-gold-400" aria-hidden="true" />
              <a className="hover:text-gold-200" href={`mailto:${CLINIC_CONTACT.email}`}>
                {CLINIC_CONTACT.email}
              </a>
            </p>
          </address>
        </div>

        <div>
          <h2 className="font-sans text-xs font-semibold tracking-[0.28em] text-gold-300 uppercase">Explore</h2>
          <ul className="mt-4 space-y-1 text-sm">
            <li>
              <Link className="inline-block py-1.5 hover:text-gold-200" to="/#services">
                Services
              </Link>
            </li>
            <li>
              <Link className="inline-block py-1.5 hover:text-gold-200" to="/#about">
                About
              </Link>
            </li>
            <li>
              <Link className="inline-block py-1.5 hover:text-gold-200" to="/team">
                Our team
              </Link>
            </li>
            {/* Signed in, the header's account actions take its place. */}
            {isAuthenticated ? null : (
              <li>
                <Link className="inline-block py-1.5 hover:text-gold-200" to="/auth">
                  Patient sign in
                </Link>
              </li>
            )}
          </ul>
        </div>
      </div>

      <div className="mx-auto flex max-w-7xl flex-col items-center gap-4 px-5 pb-10 sm:px-8">
        <Ornament tone="light" className="opacity-60" />
        <p className="text-center text-xs leading-relaxed tracking-wide text-stone-400">
          © {new Date().getFullYear()} Halcyon. If you are in crisis, call or text 988 (US) at any hour.
        </p>
      </div>
    </footer>
  );
}
