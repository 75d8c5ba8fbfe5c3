import { lazy, Suspense, useState } from "react";
import { Outlet, ScrollRestoration } from "react-router-dom";

import { needsAccountGate, useCurrentUser } from "../../lib/auth/current-user";
import { ClinicTimeZoneFromProfile } from "../../lib/clinic-time-zone-context";
import { useNewRecoveryCode } from "../../lib/messaging-keys/key-events";
import { useRealtimeNotices } from "../../lib/realtime/use-realtime";
import { trpc } from "../../lib/trpc";
import { RouteProgress } from "./route-progress";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";

// The card's code comes only when there is a notice to show: not with every first load.
const AccountNoticeCard = lazy(async () => ({ default: (await import("./account-notices")).AccountNoticeCard }));
const VisitInvitation = lazy(async () => ({ default: (await import("./visit-invitation")).VisitInvitation }));
const RecoveryCodeNotice = lazy(async () => ({ default: (await import("./recovery-code-notice")).RecoveryCodeNotice }));

/**
 * The frame of every page. It holds no state of its own: what comes and goes around the page (a
 * recovery code to save, an invitation to a visit, an account notice) lives in small components of
 * its own, so that their changes re-render them alone, not the header, the footer and the page.
 */
export function RootLayout() {
  return (
    <ClinicTimeZoneFromProfile>
      <div className="flex min-h-dvh flex-col">
        <a href="#main" className="sr-only z-50 rounded-full bg-ink-900 px-5 py-3 text-sm text-ivory-50 focus:not-sr-only focus:fixed focus:top-4 focus:left-4">
          Skip to content
        </a>
        <RouteProgress />
        <SiteHeader />
        {/* Focusable so the skip link can move focus here; no ring, it frames the whole page. At least a
          screen tall, so the footer starts below the fold and a page filling in as its data arrives
          never pushes it about in view (layout shift). */}
        <main id="main" tabIndex={-1} className="min-h-dvh flex-1 pt-20 outline-none">
          <NewRecoveryCode />
          <Outlet />
        </main>
        <SiteFooter />
        <VisitInvitationOffer />
        <AccountNotice />
        {/* Restores scroll on back/forward, starts new pages at the top, and honours #section links. */}
        <ScrollRestoration />
      </div>
    </ClinicTimeZoneFromProfile>
  );
}

/** The recovery code of messaging keys just made: in the page's flow, not over it, as it asks to be read and kept and covers nothing. */
function NewRecoveryCode() {
  const [recoveryCode, recoveryCodeSaved] = useNewRecoveryCode();
  if (!recoveryCode) return null;
  return (
    <Suspense fallback={null}>
      <RecoveryCodeNotice code={recoveryCode} onSaved={recoveryCodeSaved} />
    </Suspense>
  );
}

/** The instant visit a doctor has just invited this patient to, until they join, decline, or it ends. */
function VisitInvitationOffer() {
  const [visitId, setVisitId] = useState<number | null>(null);
  useRealtimeNotices((notice) => {
    if (notice.type === "visit_invite") setVisitId(notice.data.visitId);
    if (notice.type === "visit_end" && notice.data.visitId === visitId) setVisitId(null);
  });
  if (visitId === null) return null;
  return (
    <Suspense fallback={null}>
      <VisitInvitation visitId={visitId} onClose={() => setVisitId(null)} />
    </Suspense>
  );
}

/** The member's newest account notice, once no recovery code is waiting to be saved. */
function AccountNotice() {
  const { user } = useCurrentUser();
  // Asked for as soon as the member is known, with the page's own first reads (one round trip).
  const notices = trpc.account.notices.useQuery(undefined, { enabled: user !== null && !needsAccountGate(user) });
  const [recoveryCode] = useNewRecoveryCode();
  const notice = notices.data?.[0];
  if (!notice || recoveryCode) return null;
  return (
    <Suspense fallback={null}>
      <AccountNoticeCard notice={notice} />
    </Suspense>
  );
}
