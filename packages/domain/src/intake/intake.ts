// Intake and consent: a patient fills in the intake form and signs each consent by typing their
// full name; what they signed is kept exactly (the version, whose text never changes, its hash,
// the time and the address). An admin's new text is a new version, which patients sign at their
// next visit. The patient, their doctors and admins read the status.
import { createHash } from "node:crypto";

import {
  consentSignaturesOf,
  currentConsentDocuments,
  findIntakeForm,
  findUserById,
  insertConsentDocument,
  insertConsentSignature,
  isUniqueViolation,
  saveIntakeForm,
  type ConsentDocument as StoredConsentDocument,
  type User,
} from "@halcyon/db";

import { recordAudit } from "../audit/audit";
import { careAccessTo } from "../care/record-access";
import type { RequestContext } from "../context";
import { AppError } from "../errors";
import { CONSENT_TITLES, type ConsentDocument, type ConsentKind, type IntakeStatus, type SaveIntakeInput } from "./intake.schema";

type Caller = RequestContext & { user: User };

const NO_SUCH_PATIENT = "No such patient.";
const ANOTHER_ADMIN = (version: number) =>
  `Another admin published version ${version} of this consent since you opened it. Reload to read it before changing it.`;

export function consentBodyHash(body: string): string {
  return createHash("sha256").update(body, "utf8").digest("hex");
}

/** A name as typed, for comparison: spacing and case do not matter. */
function normalizedName(name: string): string {
  return name.normalize("NFC").trim().replace(/\s+/g, " ").toLocaleLowerCase("en");
}

async function statusOf(ctx: Caller, patientId: number): Promise<IntakeStatus> {
  const [intake, documents, signatures] = await Promise.all([
    findIntakeForm(ctx.db, patientId),
    currentConsentDocuments(ctx.db),
    consentSignaturesOf(ctx.db, patientId),
  ]);
  const consents = documents.map((document) => {
    // Newest version first within each kind: the first one of the kind is the latest signature.
    const latest = signatures.find((signature) => signature.kind === document.kind);
    return {
      kind: document.kind,
      title: CONSENT_TITLES[document.kind],
      version: document.version,
      body: document.body,
      bodyHash: document.bodyHash,
      signed: latest ? { version: latest.version, typedName: latest.typedName, signedAt: latest.signedAt, bodyHash: latest.bodyHash } : null,
      current: latest?.documentId === document.id,
    };
  });
  return { intake: intake ?? null, consents, complete: intake !== undefined && consents.every((consent) => consent.current) };
}

/** The caller's own intake and consents. */
export function myIntake(ctx: Caller): Promise<IntakeStatus> {
  return statusOf(ctx, ctx.user.id);
}

/** A patient's intake and consents, for themselves, their doctors and admins (others: 404); audited. */
export async function patientIntake(ctx: Caller, patientId: number): Promise<IntakeStatus> {
  const [access, patient] = await Promise.all([careAccessTo(ctx, patientId), findUserById(ctx.db, patientId)]);
  if (!access || !patient || patient.role !== "patient") throw new AppError("NOT_FOUND", NO_SUCH_PATIENT);
  const status = await statusOf(ctx, patientId);
  if (access !== "self") {
    await recordAudit(ctx, {
      actorId: ctx.user.id,
      action: "intake.read",
      outcome: "success",
      targetType: "patient",
      targetId: patientId,
      request: ctx.request,
    });
  }
  return status;
}

export async function saveMyIntake(ctx: Caller, input: Required<SaveIntakeInput>): Promise<IntakeStatus> {
  await ctx.db.transaction().execute(async (trx) => {
    await saveIntakeForm(trx, ctx.user.id, { ...input, updatedAt: ctx.now().toISOString() });
    await recordAudit(
      ctx,
      { actorId: ctx.user.id, action: "intake.save", outcome: "success", targetType: "patient", targetId: ctx.user.id, request: ctx.request },
      trx,
    );
  });
  return statusOf(ctx, ctx.user.id);
}

export async function signConsent(ctx: Caller, input: { kind: ConsentKind; version: number; typedName: string }): Promise<IntakeStatus> {
  const fullName = `${ctx.user.firstName} ${ctx.user.lastName}`;
  if (normalizedName(input.typedName) !== normalizedName(fullName)) {
    throw new AppError("INVALID_INPUT", `To sign, type your full name as it is on your account: ${fullName}.`);
  }
  const document = (await currentConsentDocuments(ctx.db)).find((candidate) => candidate.kind === input.kind)!;
  if (document.version !== input.version) {
    throw new AppError("CONFLICT", `The ${CONSENT_TITLES[input.kind].toLowerCase()} was updated while you read it. Please read the new version, then sign.`);
  }
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertConsentSignature(trx, {
        patientId: ctx.user.id,
        documentId: document.id,
        typedName: input.typedName.trim().replace(/\s+/g, " "),
        bodyHash: document.bodyHash,
        ip: ctx.request.ip,
        signedAt: ctx.now().toISOString(),
      });
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "consent.sign",
          outcome: "success",
          targetType: "consent",
          targetId: `${document.kind}:${document.version}`,
          request: ctx.request,
        },
        trx,
      );
    });
  } catch (error) {
    // Signed already (a second tab, a retried request): the first signature stands.
    if (!isUniqueViolation(error)) throw error;
  }
  return statusOf(ctx, ctx.user.id);
}

function asDocument(document: StoredConsentDocument): ConsentDocument {
  return {
    kind: document.kind,
    title: CONSENT_TITLES[document.kind],
    version: document.version,
    body: document.body,
    bodyHash: document.bodyHash,
    createdAt: document.createdAt,
  };
}

export async function consentDocuments(ctx: Caller): Promise<ConsentDocument[]> {
  return (await currentConsentDocuments(ctx.db)).map(asDocument);
}

/** An admin's new text for a consent: a new version, unless the text is unchanged. */
export async function updateConsent(ctx: Caller, input: { kind: ConsentKind; baseVersion: number; body: string }): Promise<ConsentDocument> {
  const current = (await currentConsentDocuments(ctx.db)).find((document) => document.kind === input.kind)!;
  if (current.version !== input.baseVersion) throw new AppError("CONFLICT", ANOTHER_ADMIN(current.version));
  if (current.body === input.body) return asDocument(current);
  const version = current.version + 1;
  const [bodyHash, createdAt] = [consentBodyHash(input.body), ctx.now().toISOString()];
  try {
    await ctx.db.transaction().execute(async (trx) => {
      await insertConsentDocument(trx, {
        kind: input.kind,
        version,
        body: input.body,
        bodyHash,
        createdBy: ctx.user.id,
        createdAt,
      });
      await recordAudit(
        ctx,
        {
          actorId: ctx.user.id,
          action: "admin.consent_update",
          outcome: "success",
          targetType: "consent",
          targetId: `${input.kind}:${version}`,
          request: ctx.request,
        },
        trx,
      );
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError("CONFLICT", ANOTHER_ADMIN(version), { cause: error });
    throw error;
  }
  return { kind: input.kind, title: CONSENT_TITLES[input.kind], version, body: input.body, bodyHash, createdAt };
}
