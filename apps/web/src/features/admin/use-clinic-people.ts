import { useMemo } from "react";

import { trpc } from "../../lib/trpc";
import type { PhrasingContext } from "./audit-phrasing";
import { shortName } from "./people";

/** The most doctors the directory answers in one page; a clinic has far fewer. */
const DOCTORS_PAGE = 200;

/** Every doctor of the clinic (deactivated ones too), for "Manage Doctors" and to title them in the log. */
export function useDoctors() {
  return trpc.admin.users.useQuery({ role: "doctor", limit: DOCTORS_PAGE });
}

/** What the log's sentences need to know about people: who is a doctor, and their names. */
export function usePhrasingContext(): PhrasingContext {
  const { data } = useDoctors();
  return useMemo(() => {
    const doctors = data?.users ?? [];
    return {
      doctorIds: new Set(doctors.map((doctor) => doctor.id)),
      accountNames: new Map(doctors.map((doctor) => [doctor.id, shortName(doctor)])),
    };
  }, [data]);
}
