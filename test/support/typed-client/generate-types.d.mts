/** The types of the OpenAPI document at `documentPath`, as the text of a .d.ts file (generate-types.mjs). */
export function generateClientTypes(documentPath: string): Promise<string>;
