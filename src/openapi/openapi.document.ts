import type { INestApplication } from '@nestjs/common';
import {
  DocumentBuilder,
  SwaggerModule,
  type OpenAPIObject,
  type OperationObject,
  type ResponseObject,
} from '@nestjs/swagger';
import { API_KEY_SECURITY } from '../common/auth/api-key-auth.decorator.js';
import { SCOPE_EXTENSION, scopeOfMethod } from '../common/auth/api-key-scope.js';
import { ApiKeyScope } from '../common/auth/api-key-scope.enum.js';
import { ErrorCode } from '../common/errors/error-code.enum.js';
import { API_PREFIX } from '../common/http/api-prefix.js';
import { tagDescription } from '../common/openapi/api-tag.decorator.js';
import type { AppConfig } from '../config/app.config.js';
import { eventWebhooksDoc } from '../webhooks/webhook-endpoints.openapi.js';
import {
  declareHead,
  stateAnswerHeaders,
  stateIntegerNotation,
  stateProtocolErrors,
} from './answer-headers.js';

export const DOCS_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'openapi.json';

const DESCRIPTION = `An HTTP/JSON service that keeps a pet store's animals.

**Authentication.** Every operation needs an API key, sent as \`Authorization: Bearer <key>\`
(the scheme name is case-insensitive). A missing, malformed or unknown key is \`401\` with
\`WWW-Authenticate: Bearer realm="petstore"\`. The key is checked before anything else.

**Scopes.** A key has the \`read\` scope (GET and HEAD) or the \`write\` scope (everything). Each
operation states the scope it needs (\`${SCOPE_EXTENSION}\`, and in its description); a \`read\` key on
a \`write\` operation is \`403 INSUFFICIENT_SCOPE\`, before the body is read.

**Errors.** Every error is \`application/json\` in the Error shape \`{code, message, status}\`;
\`status\` repeats the HTTP status and \`code\` names the condition. Every operation can answer
\`VALIDATION_FAILED\` or \`INVALID_JSON\` (400), \`UNAUTHORIZED\` (401), \`METHOD_NOT_ALLOWED\` (405,
with \`Allow\`), \`PAYLOAD_TOO_LARGE\` (413), \`UNSUPPORTED_MEDIA_TYPE\` (415), \`EXPECTATION_FAILED\` (417),
\`RATE_LIMITED\` (429, with \`Retry-After\` and the RateLimit headers), \`REQUEST_HEADER_FIELDS_TOO_LARGE\`
(431), \`INTERNAL_ERROR\` (500) and \`SERVICE_UNAVAILABLE\` (503, with \`Retry-After\`: the database is out
of reach; retry later); each operation lists them among its responses. Codes of one operation (such as
\`NOT_FOUND\`) are listed with its responses. An unknown path is \`NOT_FOUND\` (404).

**Headers.** Every answer carries \`X-Request-Id\` and the security headers; every answer to a valid key
(all but 401) carries \`RateLimit\` and \`RateLimit-Policy\`. HEAD is served beside every GET.

**Integers.** An integer is written in plain decimal digits: \`2.0\` or \`1e3\`, which JSON Schema would
count as integers, are refused with 400 rather than converted.

**int64.** Fields of format int64 (ids among them) are 64-bit integers sent as exact JSON numbers;
values above 2^53 need a JSON parser that keeps big integers.`;

/** The OpenAPI document, with what decorators cannot say. */
export function buildOpenApiDocument(app: INestApplication, config: AppConfig): OpenAPIObject {
  const base = new DocumentBuilder()
    // 3.1: its `webhooks` field (what an endpoint receives) is read by Swagger UI and
    // openapi-typescript, which ignore 3.0's `x-webhooks`.
    .setOpenAPIVersion('3.1.0')
    .setTitle('Petstore')
    .setVersion('1.0.0')
    .setDescription(DESCRIPTION)
    .addServer(config.publicBaseUrl, 'Production')
    .addServer(config.stagingBaseUrl, 'Staging')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'API key',
        description: 'An API key issued by the operator (API_KEYS).',
      },
      API_KEY_SECURITY,
    )
    .build();
  // DocumentBuilder starts with an empty contact; there is no contact to name.
  delete base.info.contact;
  const document = SwaggerModule.createDocument(app, base);
  const described = stateIntegerNotation(
    listTags(stateScopes(boundPages(closeRequestBodies(relativeToServers(document))))),
  );
  return {
    ...stateAnswerHeaders(declareHead(stateProtocolErrors(described))),
    webhooks: eventWebhooksDoc(),
  };
}

/** Serves /openapi.json and Swagger UI at /docs (assets from swagger-ui-dist, no CDN). */
export function serveApiDocs(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup(DOCS_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Petstore API',
    swaggerOptions: { deepLinking: true, displayOperationId: true, persistAuthorization: false },
  });
}

/** The tag list: every tag in order of first use, with its ApiTag description. */
function listTags(document: OpenAPIObject): OpenAPIObject {
  const names = new Set(
    Object.values(document.paths).flatMap((item) =>
      [item.get, item.put, item.post, item.delete, item.patch].flatMap(
        (operation) => operation?.tags ?? [],
      ),
    ),
  );
  const tags = [...names].map((name) => {
    const description = tagDescription(name);
    return description === undefined ? { name } : { name, description };
  });
  return { ...document, tags };
}

