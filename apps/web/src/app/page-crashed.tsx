import { Button } from "@halcyon/ui/components/button";
import { useEffect } from "react";
import { Link, useRouteError } from "react-router-dom";

import { StatusPage } from "../components/status-page";
import { pageTitle } from "../lib/clinic";
import { useDocumentTitle } from "../lib/use-document-title";

/**
 * What stands in for a page that failed: its code could not be fetched (the connection dropped,
 * or a new version of the app was published meanwhile), or it broke as it rendered. Reloading
 * brings the page back, in its newest version; nothing the member saved is lost.
 */
export function PageCrashed() {
  const error = useRouteError();
  useDocumentTitle(pageTitle("This page could not open"));
  // For whoever looks into it: the page itself says only what the member can do.
  useEffect(() => console.error(error), [error]);
  return (
    <StatusPage
      glow="sage"
      eyebrow="Something went wrong"
      title="This page could not open."
      lead="The connection may have dropped for a moment, or the app has just been updated. Reloading usually brings it back."
      actions={
        <>
          <Button size="lg" onClick={() => window.location.reload()}>
            Reload the page
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/" reloadDocument>
              Return home
            </Link>
          </Button>
        </>
      }
    />
  );
}
