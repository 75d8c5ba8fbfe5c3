// The published OpenAPI document, read as a client would: its operations, their parameters and
// body, and a check of an answer against the documented 200 schema.
import { Ajv2020 } from "ajv/dist/2020.js";
import type { FastifyInstance } from "fastify";

export interface JsonSchema {
  $ref?: string;
  type?: string;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minLength?: number;
  maxLength?: number;
}

interface Parameter {
  name: string;
  in: "path" | "query";
  required?: boolean;
  schema: JsonSchema;
}

interface RawOperation {
  parameters?: Parameter[];
  requestBody?: { content: { "application/json": { schema: JsonSchema } } };
  responses: Record<string, { content?: { "application/json"?: { schema: JsonSchema } } }>;
}

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components: { schemas: Record<string, JsonSchema> };
}

export interface Operation {
  /** "GET /appointments": the method and the documented path, as the document writes them. */
  key: string;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  body: JsonSchema | undefined;
  answer: JsonSchema | undefined;
}

/**
 * The doors outside the document: they answer files or take bytes. The authorization matrix and
 * the fuzz test each check that they cover exactly these, as they cover the document.
 */
export const DOORS_OUTSIDE_THE_DOCUMENT: readonly string[] = [
  "GET /patients/{id}/record.pdf",
  "GET /attachments/{id}",
  "POST /attachments",
  "GET /calendar.ics",
  "GET /admin/audit-log.csv",
  "GET /billing/receivables.csv",
  "GET /billing/patients/{patientId}/superbill.pdf",
  "GET /billing/estimates/{id}/pdf",
  "GET /billing/invoices/{id}/invoice.pdf",
  "GET /billing/invoices/{id}/receipt.pdf",
  "GET /admin/backup",
  "POST /notices/unsubscribe",
  "GET /notices/unsubscribe",
];

export async function fetchDocument(app: FastifyInstance): Promise<OpenApiDocument> {
  const response = await app.inject({ method: "GET", url: "/api/openapi.json" });
  if (response.statusCode !== 200) throw new Error(`the OpenAPI document did not load: ${response.statusCode}`);
  return response.json() as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase() as Operation["method"],
      path,
      pathParameters: (operation.parameters ?? []).filter((parameter) => parameter.in === "path"),
      queryParameters: (operation.parameters ?? []).filter((parameter) => parameter.in === "query"),
      body: operation.requestBody?.content["application/json"].schema,
      answer: operation.responses["200"]?.content?.["application/json"]?.schema,
    })),
  );
}

/** The schema a `$ref` names, or the schema itself. */
export function resolved(document: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.$ref) return schema;
  const name = schema.$ref.replace("#/components/schemas/", "");
  const target = document.components.schemas[name];
  if (!target) throw new Error(`the document has no schema ${name}`);
  return target;
}

/**
 * Checks of bodies against the document: `answer(operation, body)` against the operation's 200
 * schema, `error(body)` against the documented error body (every error has the same fields).
 * Each lists where the body departs (a field missing, one extra, a type other than documented).
 */
export function bodyChecker(document: OpenApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema({ components: document.components }, "document");
  const validators = new Map<string, ReturnType<typeof ajv.compile>>();
  const problems = (key: string, schema: JsonSchema, body: unknown): string[] => {
    let validate = validators.get(key);
    if (!validate) {
      validate = ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"document#/components/')));
      validators.set(key, validate);
    }
    return validate(body) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath || "(body)"} ${error.message ?? ""}`);
  };
  return {
    answer: (operation: Operation, body: unknown) => (operation.answer ? problems(operation.key, operation.answer, body) : []),
    error: (body: unknown) => problems("error", { $ref: "#/components/schemas/error.BAD_REQUEST" }, body),
  };
}