const INSUFFICIENT_SCOPE_RESPONSE = {
  description:
    'The API key is valid but has the `read` scope: `INSUFFICIENT_SCOPE`. Nothing was read from ' +
    'the body or changed; use a key with the `write` scope.',
  headers: {
    'WWW-Authenticate': {
      description: 'The Bearer challenge of RFC 6750 section 3.1, naming the scope needed.',
      required: true,
      schema: {
        type: 'string',
        example: 'Bearer realm="petstore", error="insufficient_scope", scope="write"',
      },
    },
  },
  content: {
    'application/json': {
      schema: { $ref: '#/components/schemas/Error' },
      example: {
        code: ErrorCode.INSUFFICIENT_SCOPE,
        message: 'The API key "shop-a" has the read scope; POST needs a key with the write scope.',
        status: 403,
      },
    },
  },
};

/** States on each keyed operation the scope it needs, and 403 where it needs `write`. */
function stateScopes(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const method of ['get', 'put', 'post', 'delete', 'patch'] as const) {
      const operation = item[method];
      if (!operation?.security?.length) continue;
      const extensions = operation as unknown as Record<string, unknown>;
      const scope =
        (extensions[SCOPE_EXTENSION] as ApiKeyScope | undefined) ??
        scopeOfMethod(method.toUpperCase());
      extensions[SCOPE_EXTENSION] = scope;
      const needs =
        scope === ApiKeyScope.WRITE
          ? 'Needs a key with the `write` scope.'
          : 'Needs a key with the `read` scope (a `write` key may call it too).';
      operation.description = operation.description
        ? `${operation.description}\n\n${needs}`
        : needs;
      if (scope === ApiKeyScope.WRITE) addInsufficientScope(operation);
    }
  }
  return document;
}

/** Lists INSUFFICIENT_SCOPE as the operation's 403, beside any it documents. */
function addInsufficientScope(operation: OperationObject): void {
  const own = operation.responses['403'] as ResponseObject | undefined;
  let forbidden: ResponseObject = INSUFFICIENT_SCOPE_RESPONSE;
  if (own) {
    const content = own.content?.['application/json'];
    const single = content?.example as { code: string } | undefined;
    const examples =
      content?.examples ??
      (single ? { [single.code]: { summary: single.code, value: single } } : {});
    const scopeExample = INSUFFICIENT_SCOPE_RESPONSE.content['application/json'].example;
    forbidden = {
      description: `${own.description} ${INSUFFICIENT_SCOPE_RESPONSE.description}`,
      // Sent with INSUFFICIENT_SCOPE only.
      headers: {
        ...own.headers,
        'WWW-Authenticate': {
          ...INSUFFICIENT_SCOPE_RESPONSE.headers['WWW-Authenticate'],
          required: false,
        },
      },
      content: {
        'application/json': {
          schema: INSUFFICIENT_SCOPE_RESPONSE.content['application/json'].schema,
          examples: {
            ...examples,
            [scopeExample.code]: { summary: scopeExample.code, value: scopeExample },
          },
        },
      },
    };
  }
  operation.responses = Object.fromEntries(
    Object.entries({ ...operation.responses, 403: forbidden }).sort(
      ([a], [b]) => Number(a) - Number(b),
    ),
  );
}

function relativeToServers(document: OpenAPIObject): OpenAPIObject {
  const prefix = `/${API_PREFIX}`;
  const paths = Object.fromEntries(
    Object.entries(document.paths).map(([path, item]) => [
      path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path,
      item,
    ]),
  );
  return { ...document, paths };
}

function closeRequestBodies(document: OpenAPIObject): OpenAPIObject {
  const schemas = document.components?.schemas ?? {};
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      const body = operation?.requestBody;
      const ref = body && 'content' in body ? body.content['application/json']?.schema : undefined;
      const name = ref && '$ref' in ref ? ref.$ref.split('/').pop() : undefined;
      const schema = name ? schemas[name] : undefined;
      if (schema && !('$ref' in schema)) schema.additionalProperties = false;
    }
  }
  return document;
}

/**
 * A page holds at most what its `limit` parameter allows: each 200 array of an operation with a
 * `limit` gets that maximum as maxItems (@nestjs/swagger's response options have no maxItems).
 */
function boundPages(document: OpenAPIObject): OpenAPIObject {
  for (const item of Object.values(document.paths)) {
    for (const operation of [item.get, item.put, item.post, item.delete, item.patch]) {
      const limit = operation?.parameters?.find(
        (parameter) => 'in' in parameter && parameter.in === 'query' && parameter.name === 'limit',
      );
      const maximum =
        limit && 'schema' in limit && limit.schema && 'maximum' in limit.schema
          ? limit.schema.maximum
          : undefined;
      const ok = operation?.responses['200'];
      const body = ok && 'content' in ok ? ok.content?.['application/json']?.schema : undefined;
      if (maximum !== undefined && body && 'type' in body && body.type === 'array')
        body.maxItems = maximum;
    }
  }
  return document;
}
