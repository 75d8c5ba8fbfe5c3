// What a member is told once, at their next visit, until they dismiss it or act on it.
import { addAccountNotice, listAccountNotices, markPasswordJudged, removeAccountNotice, type User } from "@halcyon/db";
import { PASSWORD_RULES_VERSION } from "../auth/password-rules";
import type { ClinicServices, RequestContext } from "../context";
import type { AccountNoticeKindView, AccountNoticeView } from "./account.schema";

export function listNotices(ctx: RequestContext & { user: User }): Promise<AccountNoticeView[]> {
  return listAccountNotices(ctx.db, ctx.user.id);
}

export async function dismissNotice(ctx: RequestContext & { user: User }, kind: AccountNoticeKindView): Promise<void> {
  await removeAccountNotice(ctx.db, ctx.user.id, kind);
}

/**
 * A password chosen under older rules is judged at its owner's next sign-in, where the password
 * is (the browser judges it with the same judgePassword and says whether it falls short; a
 * plain-password sign-in is judged here); one that falls short leaves a notice asking, once, for a
 * better one. The member is not locked out: the notice can be dismissed, and is not left again.
 */
export async function reviewPasswordOnce(services: Pick<ClinicServices, "db" | "now">, user: User, fallsShort: () => boolean): Promise<void> {
  if (user.passwordRulesVersion >= PASSWORD_RULES_VERSION) return;
  const problem = fallsShort();
  await services.db.transaction().execute(async (trx) => {
    await markPasswordJudged(trx, user.id, PASSWORD_RULES_VERSION);
    if (problem) await addAccountNotice(trx, user.id, "password_review", services.now().toISOString());
  });
}
