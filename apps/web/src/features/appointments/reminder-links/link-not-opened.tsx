import { Button } from "@halcyon/ui/components/button";
import { Link } from "react-router-dom";

import { StatusPage } from "../../../components/status-page";

/**
 * What a notice's link shows when it could not do its work (spent, expired, someone else's, the
 * session moved): the server's reason as it said it, and the way to the member's appointments.
 */
export function LinkNotOpened({ eyebrow, title, reason, way }: { eyebrow: string; title: string; reason: string; way: string }) {
  return (
    <StatusPage
      glow="gold"
      eyebrow={eyebrow}
      title={title}
      lead={<span role="alert">{reason}</span>}
      actions={
        <Button asChild size="lg">
          <Link to="/appointments">{way}</Link>
        </Button>
      }
    />
  );
}
