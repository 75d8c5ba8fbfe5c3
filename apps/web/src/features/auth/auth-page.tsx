import { TooltipProvider } from "@halcyon/ui/components/tooltip";
import { LockKeyhole, MoonStar, Sprout } from "lucide-react";
import { useState } from "react";
import { Navigate, useSearchParams } from "react-router-dom";

import { PageLoading } from "../../components/page-loading";
import { useCurrentUser } from "../../lib/auth/current-user";
import { nextPathFrom } from "../../lib/auth/role-paths";
import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";
import { AuthForm } from "./auth-form";
import { AuthLayout, type Reassurance } from "./auth-layout";
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

const REASSURANCES: Reassurance[] = [
  { icon: LockKeyhole, text: "Your details are kept private and are never shared or sold." },
  { icon: MoonStar, text: "Find a free hour and book it online, at any time of day." },
  { icon: Sprout, text: "Follow your progress, session by session, at your own pace." },
];

export function AuthPage() {
  const { user, isLoading } = useCurrentUser();
  const [searchParams] = useSearchParams();
  // An invitation to make an account links here with ?register=1.
  const [mode, setMode] = useState<AuthMode>(searchParams.has("register") ? "register" : "login");
  // The second steps the server asked for, once the password was right.
  const [secondStep, setSecondStep] = useState<SecondStepMethod[]>();
  // Set the moment this form signs someone in, so its own success is not mistaken for an old session.
  const [signedInHere, setSignedInHere] = useState(false);
  const heading = secondStep ? { ...SECOND_STEP, lead: secondStepLead(secondStep) } : HEADINGS[mode];
  const next = nextPathFrom(searchParams.get("next"));
  useDocumentTitle(pageTitle(mode === "login" ? "Log in" : "Create account"));

  if (isLoading) return <PageLoading label="Checking your session" />;
  if (user && !signedInHere) return <Navigate to={next ?? "/"} replace />;

  return (
    <AuthLayout
      quote="Take a breath. You are in good hands."
      reassurances={REASSURANCES}
      titleId="auth-title"
      eyebrow={heading.eyebrow}
      title={heading.title}
      lead={heading.lead}
    >
      <div className="mt-10 rounded-xl border border-hairline bg-card p-6 shadow-soft sm:p-10">
        <TooltipProvider>
          {secondStep ? (
            <SecondStepForm methods={secondStep} onSignedIn={() => setSignedInHere(true)} onStartOver={() => setSecondStep(undefined)} next={next} />
          ) : (
            <AuthForm mode={mode} onModeChange={setMode} onSignedIn={() => setSignedInHere(true)} onSecondStep={setSecondStep} next={next} />
          )}
        </TooltipProvider>
      </div>
      {/* Past the password, a forgotten one is not the question. */}
      {mode === "login" && !secondStep ? <ForgotPassword /> : null}
    </AuthLayout>
  );
}
