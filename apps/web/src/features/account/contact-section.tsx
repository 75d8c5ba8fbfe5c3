import { Badge } from "@halcyon/ui/components/badge";
import { Button } from "@halcyon/ui/components/button";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useContext, useState, type FormEvent } from "react";

import { LoadFailed } from "../../components/load-failed";
import { PageLoading } from "../../components/page-loading";
import { SectionCard } from "../../components/section-card";
import { browserTimeZone } from "../../lib/auth/time-zone";
import { ClinicTimeZoneContext } from "../../lib/clinic-time-zone-context";
import { trpc } from "../../lib/trpc";
import { FormField } from "../auth/form-field";
import { useRecheckWhenAsked } from "./use-recheck-when-asked";

/**
 * Where the clinic writes to the member, and whose clock its emails speak of: the address (used
 * only once verified: the link sent to it; sent again on asking) and the time zone (this
 * browser's, recorded at sign-in).
 */
export function ContactSection() {
  const contact = trpc.account.contact.useQuery();
  const utils = trpc.useUtils();
  const clinicZone = useContext(ClinicTimeZoneContext);
  const [draft, setDraft] = useState<string>();
  const [problem, setProblem] = useState<string>();
  const recheck = useRecheckWhenAsked({ title: "Change your email address?", actionLabel: "Change it", busyLabel: "Changing…" });
  const saved = (data: NonNullable<typeof contact.data>) => {
    utils.account.contact.setData(undefined, data);
    setDraft(undefined);
  };
  const change = trpc.account.changeEmail.useMutation({
    onSuccess: (data) => {
      saved(data);
      toast({
        title: data.email ? "Check your inbox" : "Email address removed",
        description: data.email ? `We sent a link to ${data.email}. Follow it to confirm the address.` : "We will not email you any more.",
      });
    },
    onError: (error, input) => {
      if (recheck.offer(error, () => change.mutateAsync(input))) return;
      setProblem(error.message);
    },
  });
  const resend = trpc.account.resendVerification.useMutation({
    onSuccess: (data) => toast({ title: "Link sent again", description: `Look for it at ${data.email ?? "your address"}; it works for 24 hours.` }),
    onError: (error) => toast({ variant: "destructive", title: "No link was sent", description: error.message }),
  });
  const saveZone = trpc.account.setTimeZone.useMutation({
    onSuccess: (data) => {
      saved(data);
      toast({ title: "Time zone saved", description: `Our emails will give times in ${data.timeZone ?? ""}.` });
    },
    onError: (error) => toast({ variant: "destructive", title: "Time zone not saved", description: error.message }),
  });

  if (contact.isPending) return <PageLoading label="Loading your email address" />;
  if (contact.isError)
    return <LoadFailed what="your email address" reason={contact.error.message} onRetry={() => void contact.refetch()} retrying={contact.isFetching} />;
  const { email, emailVerifiedAt, timeZone } = contact.data;
  const value = draft ?? email ?? "";
  const here = browserTimeZone();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setProblem(undefined);
    change.mutate({ email: value.trim() === "" ? null : value.trim() });
  };

  return (
    <SectionCard title="Email and time zone" description="We write only about your appointments and your account, never about your care.">
      <div className="grid max-w-xl gap-8">
        <div className="grid gap-3">
          <p className="flex flex-wrap items-center gap-2 text-ink-900">
            <span className="font-medium">{email ?? "No email address"}</span>
            {email ? emailVerifiedAt ? <Badge tone="sage">Verified</Badge> : <Badge tone="gold">Not verified</Badge> : null}
          </p>
          {email && !emailVerifiedAt ? (
            <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
              <span>We write to it once you follow the link we sent there.</span>
              <Button variant="outline" size="sm" disabled={resend.isPending} onClick={() => resend.mutate()}>
                {resend.isPending ? "Sending…" : "Send the link again"}
              </Button>
            </div>
          ) : null}
        </div>
        <form noValidate onSubmit={submit} aria-label="Change your email address" className="grid gap-4">
          <FormField
            id="account-email"
            label="Email address"
            type="email"
            autoComplete="email"
            value={value}
            problem={problem}
            disabled={change.isPending}
            onChange={(event) => {
              setDraft(event.target.value);
              setProblem(undefined);
            }}
          />
          <Button type="submit" variant="outline" className="w-fit" disabled={change.isPending || value.trim() === (email ?? "")}>
            {change.isPending ? "Saving…" : "Save email address"}
          </Button>
        </form>
        <div className="grid gap-3">
          <p className="text-sm text-muted-foreground">
            Our emails give times in <span className="font-medium text-ink-900">{timeZone ?? clinicZone ?? "the clinic's time zone"}</span>
            {timeZone ? "." : ", the clinic's, until you sign in from your own device."}
          </p>
          {here && here !== timeZone ? (
            <Button variant="outline" size="sm" className="w-fit" disabled={saveZone.isPending} onClick={() => saveZone.mutate({ timeZone: here })}>
              Use this device's time zone ({here})
            </Button>
          ) : null}
        </div>
      </div>
      {recheck.dialog}
    </SectionCard>
  );
}
