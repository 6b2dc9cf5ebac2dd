// Generates the TypeScript types of a Petstore client from the OpenAPI document, with openapi-typescript,
// every int64 typed as bigint (openapi-typescript's default, number, would round ids above 2^53).
// docs/typed-clients.md shows it; `npm run openapi` writes petstore-api.d.ts beside it.
//   node test/support/typed-client/generate-types.mjs openapi.json petstore-api.d.ts
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';

const BIGINT = ts.factory.createKeywordTypeNode(ts.SyntaxKind.BigIntKeyword);
const NULL = ts.factory.createLiteralTypeNode(ts.factory.createNull());

/** The types of the document at `documentPath`, as the text of a .d.ts file. */
export async function generateClientTypes(documentPath) {
  const ast = await openapiTS(JSON.parse(readFileSync(documentPath, 'utf8')), {
    // A property with a default (an order's status) stays optional in a request body.
    defaultNonNullable: false,
    transform(schema) {
      if (schema.format !== 'int64') return undefined;
      return schema.nullable ? ts.factory.createUnionTypeNode([BIGINT, NULL]) : BIGINT;
    },
  });
  return astToString(ast);
}

if (
  process.argv[1] &&
  import.meta.url.endsWith(process.argv[1].replaceAll('\\', '/').split('/').pop())
) {
  const [documentPath = 'openapi.json', outputPath = 'petstore-api.d.ts'] = process.argv.slice(2);
  writeFileSync(outputPath, await generateClientTypes(documentPath));
}
