import { Button } from "@halcyon/ui/components/button";
import { Link } from "react-router-dom";

import { StatusPage } from "../../components/status-page";
import { pageTitle } from "../../lib/clinic";
import { useDocumentTitle } from "../../lib/use-document-title";

export function NotFoundPage() {
  useDocumentTitle(pageTitle("Page not found"));
  return (
    <StatusPage
      status="404"
      glow="gold"
      eyebrow="Page not found"
      title="This page has drifted out to sea."
      lead="The address may be mistyped, or the page may have moved. Let us take you somewhere calmer."
      actions={
        <>
          <Button asChild size="lg">
            <Link to="/">Return home</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/team">Meet the team</Link>
          </Button>
        </>
      }
    />
  );
}
