import { DatabaseBackup, ScrollText, Settings2, Stethoscope, UserPlus, UsersRound, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

import { BackupAction } from "./backup-action";

type Action = { label: string; to: string; icon: LucideIcon; description: string };

/** The specification's six buttons, each now doing what it says. */
const ACTIONS: Action[] = [
  { label: "View All Users", to: "/admin/users", icon: UsersRound, description: "Search everyone, change a role, pause an account." },
  { label: "Add New User", to: "/admin/users/new", icon: UserPlus, description: "A patient, doctor or admin, with a one-time password." },
  { label: "Manage Doctors", to: "/admin/doctors", icon: Stethoscope, description: "Specializations and weekly hours." },
  { label: "View System Logs", to: "/admin/logs", icon: ScrollText, description: "Who did what, when, and from where." },
];

const SETTINGS: Action = { label: "System Settings", to: "/admin/settings", icon: Settings2, description: "Name, time zone, hours and policies." };

export function QuickActions() {
  return (
    <section aria-labelledby="actions-heading">
      <h2 id="actions-heading" className="font-display text-3xl text-ink-900">
        Administration
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">The running of the house, one step away.</p>
      <ul className="mt-7 grid gap-4 sm:grid-cols-2">
        {ACTIONS.map((action) => (
          <li key={action.to}>
            <ActionLink action={action} />
          </li>
        ))}
        <li>
          <BackupAction
            render={({ label, busy, onClick }) => (
              <ActionTile icon={DatabaseBackup} description="A consistent snapshot, downloaded to this computer." descriptionId="action-backup">
                <button
                  type="button"
                  onClick={onClick}
                  disabled={busy}
                  aria-describedby="action-backup"
                  className="cursor-pointer text-left font-medium text-ink-900 outline-none after:absolute after:inset-0 after:rounded-xl disabled:cursor-progress focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
                >
                  {label}
                </button>
              </ActionTile>
            )}
          />
        </li>
        <li>
          <ActionLink action={SETTINGS} />
        </li>
      </ul>
    </section>
  );
}

function ActionLink({ action }: { action: Action }) {
  const descriptionId = `action-${action.to.replace(/\W+/g, "-")}`;
  return (
    <ActionTile icon={action.icon} description={action.description} descriptionId={descriptionId}>
      <Link
        to={action.to}
        aria-describedby={descriptionId}
        className="font-medium text-ink-900 outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:outline-2 focus-visible:after:outline-offset-2 focus-visible:after:outline-ring"
      >
        {action.label}
      </Link>
    </ActionTile>
  );
}

/** A tile the size of a card whose one control covers it all (the control's ::after is the hit area). */
function ActionTile({
  icon: Icon,
  description,
  descriptionId,
  children,
}: {
  icon: LucideIcon;
  description: string;
  descriptionId: string;
  children: ReactNode;
}) {
  return (
    <div className="group relative flex h-full items-start gap-4 rounded-xl border border-hairline bg-card p-5 shadow-soft transition-[box-shadow,transform,border-color] duration-500 ease-out hover:-translate-y-0.5 hover:border-gold-500 hover:shadow-lifted">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-ink-900 text-gold-300 transition-colors duration-500 group-hover:bg-ink-800">
        <Icon className="size-5" strokeWidth={1.4} aria-hidden="true" />
      </span>
      <div className="flex min-w-0 flex-col gap-1">
        {children}
        <p id={descriptionId} className="text-sm leading-relaxed text-muted-foreground">
          {description}
        </p>
      </div>
    </div>
  );
}
