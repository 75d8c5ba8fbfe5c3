import { Eyebrow } from "@halcyon/ui/components/eyebrow";
import { Ornament, Rings } from "@halcyon/ui/components/ornament";
import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { LockKeyhole, MoonStar, Sprout } from "lucide-react";
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";

import { BrandEmblem } from "../../components/brand-mark";
import { PageLoading } from "../../components/page-loading";
import { useCurrentUser } from "../../lib/auth/current-user";
import { nextPathFrom } from "../../lib/auth/role-paths";
import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AuthForm } from "./auth-form";
import { ForgotPassword } from "./forgot-password";
import type { AuthMode } from "./auth-form-validation";
import { SecondStepForm, secondStepLead } from "./second-step-form";
import type { SecondStepMethod } from "./use-auth-mutations";

const HEADINGS = {
  login: {
    eyebrow: "Members",
    title: "Welcome back",
    lead: "Sign in to see your sessions, your progress and your messages.",
  },
  register: {
    eyebrow: "New to Halcyon",
    title: "Create your account",
    lead: "A few details, and your private space is ready. What you share stays with us.",
  },
} as const;
const SECOND_STEP = { eyebrow: "Two-step sign-in", title: "One more step" } as const;

const REASSURANCES = [
  { icon: LockKeyhole, text: "Your details are kept private and are never shared or sold." },
  { icon: MoonStar, text: "Find a free hour and book it online, at any time of day." },
  { icon: Sprout, text: "Follow your progress, session by session, at your own pace." },
];

export function AuthPage() {
  const { user, isLoading } = useCurrentUser();
  const [mode, setMode] = useState<AuthMode>("login");
  // The second steps the server asked for, once the password was right.
  const [secondStep, setSecondStep] = useState<SecondStepMethod[]>();
  // Set the moment this form signs someone in, so its own success is not mistaken for an old session.
  const [signedInHere, setSignedInHere] = useState(false);
  const heading = secondStep ? { ...SECOND_STEP, lead: secondStepLead(secondStep) } : HEADINGS[mode];
  const next = nextPathFrom(useSearchParams()[0].get("next"));
  useDocumentTitle(pageTitle(mode === "login" ? "Log in" : "Create account"));

  if (isLoading) return <PageLoading label="Checking your session" />;
  if (user && !signedInHere) return <Navigate to={next ?? "/"} replace />;

  return (
    <div className="relative isolate">
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_32rem_at_100%_0%,var(--color-gold-200),transparent_70%)]" />
      <div className="mx-auto grid max-w-7xl gap-12 px-5 py-16 sm:px-8 md:py-24 lg:grid-cols-[0.9fr_1.1fr] lg:gap-20">
        <aside
          data-surface="ink"
          className="relative hidden overflow-hidden rounded-xl bg-ink-900 p-12 text-ivory-50 shadow-lifted lg:flex lg:flex-col lg:justify-between"
        >
          <div aria-hidden="true" className="absolute inset-0 bg-[radial-gradient(28rem_22rem_at_0%_0%,var(--color-ink-700),transparent_70%)]" />
          <Rings className="absolute top-1/2 -right-24 size-96 -translate-y-1/2" />
          <div className="relative">
            <BrandEmblem className="size-14 text-gold-300" />
            <p className="mt-10 font-display text-4xl leading-snug italic">Take a breath. You are in good hands.</p>
            <Ornament tone="light" className="mt-8" />
          </div>
          <ul className="relative mt-16 grid gap-6">
            {REASSURANCES.map(({ icon: Icon, text }) => (
              <li key={text} className="flex gap-4 text-sm leading-relaxed text-ivory-200">
                <Icon className="mt-0.5 size-5 shrink-0 text-gold-300" strokeWidth={1.4} aria-hidden="true" />
                {text}
              </li>
            ))}
          </ul>
        </aside>

        <section aria-labelledby="auth-title" className="mx-auto w-full max-w-xl">
          <Eyebrow>{heading.eyebrow}</Eyebrow>
          <h1 id="auth-title" className="mt-5 font-display text-5xl leading-tight text-ink-900 md:text-6xl">
            {heading.title}
          </h1>
          <p className="mt-4 text-lg leading-relaxed text-muted-foreground">{heading.lead}</p>
          <div className="mt-10 rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-10">
            <TooltipProvider>
              {secondStep ? (
                <SecondStepForm methods={secondStep} onSignedIn={() => setSignedInHere(true)} onStartOver={() => setSecondStep(undefined)} next={next} />
              ) : (
                <AuthForm mode={mode} onModeChange={setMode} onSignedIn={() => setSignedInHere(true)} onSecondStep={setSecondStep} next={next} />
              )}
            </TooltipProvider>
          </div>
          {mode === "login" ? <ForgotPassword /> : null}
        </section>
      </div>
    </div>
  );
}
