import { Button } from "@halcyon/ui/components/button";
import { FileDown } from "lucide-react";

/** The patient's whole record as a PDF (GET /api/patients/{id}/record.pdf); each download is audited. */
export function RecordDownloadLink({ patientId, label }: { patientId: number; label: string }) {
  return (
    <Button asChild variant="outline">
      <a href={`/api/patients/${patientId}/record.pdf`} download>
        <FileDown aria-hidden="true" />
        {label}
      </a>
    </Button>
  );
}
