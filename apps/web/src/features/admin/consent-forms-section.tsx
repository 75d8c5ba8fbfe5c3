import type { ConsentDocument, ConsentKind } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { Textarea } from "@halcyon/ui/components/textarea";
import { toast } from "@halcyon/ui/hooks/use-toast";
import { useState, type FormEvent } from "react";

import { formatDate } from "../../lib/time-format";
import { trpc } from "../../lib/trpc";
import { AdminField } from "./admin-field";
import { messageOf, toastFailure } from "./feedback";
import { Section } from "./settings-section";

/** The consents patients sign before their first session; a changed text is a new version they sign again. */
export function ConsentFormsSection() {
  const documents = trpc.intake.consents.useQuery();
  return (
    <Section
      title="Consent forms"
      description="What patients read and sign, by typing their name, before their first session. A changed text becomes a new version, which every patient signs at their next visit."
    >
      {documents.data ? (
        documents.data.map((document) => <ConsentEditor key={`${document.kind}-${document.version}`} document={document} />)
      ) : (
        <p className="text-sm text-muted-foreground">{documents.error ? `We couldn't load them. ${documents.error.message}` : "Loading..."}</p>
      )}
    </Section>
  );
}

function ConsentEditor({ document }: { document: ConsentDocument }) {
  const [body, setBody] = useState(document.body);
  const [error, setError] = useState<string>();
  const utils = trpc.useUtils();
  const update = trpc.intake.updateConsent.useMutation({
    onSuccess: (next) => {
      toast({ title: `${next.title}: version ${next.version}`, description: "Patients will be asked to sign it at their next visit." });
      void utils.intake.consents.invalidate();
      void utils.admin.auditLog.invalidate();
    },
    onError: (failure) => {
      setError(messageOf(failure));
      toastFailure("The consent was not saved", failure);
    },
  });
  const id = `consent-${document.kind satisfies ConsentKind}`;
  const changed = body.trim() !== document.body;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ kind: document.kind, baseVersion: document.version, body });
  };

  return (
    <form noValidate onSubmit={submit} aria-label={document.title} className="grid gap-3">
      <AdminField id={id} label={document.title} description={`Version ${document.version}, in use since ${formatDate(document.createdAt)}.`} error={error}>
        <Textarea
          value={body}
          rows={8}
          disabled={update.isPending}
          onChange={(event) => {
            setBody(event.target.value);
            setError(undefined);
          }}
        />
      </AdminField>
      <Button type="submit" variant="outline" className="justify-self-start" disabled={!changed || update.isPending}>
        {update.isPending ? "Publishing..." : "Publish as a new version"}
      </Button>
    </form>
  );
}
