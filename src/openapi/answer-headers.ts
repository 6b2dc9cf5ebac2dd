import type { HeaderObject, OpenAPIObject, OperationObject, ResponseObject } from '@nestjs/swagger';
import { HEADERS_TOO_LARGE_MESSAGE } from '../common/http/client-errors.js';
import { unmetExpectationMessage } from '../common/http/expectations.js';
import { JSON_API_HELMET_OPTIONS, helmetHeaders } from '../common/http/security-headers.js';

const REQUEST_ID: HeaderObject = {
  description:
    "The service's id of this request, on every answer (errors included): the request log's " +
    '`reqId`; quote it to support.',
  required: true,
  schema: { type: 'string', example: '8f14e45f-ceea-467a-9a36-dedd4bea2543' },
};

/** On every answer to a counted request with a valid key: its limit and what is left. */
const RATE_LIMIT_HEADERS: Record<string, HeaderObject> = {
  'RateLimit-Policy': {
    description:
      "The key's limit (IETF RateLimit headers): requests (q) per window in seconds (w). On " +
      'every answer to a valid key.',
    required: true,
    schema: { type: 'string', example: '"default";q=1200;w=60' },
  },
  RateLimit: {
    description:
      'Requests left (r) in the window and seconds until it resets (t). On every answer to a ' +
      'valid key.',
    required: true,
    schema: { type: 'string', example: '"default";r=1187;t=42' },
  },
};

/** The same on a 400, which may come before the request is counted. */
const RATE_LIMIT_HEADERS_ON_400 = Object.fromEntries(
  Object.entries(RATE_LIMIT_HEADERS).map(([name, header]) => [
    `${name}-On-400`,
    { ...header, required: false },
  ]),
);

const SECURITY_HEADER_PURPOSE: Readonly<Record<string, string>> = {
  'Content-Security-Policy': 'No browser runs or frames an answer as a page.',
  'Cross-Origin-Resource-Policy': 'Only pages of the same origin may embed an answer.',
  'Referrer-Policy': 'No Referer is sent from an answer.',
  'Strict-Transport-Security': 'HTTPS only, once seen over HTTPS.',
  'X-Content-Type-Options': 'JSON is never sniffed as another type.',
  'X-Frame-Options': 'No page may frame an answer.',
};

/** The reusable headers (components.headers) every answer of the API carries, by name. */
function commonHeaders(): Record<string, HeaderObject> {
  const security = Object.fromEntries(
    helmetHeaders(JSON_API_HELMET_OPTIONS).map(([name, value]) => [
      name,
      {
        description: `${SECURITY_HEADER_PURPOSE[name] ?? 'A security header.'} On every answer.`,
        required: true,
        schema: { type: 'string', example: value },
      },
    ]),
  );
  return {
    'X-Request-Id': REQUEST_ID,
    ...RATE_LIMIT_HEADERS,
    ...RATE_LIMIT_HEADERS_ON_400,
    ...security,
  };
}

/** States the headers every answer carries, each a component the responses reference. */
export function stateAnswerHeaders(document: OpenAPIObject): OpenAPIObject {
  const headers = commonHeaders();
  const ref = (name: string) => ({ $ref: `#/components/headers/${name}` });
  const everyAnswer = Object.keys(headers).filter(
    (name) => !(name in RATE_LIMIT_HEADERS) && !(name in RATE_LIMIT_HEADERS_ON_400),
  );
  const rateLimit = (status: string): [string, string][] => {
    // 401: no valid key; 431: answered by Node before the key is read.
    if (status === '401' || status === '431') return [];
    return Object.keys(RATE_LIMIT_HEADERS).map((name) => [
      name,
      status === '400' ? `${name}-On-400` : name,
    ]);
  };
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch, item.head]) {
      if (!operation) continue;
      const keyed = (operation.security?.length ?? 0) > 0;
      for (const [status, response] of Object.entries(operation.responses) as [
        string,
        ResponseObject,
      ][]) {
        const names: [string, string][] = [
          ...everyAnswer.map((name): [string, string] => [name, name]),
          ...(keyed ? rateLimit(status) : []),
        ];
        response.headers = {
          ...response.headers,
          ...Object.fromEntries(names.map(([name, component]) => [name, ref(component)])),
        };
      }
    }
  }
  return {
    ...document,
    components: {
      ...document.components,
      headers: { ...document.components?.headers, ...headers },
    },
  };
}

/** Declares HEAD beside every GET, as Express serves it; operationId `…Head`. */
export function declareHead(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    const get = item.get;
    if (!get) continue;
    const responses = Object.fromEntries(
      Object.entries(get.responses).map(([status, response]) => {
        const { content: _content, ...withoutBody } = response as ResponseObject;
        return [status, { ...withoutBody }];
      }),
    );
    const head: OperationObject = {
      ...get,
      operationId: `${get.operationId ?? 'get'}Head`,
      summary: `${get.summary ?? ''} (headers only)`.trim(),
      description: `As ${get.operationId ?? 'the GET'}, with the same status and headers and no body.${get.description ? `\n\n${get.description}` : ''}`,
      responses,
    };
    item.head = head;
  }
  return document;
}

/** What any request may be answered, whatever its operation: statuses each operation lists too. */
const PROTOCOL_ERRORS: Record<'417' | '431', ResponseObject> = {
  '417': protocolError(
    'An `Expect` header asking for anything but `100-continue`: `EXPECTATION_FAILED` (after the ' +
      'key is checked).',
    {
      code: 'EXPECTATION_FAILED',
      message: unmetExpectationMessage('teapot'),
      status: 417,
    },
  ),
  '431': protocolError(
    "The request's headers are larger than 16 KiB: `REQUEST_HEADER_FIELDS_TOO_LARGE`, answered " +
      'before anything is read; the connection is closed.',
    {
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
      message: HEADERS_TOO_LARGE_MESSAGE,
      status: 431,
    },
  ),
};

function protocolError(
  description: string,
  example: { code: string; message: string; status: number },
): ResponseObject {
  return {
    description,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' }, example } },
  };
}

/** Lists 417 (with the 400's headers) and 431 on every operation. */
export function stateProtocolErrors(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      if (!operation) continue;
      const errors = structuredClone(PROTOCOL_ERRORS);
      const badRequestHeaders = (operation.responses['400'] as ResponseObject | undefined)?.headers;
      if (badRequestHeaders) errors['417'].headers = structuredClone(badRequestHeaders);
      const responses = { ...operation.responses, ...errors };
      operation.responses = Object.fromEntries(
        Object.entries(responses).sort(([a], [b]) => Number(a) - Number(b)),
      );
    }
  }
  return document;
}

const INTEGER_NOTATION =
  'Written as a JSON integer in plain decimal digits: a fraction or an exponent (`2.0`, `1e3`), ' +
  'though JSON Schema would call it an integer, is refused with 400 `VALIDATION_FAILED` rather ' +
  'than converted.';

/** Adds the integer notation rule to every integer of a request body. */
export function stateIntegerNotation(document: OpenAPIObject): OpenAPIObject {
  for (const schema of Object.values(document.components?.schemas ?? {})) {
    if ('$ref' in schema) continue;
    for (const property of Object.values(schema.properties ?? {})) {
      if ('$ref' in property || property.type !== 'integer' || property.readOnly) continue;
      property.description = property.description
        ? `${property.description} ${INTEGER_NOTATION}`
        : INTEGER_NOTATION;
    }
  }
  return document;
}
