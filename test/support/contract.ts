import { Ajv } from 'ajv';
import ajvFormats from 'ajv-formats';
import { OpenAPIBackend, SetMatchType } from 'openapi-backend';
import request from 'supertest';
import type { App } from 'supertest/types.js';

type Agent = ReturnType<typeof request>;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head' | 'options';
type Document = {
  servers: { url: string }[];
  components: { schemas: Record<string, object> };
  paths: Record<string, unknown>;
};

/**
 * openapi-backend checks a definition against OpenAPI 3.0's schema only (openapi-schema-validator
 * has no 3.1), and the document is 3.1 for its `webhooks`: Redocly checks it whole instead
 * (test/openapi.e2e-spec.ts, "passes the Redocly linter"). Routing and the Ajv checks of each
 * response read its 3.1 schemas (`type: ["string", "null"]`) as they are.
 */
class OpenApi31Backend extends OpenAPIBackend {
  override validateDefinition(): OpenAPIBackend['document'] {
    return this.document;
  }
}

/**
 * Checks responses against the served OpenAPI document with openapi-backend (Ajv underneath):
 * the status is declared for the operation, the body matches its schema, required headers are
 * there. Responses outside every operation (unknown path, other method) must be the Error shape.
 */
export class ContractChecker {
  readonly seenStatuses = new Set<number>();
  private readonly isError: (body: unknown) => boolean;

  private constructor(
    private readonly api: OpenAPIBackend,
    private readonly document: Document,
  ) {
    const ajv = new Ajv({ strict: false, allErrors: true });
    for (const [name, schema] of Object.entries(document.components.schemas))
      ajv.addSchema(schema, `#/components/schemas/${name}`);
    this.isError = ajv.compile({ $ref: '#/components/schemas/Error' });
  }

  static async fromServer(server: App): Promise<ContractChecker> {
    const response = await request(server).get('/openapi.json').expect(200);
    const document = response.body as Document;
    // The production server may be relative to the document's origin (`/v1`).
    const apiRoot = new URL(document.servers[0].url, 'http://localhost').pathname;
    const api = new OpenApi31Backend({
      definition: response.body,
      apiRoot,
      // Each operation's Ajv validators are compiled when first used, not every operation's up
      // front: a suite touches a few, and compiling them all cost more CPU than its own tests.
      quick: true,
      validate: true,
      strict: true,
      customizeAjv: withInt64AsDouble,
    });
    await api.init();
    return new ContractChecker(api, document);
  }

  /**
   * A supertest agent whose every response is checked when awaited; a violation fails the request.
   */
  agent(server: App): Agent {
    const agent = request(server);
    return new Proxy(agent, {
      get: (target, property) => {
        const value = Reflect.get(target, property);
        if (typeof value !== 'function') return value;
        return (url: string) => this.watch(property as Method, url, value.call(target, url));
      },
    });
  }

  violations(method: string, url: string, response: request.Response): string[] {
    this.seenStatuses.add(response.status);
    const [path, query = ''] = url.split('?');
    const operation = this.api.matchOperation({ method, path, headers: {}, query });
    const problems: string[] = [];
    if (!operation) {
      if (response.status < 400)
        problems.push(`${response.status} on a path and method the document does not declare`);
      if (!this.isError(response.body)) problems.push('body is not the Error shape');
      return problems;
    }
    const declared = operation.responses?.[String(response.status)];
    if (!declared)
      return [`status ${response.status} is not declared for ${operation.operationId}`];
    if (
      'content' in declared &&
      declared.content?.['application/json'] &&
      !/^application\/json/.test(response.headers['content-type'] ?? '')
    ) {
      problems.push(`content-type ${response.headers['content-type']} is not application/json`);
    }
    if (!('content' in declared && declared.content)) {
      // A response declared without content (204) must have none.
      if (response.text)
        problems.push(`body ${JSON.stringify(response.text.slice(0, 40))} where none is declared`);
    } else {
      const body = this.api.validateResponse(response.body, operation, response.status);
      problems.push(
        ...(body.errors ?? []).map((error) => `body${error.instancePath} ${error.message}`),
      );
    }
    // 'any' checks the headers that are there against their schemas; openapi-backend's stricter
    // modes treat every declared header as required, so `required: true` is checked here.
    const headers = this.api.validateResponseHeaders(response.headers, operation, {
      statusCode: response.status,
      setMatchType: SetMatchType.Any,
    });
    problems.push(
      ...(headers.errors ?? []).map(
        (error) => `headers${error.instancePath} ${error.message} ${JSON.stringify(error.params)}`,
      ),
    );
    for (const [name, header] of Object.entries(
      ('headers' in declared && declared.headers) || {},
    )) {
      if (
        'required' in header &&
        header.required &&
        response.headers[name.toLowerCase()] === undefined
      )
        problems.push(`required header ${name} is missing`);
    }
    return problems;
  }

  private watch(method: Method, url: string, test: request.Test): request.Test {
    const then = test.then.bind(test);
    test.then = ((onFulfilled, onRejected) =>
      then((response) => {
        const problems = this.violations(method, url, response);
        if (problems.length > 0) {
          throw new Error(
            `Contract violation: ${method.toUpperCase()} ${url} answered ${response.status}:\n  ${problems.join('\n  ')}`,
          );
        }
        return response;
      }).then(onFulfilled, onRejected)) as request.Test['then'];
    return test;
  }
}

/**
 * Bodies reach the validator through JSON.parse, which turns 9223372036854775807 into the double
 * 2^63: the int64 format here accepts every integer double in range. Exact digits are asserted on
 * the raw response text by the tests themselves.
 */
function withInt64AsDouble(ajv: Ajv): Ajv {
  // The standard formats (date-time, ...) from ajv-formats, then int64 as described above.
  ajvFormats.default(ajv);
  ajv.addFormat('int64', {
    type: 'number',
    validate: (value: number) => Number.isInteger(value) && Math.abs(value) <= 2 ** 63,
  });
  return ajv;
}
