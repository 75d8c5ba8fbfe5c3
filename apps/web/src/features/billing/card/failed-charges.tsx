// The admins' list of nightly card charges that failed, with Stripe's reason (a section of core's
// admin billing screen): whom to call, and why the card was refused.
import { formatMoney } from "@halcyon/domain/rules";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@halcyon/ui/components/table";
import { CircleCheck } from "lucide-react";

import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { SectionCard } from "../../../components/section-card";
import { useClinicProfile } from "../../../lib/clinic-profile";
import { formatDate } from "../../../lib/time-format";
import { trpc } from "../../../lib/trpc";
import { MoneyCell } from "../money-cell";

export function FailedCharges() {
  const failed = trpc.payments.failedCharges.useQuery();
  const takesCards = useClinicProfile().data?.cardPayments === true;
  if (!takesCards || failed.isPending) return null;
  return (
    <SectionCard title="Card charges that failed" description="Each night's charges of saved cards that Stripe refused, newest first.">
      {failed.isError ? (
        <LoadFailed what="the failed charges" reason={failed.error.message} onRetry={() => void failed.refetch()} retrying={failed.isFetching} />
      ) : failed.data.length === 0 ? (
        <EmptyState icon={CircleCheck} title="No failed charges">
          Every saved card charged so far went through.
        </EmptyState>
      ) : (
        <Table stackOnMobile>
          <TableHeader>
            <TableRow>
              <TableHead>Patient</TableHead>
              <TableHead>Night of</TableHead>
              <TableHead className="text-right">Amount</TableHead>
              <TableHead>Stripe's reason</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {failed.data.map((charge) => (
              <TableRow key={`${charge.patientId}-${charge.night}`}>
                <TableCell label="Patient" className="font-medium text-ink-900">
                  {charge.patientName}
                </TableCell>
                {/* A night is the clinic's date (YYYY-MM-DD): written as that date, whatever the viewer's zone. */}
                <TableCell label="Night of">{formatDate(`${charge.night}T00:00:00.000Z`, { timeZone: "UTC" })}</TableCell>
                <MoneyCell label="Amount" minor={charge.amountMinor} money={(minor) => formatMoney(minor, charge.currency)} className="text-right" />
                <TableCell label="Stripe's reason">{charge.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </SectionCard>
  );
}
