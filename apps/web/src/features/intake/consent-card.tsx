import type { ConsentStatus } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Input } from "@halcyon/ui/components/input";
import { CircleCheck } from "lucide-react";
import { useEffect, useId, useState, type FormEvent } from "react";

import { Field } from "../../components/field";
import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";

/** One consent: its text to read, and a signature by typing one's full name. */
export function ConsentCard({ consent, fullName }: { consent: ConsentStatus; fullName: string }) {
  const ids = useId();
  const [typedName, setTypedName] = useState("");
  const [problem, setProblem] = useState<string>();
  const utils = trpc.useUtils();
  const sign = trpc.intake.sign.useMutation({
    onSuccess: (status) => utils.intake.mine.setData(undefined, status),
    onError: (error) => {
      setProblem(error.message);
      // A newer version was published while they read: show it.
      if (error.data?.code === "CONFLICT") void utils.intake.mine.invalidate();
    },
  });
  // Once the field is enabled again after a refusal, it takes the focus.
  useEffect(() => {
    if (problem && !sign.isPending) document.getElementById(`${ids}-name`)?.focus();
  }, [problem, sign.isPending, ids]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!typedName.trim()) {
      setProblem("Type your full name to sign.");
      return;
    }
    sign.mutate({ kind: consent.kind, version: consent.version, typedName });
  };

  return (
    <section aria-labelledby={`${ids}-title`} className="grid gap-5 rounded-2xl border border-hairline bg-ivory-50 p-5 shadow-soft sm:p-8">
      <header className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${ids}-title`} className="font-display text-[1.7rem] leading-tight text-ink-900">
          {consent.title}
        </h2>
        <p className="text-xs text-stone-600">Version {consent.version}</p>
      </header>
      {consent.signed && !consent.current ? (
        <p className="text-sm text-gold-800">The clinic has updated this consent since you signed version {consent.signed.version}. Please read it again.</p>
      ) : null}
      <div
        tabIndex={0}
        role="document"
        aria-label={`${consent.title}, version ${consent.version}`}
        className="max-h-72 overflow-y-auto rounded-lg border border-ivory-300 bg-card px-5 py-4 text-[0.95rem] leading-relaxed whitespace-pre-line text-ink-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {consent.body}
      </div>
      {consent.current && consent.signed ? (
        <p className="flex items-center gap-2 text-sm text-sage-700">
          <CircleCheck className="size-4" aria-hidden="true" />
          Signed as “{consent.signed.typedName}” on {formatDate(consent.signed.signedAt)}.
        </p>
      ) : (
        <form noValidate onSubmit={submit} className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-start">
          <Field
            htmlFor={`${ids}-name`}
            label="Type your full name to sign"
            invalid={problem !== undefined}
            message={problem ?? `As on your account: ${fullName}.`}
          >
            <Input
              id={`${ids}-name`}
              value={typedName}
              autoComplete="name"
              maxLength={200}
              aria-invalid={problem !== undefined || undefined}
              aria-describedby={`${ids}-name-message`}
              disabled={sign.isPending}
              className="font-display text-lg italic"
              onChange={(event) => {
                setTypedName(event.target.value);
                setProblem(undefined);
              }}
            />
          </Field>
          <Button type="submit" disabled={sign.isPending} className="sm:mt-7">
            {sign.isPending ? "Signing..." : "Sign"}
          </Button>
        </form>
      )}
    </section>
  );
}
