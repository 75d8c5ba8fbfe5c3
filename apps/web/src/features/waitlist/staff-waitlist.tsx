import type { WaitlistEntry } from "@halcyon/domain/schemas";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@halcyon/ui/components/table";
import { Clock3 } from "lucide-react";

import { EmptyState } from "../../components/empty-state";
import { doctorTitle } from "../../lib/appointment-rules";
import { describeTimes, waitedPhrase } from "./waitlist-form";

/** Who waits, longest first, and how long: a doctor's own list, or every list for an admin (with whose it is). */
export function StaffWaitlist({ entries, showDoctor }: { entries: WaitlistEntry[]; showDoctor: boolean }) {
  if (entries.length === 0) {
    return (
      <EmptyState icon={Clock3} title="Nobody is waiting">
        Patients who join a waitlist appear here, longest waiting first.
      </EmptyState>
    );
  }
  return (
    <Table stackOnMobile aria-label="Waitlist">
      <TableHeader>
        <TableRow>
          <TableHead>Patient</TableHead>
          {showDoctor ? <TableHead>Doctor</TableHead> : null}
          <TableHead>Days and times</TableHead>
          <TableHead>Until</TableHead>
          <TableHead>Waited</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id} data-testid="waitlist-entry">
            <TableCell label="Patient" className="font-medium">
              {entry.patientName}
            </TableCell>
            {showDoctor ? (
              <TableCell label="Doctor">
                {entry.doctorName ? doctorTitle(entry.doctorName) : `Any doctor${entry.serviceName ? ` · ${entry.serviceName}` : ""}`}
              </TableCell>
            ) : null}
            <TableCell label="Days and times">{describeTimes(entry.times)}</TableCell>
            <TableCell label="Until">{entry.untilDate}</TableCell>
            <TableCell label="Waited">{waitedPhrase(entry.waitedDays)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
