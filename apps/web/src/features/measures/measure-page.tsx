import type { InstrumentId, SubmittedMeasure } from "@halcyon/domain/schemas";
import { INSTRUMENTS } from "@halcyon/domain/rules";
import { Button } from "@halcyon/ui/components/button";
import { cn } from "@halcyon/ui/lib/utils";
import { useState, type FormEvent } from "react";
import { Link, useParams } from "react-router-dom";

import { MemberPage } from "../../components/member-page";
import { pageTitle } from "../../lib/clinic";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { NotFoundPage } from "../not-found/not-found-page";
import { CrisisResources } from "./crisis-resources";

const isInstrumentId = (id: string | undefined): id is InstrumentId => id === "phq9" || id === "gad7";

/** A questionnaire to complete: every item on one page, each answered with one tap; scored by the server. */
export function MeasurePage() {
  const { instrument: id } = useParams();
  if (!isInstrumentId(id)) return <NotFoundPage />;
  return <MeasureForm id={id} key={id} />;
}

function MeasureForm({ id }: { id: InstrumentId }) {
  const instrument = INSTRUMENTS[id];
  useDocumentTitle(pageTitle(instrument.name));
  const [answers, setAnswers] = useState<(number | undefined)[]>(() => instrument.items.map(() => undefined));
  const [result, setResult] = useState<SubmittedMeasure>();
  const utils = trpc.useUtils();
  const submit = trpc.measures.submit.useMutation({
    onSuccess: (submitted) => {
      setResult(submitted);
      void utils.measures.due.invalidate();
      window.scrollTo({ top: 0 });
    },
  });
  const answered = answers.filter((answer) => answer !== undefined).length;
  const complete = answered === instrument.items.length;

  const send = (event: FormEvent) => {
    event.preventDefault();
    if (complete) submit.mutate({ instrument: id, answers: answers as number[] });
  };

  if (result) return <MeasureResult result={result} />;
  return (
    <MemberPage
      eyebrow="A short questionnaire"
      title={instrument.name}
      lead={`${instrument.question} It takes about two minutes; your therapist sees your answers.`}
    >
      <form onSubmit={send} aria-label={instrument.title} className="mx-auto grid max-w-3xl gap-5">
        {instrument.items.map((item, index) => (
          <fieldset key={item} className="rounded-2xl border border-hairline bg-ivory-50 p-5 shadow-soft sm:p-6">
            <legend className="sr-only">
              {index + 1}. {item}
            </legend>
            <p aria-hidden="true" className="text-[1.05rem] leading-relaxed text-ink-900">
              <span className="mr-2 font-display text-gold-700">{index + 1}.</span>
              {item}
            </p>
            <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4">
              {instrument.options.map((option) => (
                <label key={option.value} className="relative cursor-pointer">
                  <input
                    type="radio"
                    name={`item-${index}`}
                    value={option.value}
                    checked={answers[index] === option.value}
                    onChange={() => setAnswers((current) => current.map((answer, at) => (at === index ? option.value : answer)))}
                    className="peer sr-only"
                  />
                  <span
                    className={cn(
                      "flex min-h-12 items-center justify-center rounded-xl border border-input bg-ivory-50 px-3 py-2 text-center text-sm leading-snug text-ink-800 transition-colors",
                      "peer-checked:border-ink-900 peer-checked:bg-ink-900 peer-checked:text-ivory-50 peer-focus-visible:ring-2 peer-focus-visible:ring-gold-500 hover:border-gold-600",
                    )}
                  >
                    {option.label}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        ))}
        <div className="flex flex-col items-center gap-3 pt-2 sm:flex-row sm:justify-between">
          <p className="text-sm text-stone-600 tabular-nums" aria-live="polite">
            {answered} of {instrument.items.length} answered
          </p>
          <Button type="submit" size="lg" disabled={!complete || submit.isPending}>
            {submit.isPending ? "Sending…" : "Send my answers"}
          </Button>
        </div>
        {submit.isError && (
          <p role="alert" className="text-center text-sm text-rose-700">
            Your answers were not sent: {submit.error.message} Please try again.
          </p>
        )}
      </form>
    </MemberPage>
  );
}

function MeasureResult({ result }: { result: SubmittedMeasure }) {
  const instrument = INSTRUMENTS[result.instrument];
  return (
    <MemberPage
      eyebrow="Thank you"
      // Said only when true: a patient no active doctor cares for yet is not promised one.
      title={result.hasTherapist ? `Your ${instrument.name} is with your therapist` : `Your ${instrument.name} is saved`}
      lead={`You scored ${result.score} of ${instrument.maxScore}: ${result.band.toLowerCase()}. ${
        result.hasTherapist ? "Your therapist will look at it with you." : "It is kept with your record, for the therapist you begin with."
      }`}
    >
      <div className="mx-auto grid max-w-3xl gap-6">
        {result.safetyAlert && <CrisisResources resources={result.crisisResources} hasTherapist={result.hasTherapist} />}
        <div className="flex justify-center">
          <Button asChild variant={result.safetyAlert ? "outline" : "default"}>
            <Link to="/dashboard/patient">Back to your dashboard</Link>
          </Button>
        </div>
      </div>
    </MemberPage>
  );
}
