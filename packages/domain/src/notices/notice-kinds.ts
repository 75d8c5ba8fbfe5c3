// Every kind of notice Halcyon sends: each feature declares its own (kinds/*.ts), and this is the
// one list the outbox, the worker and the discretion test read.
import { CARE_NOTICE_KINDS } from "./kinds/care-notices";
import { CLINIC_NOTICES } from "./kinds/clinic-notices";
import type { NoticeKindSpec } from "./notice-content";
import { ACCOUNT_NOTICE_KINDS } from "./kinds/account-notices";
import { APPOINTMENT_NOTICE_KINDS } from "./kinds/appointment-notices";
import { BILLING_DOCUMENT_NOTICE_KINDS } from "./kinds/billing-document-notices";
import { PARTY_NOTICE_KINDS } from "./kinds/party-notices";
import { PAYMENT_NOTICE_KINDS } from "./kinds/payment-notices";
import { WAITLIST_NOTICE_KINDS } from "./kinds/waitlist-notices";

/** Any kind, whatever its params: `compose` takes them and `examples` gives them, so no one Params type fits both ways. */
type AnyNoticeKind = Omit<NoticeKindSpec<never>, "examples"> & { examples: readonly unknown[] };

export const NOTICE_KINDS = {
  ...CLINIC_NOTICES,
  ...APPOINTMENT_NOTICE_KINDS,
  ...ACCOUNT_NOTICE_KINDS,
  ...CARE_NOTICE_KINDS,
  ...BILLING_DOCUMENT_NOTICE_KINDS,
  ...PAYMENT_NOTICE_KINDS,
  ...WAITLIST_NOTICE_KINDS,
  ...PARTY_NOTICE_KINDS,
} satisfies Record<string, AnyNoticeKind>;

export type NoticeKinds = typeof NOTICE_KINDS;
export type NoticeKind = keyof NoticeKinds;
export type NoticeParams<Kind extends NoticeKind> = Parameters<NoticeKinds[Kind]["compose"]>[0];

export function noticeKind(kind: string): NoticeKindSpec<unknown> | undefined {
  return (NOTICE_KINDS as Record<string, NoticeKindSpec<unknown>>)[kind];
}
