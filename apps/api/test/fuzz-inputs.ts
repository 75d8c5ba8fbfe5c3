// fast-check arbitraries for the requests of one documented operation: mostly values of the
// documented shape (so the deep paths run), mixed with what a hostile client sends.
import fc from "fast-check";
import { resolved, type JsonSchema, type OpenApiDocument, type Operation } from "./openapi-document";

/** What breaks careless parsers and databases: NUL, huge and non-numbers, impossible dates, odd Unicode. */
const hostileText = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "%00",
  "-1",
  "0",
  "1.5",
  "2147483648",
  "9007199254740993",
  "1e309",
  "NaN",
  "Infinity",
  "null",
  "true",
  "[]",
  "{}",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "2026-02-30",
  "2026-13-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "0000-01-01T00:00:00Z",
  "\ud800",
  "𝕳𝖆𝖑𝖈𝖞𝖔𝖓",
  "x".repeat(5000),
);
const hostileNumber = fc.constantFrom(0, -1, 1.5, 2_147_483_647, 2_147_483_648, -2_147_483_649, Number.MAX_SAFE_INTEGER, 1e20, -1e20);
const anyScalar = fc.oneof(hostileText, fc.string({ unit: "binary", maxLength: 30 }), fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const anyValue = fc.oneof({ weight: 4, arbitrary: anyScalar }, { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) });

const instants = fc.date({ min: new Date("2020-01-01T00:00:00Z"), max: new Date("2032-12-31T00:00:00Z"), noInvalidDate: true });

function documented(document: OpenApiDocument, raw: JsonSchema, depth: number): fc.Arbitrary<unknown> {
  const schema = resolved(document, raw);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((alternative) => documented(document, alternative, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "integer":
    case "number": {
      const low = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : -3);
      // Small ids name the records the fuzz set up; the rest probe the edges.
      return fc.oneof(
        { weight: 3, arbitrary: fc.integer({ min: low, max: Math.min(low + 40, schema.maximum ?? Number.MAX_SAFE_INTEGER) }) },
        { weight: 1, arbitrary: hostileNumber },
      );
    }
    case "boolean":
      return fc.boolean();
    case "string": {
      if (schema.format === "date-time") return instants.map((date) => date.toISOString());
      if (schema.format === "date") return instants.map((date) => date.toISOString().slice(0, 10));
      const maxLength = Math.min(schema.maxLength ?? 40, 300);
      const text = fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength });
      return schema.pattern ? fc.oneof(fc.stringMatching(new RegExp(schema.pattern)), text) : text;
    }
    case "array":
      return depth > 3 || !schema.items ? fc.constant([]) : fc.array(documented(document, schema.items, depth + 1), { maxLength: 4 });
    case "object": {
      if (depth > 3 || !schema.properties) return fc.constant({});
      const fields = Object.fromEntries(Object.entries(schema.properties).map(([name, field]) => [name, value(document, field, depth + 1)]));
      return fc.oneof(fc.record(fields, { requiredKeys: schema.required ?? [] }), fc.record(fields, { requiredKeys: [] }));
    }
    default:
      return anyValue;
  }
}

/** A value for `schema`: usually of its documented shape, sometimes anything at all. */
function value(document: OpenApiDocument, schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 5, arbitrary: documented(document, schema, depth) }, { weight: 1, arbitrary: anyValue });
}

export interface FuzzRequest {
  url: string;
  payload: string | undefined;
}

const asText = (item: unknown) => (typeof item === "string" ? item : (JSON.stringify(item) ?? ""));

/** Requests for `operation`: path parameters, a query and a JSON body built from the document. */
export function requestsFor(document: OpenApiDocument, operation: Operation): fc.Arbitrary<FuzzRequest> {
  const pathValues = fc.tuple(...operation.pathParameters.map((parameter) => value(document, parameter.schema)));
  const queryFields = Object.fromEntries(operation.queryParameters.map((parameter) => [parameter.name, value(document, parameter.schema)]));
  const query = fc.record({ ...queryFields, stray: anyValue }, { requiredKeys: [] });
  const body = operation.body
    ? fc.oneof({ weight: 6, arbitrary: value(document, operation.body) }, { weight: 1, arbitrary: fc.constant(undefined) })
    : fc.oneof({ weight: 6, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: anyValue });
  const brokenJson = fc.constantFrom("{", "[1,", '{"a":1}x', "\u0000");
  return fc.record({ pathValues, query, body, brokenJson: fc.option(brokenJson, { freq: 20 }) }).map(({ pathValues, query, body, brokenJson }) => {
    let path = operation.path;
    operation.pathParameters.forEach((parameter, index) => {
      path = path.replace(`{${parameter.name}}`, encodeURIComponent(asText(pathValues[index])));
    });
    const search = new URLSearchParams();
    for (const [name, item] of Object.entries(query)) {
      for (const each of Array.isArray(item) ? item : [item]) search.append(name, asText(each));
    }
    const queryText = search.toString();
    return { url: `/api${path}${queryText ? `?${queryText}` : ""}`, payload: brokenJson ?? (body === undefined ? undefined : JSON.stringify(body)) };
  });
}
