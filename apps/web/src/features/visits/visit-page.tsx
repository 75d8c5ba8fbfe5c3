import type { VisitView } from "@halcyon/domain/schemas";
import { Button } from "@halcyon/ui/components/button";
import { useEffect, useRef, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router-dom";

import { MemberPage } from "../../components/member-page";
import { PageLoading } from "../../components/page-loading";
import { LoadFailed } from "../../components/load-failed";
import { dashboardPathFor } from "../../lib/auth/role-paths";
import { useCurrentUser } from "../../lib/auth/current-user";
import { pageTitle } from "../../lib/clinic";
import { useTimeFormat } from "../../lib/clinic-time-zone";
import { trpc } from "../../lib/trpc";
import { useDocumentTitle } from "../../lib/use-document-title";
import { NotFoundPage } from "../not-found/not-found-page";
import { CallRoom } from "./call-room";
import { DeviceCheck } from "./device-check";
import { useLocalMedia, type MediaChoice } from "./use-local-media";
import { VisitEnded } from "./visit-ended";

type Stage = "check" | "call" | "left";

/** Where a tab keeps that it sat in a visit's call, so a reload goes straight back in. */
const joinedKey = (visitId: number) => `halcyon.visit.${visitId}`;

function rememberedChoice(visitId: number): MediaChoice | null {
  try {
    const saved = sessionStorage.getItem(joinedKey(visitId));
    return saved ? (JSON.parse(saved) as MediaChoice) : null;
  } catch {
    return null;
  }
}

/** A video visit's room, /visits/{id}: for its patient and its doctor only (anyone else: not found). */
export function VisitPage() {
  const { user } = useCurrentUser();
  const visitId = Number(useParams().visitId);
  const validId = Number.isInteger(visitId) && visitId > 0;
  const visit = trpc.visits.byId.useQuery({ id: visitId }, { enabled: validId, refetchOnWindowFocus: false });
  const notFound = !validId || visit.error?.data?.code === "NOT_FOUND";
  const name = visit.data ? `${visit.data.otherParty.firstName} ${visit.data.otherParty.lastName}` : null;
  useDocumentTitle(pageTitle(notFound ? "Page not found" : name ? `Visit with ${name}` : "Video visit"));

  if (notFound) return <NotFoundPage />;
  if (visit.error) return <LoadFailed what="this visit" onRetry={() => void visit.refetch()} />;
  if (!visit.data || !user) return <PageLoading label="Opening the visit" />;
  return (
    <MemberPage eyebrow="Video visit" title={visit.data.role === "doctor" ? `Session with ${name}` : `Your session with ${doctorName(visit.data)}`}>
      <VisitStage visit={visit.data} dashboard={dashboardPathFor(user.role)} onChanged={() => void visit.refetch()} />
    </MemberPage>
  );
}

function doctorName(visit: VisitView): string {
  return `Dr. ${visit.otherParty.lastName}`;
}

function VisitStage({ visit, dashboard, onChanged }: { visit: VisitView; dashboard: string; onChanged: () => void }) {
  const remembered = rememberedChoice(visit.id);
  const [stage, setStage] = useState<Stage>(remembered ? "call" : "check");
  // Whether this page has shown the call: the notice that then replaces it takes the focus.
  const [hadCall, setHadCall] = useState(remembered !== null);
  // A chat's "Call" (rather than "Video call") opens the room with the camera off.
  const [searchParams] = useSearchParams();
  const [choice, setChoice] = useState<MediaChoice>(remembered ?? { cameraId: null, microphoneId: null, audioOnly: searchParams.has("audio") });
  const format = useTimeFormat();
  const open = visit.state === "open";
  // No camera is asked for while the patient has a consent to sign first.
  const media = useLocalMedia(choice, open && stage !== "left" && visit.consentNeeded === null);

  // A room not open yet is read again when it opens.
  useEffect(() => {
    if (visit.state !== "not_open") return;
    const timer = setTimeout(onChanged, Math.max(0, Date.parse(visit.opensAt) - Date.now()) + 500);
    return () => clearTimeout(timer);
  }, [visit.state, visit.opensAt, onChanged]);

  if (visit.state === "ended") return <VisitEnded visit={visit} dashboard={dashboard} takeFocus={hadCall} />;
  // The server refuses the join until the telehealth consent is signed: say so, and where, instead of a Join button.
  if (visit.consentNeeded) {
    return (
      <Notice title="One consent to sign before you join" dashboard={dashboard}>
        {/* The server's sentence names the page for API clients; here the button does. */}
        <p>Before joining a video visit, please sign the telehealth consent. It takes a minute.</p>
        <Button asChild className="mt-6">
          <Link to="/intake">Read and sign the telehealth consent</Link>
        </Button>
      </Notice>
    );
  }
  if (visit.state === "not_open") {
    return (
      <Notice title={`Your room opens on ${format.dayAndTime(visit.opensAt)}`} dashboard={dashboard}>
        It opens a quarter of an hour before the session. Keep this page open, or come back then.
      </Notice>
    );
  }
  if (stage === "left") {
    return (
      <Notice title="You have left the visit" dashboard={dashboard} takeFocus>
        <Button className="mt-6" onClick={() => setStage("check")}>
          Rejoin
        </Button>
      </Notice>
    );
  }
  if (stage === "check" || !media.stream) {
    return (
      <DeviceCheck
        media={media}
        choice={choice}
        onChoice={setChoice}
        onJoin={() => {
          sessionStorage.setItem(joinedKey(visit.id), JSON.stringify(choice));
          setStage("call");
          setHadCall(true);
        }}
      />
    );
  }
  return (
    <CallRoom
      visit={visit}
      localStream={media.stream}
      onLeave={() => {
        sessionStorage.removeItem(joinedKey(visit.id));
        setStage("left");
      }}
      onEnded={() => {
        sessionStorage.removeItem(joinedKey(visit.id));
        onChanged();
      }}
    />
  );
}

type NoticeProps = {
  title: string;
  dashboard: string;
  /**
   * It replaces a call (left, or ended): it takes the focus, so that this is said, and seen: a
   * phone scrolled down to the call's controls would otherwise show only the notice's last button.
   */
  takeFocus?: boolean;
  children?: React.ReactNode;
};

/** Where the visit stands when there is no call to show. */
export function Notice({ title, dashboard, takeFocus = false, children }: NoticeProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (!takeFocus) return;
    heading.current?.focus({ preventScroll: true });
    heading.current?.scrollIntoView({ block: "center" });
  }, [takeFocus]);
  return (
    <div className="mx-auto grid max-w-2xl justify-items-center gap-4 rounded-2xl border border-hairline bg-ivory-50 px-6 py-12 text-center">
      <h2 ref={heading} tabIndex={-1} className="font-display text-3xl text-ink-900 outline-none">
        {title}
      </h2>
      {children ? <div className="text-muted-foreground">{children}</div> : null}
      <Button asChild variant="outline" className="mt-4">
        <Link to={dashboard}>Back to your dashboard</Link>
      </Button>
    </div>
  );
}
