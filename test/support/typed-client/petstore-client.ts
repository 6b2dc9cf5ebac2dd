import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './petstore-api.js';

/**
 * An OpenAPI document, as far as this client reads it: the schemas' properties and their formats.
 */
interface Document {
  components?: { schemas?: Record<string, { properties?: Record<string, { format?: string }> }> };
}

/** The names of the document's int64 properties (for this API: id, petId, categoryId). */
export function int64Properties(document: Document): ReadonlySet<string> {
  const names = new Set<string>();
  for (const schema of Object.values(document.components?.schemas ?? {}))
    for (const [name, property] of Object.entries(schema.properties ?? {}))
      if (property.format === 'int64') names.add(name);
  return names;
}

/**
 * JSON.parse, with every int64 property read as a bigint from its source text (JSON.parse source
 * text access, in Node 22 and later), so no digit of an id above 2^53 is lost.
 */
export function parseWithInt64(text: string, int64: ReadonlySet<string>): unknown {
  const reviver = (key: string, value: unknown, context?: { source?: string }): unknown =>
    typeof value === 'number' && int64.has(key) && context?.source !== undefined
      ? BigInt(context.source)
      : value;
  return JSON.parse(text, reviver);
}

/** JSON.stringify writing a bigint as its exact digits (JSON.rawJSON). */
export function stringifyWithBigInt(body: unknown): string {
  const json = JSON as unknown as { rawJSON(text: string): unknown };
  return JSON.stringify(body, (_key, value: unknown) =>
    typeof value === 'bigint' ? json.rawJSON(value.toString()) : value,
  );
}

/**
 * A Petstore client generated from the OpenAPI document (openapi-typescript and openapi-fetch),
 * int64 values exact both ways: typed bigint (generate-types.mjs), sent as digits, read as bigint.
 */
export function createPetstoreClient(
  baseUrl: string,
  key: string,
  document: Document,
): Client<paths> {
  const int64 = int64Properties(document);
  return createClient<paths>({
    baseUrl,
    headers: { Authorization: `Bearer ${key}` },
    bodySerializer: stringifyWithBigInt,
    fetch: async (request: Request) => {
      const response = await fetch(request);
      // openapi-fetch reads bodies with response.json(): this one keeps int64 values exact.
      return Object.defineProperty(response, 'json', {
        value: async () => parseWithInt64(await response.text(), int64),
      });
    },
  });
}
