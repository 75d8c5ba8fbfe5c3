import type { AdminUser } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Check, Copy, KeyRound } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router-dom";
import { cn } from "@halcyon/ui/lib/utils";

import { displayName } from "./people";

async function copyText(text: string, fallbackInput: HTMLInputElement | null): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    // Older browsers, or no clipboard permission: select it and use the legacy command.
    if (!fallbackInput) return false;
    fallbackInput.select();
    return document.execCommand("copy");
  }
}

/** The new account's one-time password, shown this once, with a way to copy it. */
export function OneTimePasswordPanel({ user, password, onAddAnother }: { user: AdminUser; password: string; onAddAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The page changed under the admin: start them at its top, on the news.
  useEffect(() => {
    window.scrollTo({ top: 0 });
    headingRef.current?.focus({ preventScroll: true });
  }, []);
  return (
    <div data-surface="ink" className="relative overflow-hidden rounded-xl bg-ink-900 p-7 text-ivory-50 shadow-lifted sm:p-10">
      <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(30rem_20rem_at_100%_0%,var(--color-ink-700),transparent_70%)]" />
      <div className="relative">
        <Eyebrow tone="light">Account created</Eyebrow>
        <h2 ref={headingRef} tabIndex={-1} className="mt-4 font-display text-4xl leading-tight outline-none">
          {displayName(user)} is ready to sign in.
        </h2>
        <p className="mt-4 max-w-xl text-sm leading-relaxed text-ivory-200">
          Their username is <strong className="font-semibold text-ivory-50">{user.username}</strong>. Give them this one-time password; at their first sign-in
          they will be asked to choose their own.
        </p>

        <OneTimePasswordField password={password} className="mt-8" />
        <p className="mt-5 flex items-start gap-2 text-sm leading-relaxed text-gold-200">
          <span aria-hidden="true" className="mt-1.5 size-1.5 shrink-0 rotate-45 bg-gold-300" />
          Write it down or pass it on now: it will not be shown again, and it works for 72 hours. If it is lost or runs out, issue a new one from their row in
          All users.
        </p>

        <div className="mt-10 flex flex-col gap-3 border-t border-ivory-50/15 pt-8 sm:flex-row">
          <Button type="button" variant="outline-light" onClick={onAddAnother}>
            Add another user
          </Button>
          <Button asChild variant="outline-light">
            <Link to="/admin/users">Go to all users</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

/** A one-time password, shown once on an ink surface, with a way to copy it. */
export function OneTimePasswordField({ password, className }: { password: string; className?: string }) {
  const [copied, setCopied] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2500);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <>
      <div className={cn("flex flex-col gap-3 sm:flex-row sm:items-stretch", className)}>
        <label htmlFor="one-time-password" className="sr-only">
          One-time password
        </label>
        <div className="flex min-w-0 flex-1 items-center gap-3 rounded-lg border border-gold-300/40 bg-ink-950/60 px-4">
          <KeyRound className="size-5 shrink-0 text-gold-300" strokeWidth={1.4} aria-hidden="true" />
          <input
            ref={inputRef}
            id="one-time-password"
            readOnly
            value={password}
            onFocus={(event) => event.target.select()}
            className="h-14 w-0 min-w-0 flex-1 bg-transparent font-mono text-lg tracking-wider text-ivory-50 outline-none"
          />
        </div>
        <Button type="button" size="lg" className="h-14" onClick={() => void copyText(password, inputRef.current).then((ok) => setCopied(ok))}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? "Copied" : "Copy password"}
        </Button>
      </div>
      <p role="status" className="sr-only">
        {copied ? "The one-time password is on the clipboard." : ""}
      </p>
    </>
  );
}
