import { Button } from "@halcyon/ui/components/button";
import { Link } from "react-router-dom";

import { useCurrentUser } from "../lib/auth/current-user";
import { dashboardPathFor } from "../lib/auth/role-paths";
import { pageTitle } from "../lib/clinic";
import { useDocumentTitle } from "../lib/use-document-title";
import { StatusPage } from "./status-page";

/** Shown on a page the signed-in member's role may not open (the server refuses its data too). */
export function ForbiddenPage() {
  const { user } = useCurrentUser();
  useDocumentTitle(pageTitle("Not available"));
  return (
    <StatusPage
      status="403"
      glow="sage"
      eyebrow="Not available"
      title="This room is reserved for others."
      lead={<>Your account does not open this page. If you believe it should, please speak with the clinic&rsquo;s administrator.</>}
      actions={
        <>
          {user ? (
            <Button asChild size="lg">
              <Link to={dashboardPathFor(user.role)}>Go to your dashboard</Link>
            </Button>
          ) : null}
          <Button asChild size="lg" variant="outline">
            <Link to="/">Return home</Link>
          </Button>
        </>
      }
    />
  );
}
