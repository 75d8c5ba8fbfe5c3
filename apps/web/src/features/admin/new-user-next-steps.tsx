/** Beside the new-user form: what happens once the account exists. */
export function NextSteps() {
  return (
    <aside className="flex flex-col gap-6 self-start rounded-xl border border-hairline bg-ivory-50/70 p-7 lg:sticky lg:top-28">
      <p className="font-display text-2xl text-ink-900">What happens next</p>
      <ol className="grid gap-5 text-sm leading-relaxed text-ink-800">
        {[
          "You see a one-time password, once. Copy it and pass it on privately.",
          "They sign in with it and are asked to choose their own password before anything else.",
          "You can change their role or pause their account at any time from All users.",
        ].map((step, index) => (
          <li key={step} className="flex gap-4">
            <span
              aria-hidden="true"
              className="flex size-7 shrink-0 items-center justify-center rounded-full border border-hairline font-display text-base text-gold-700"
            >
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
    </aside>
  );
}
