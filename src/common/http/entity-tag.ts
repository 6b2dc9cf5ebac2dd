import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import { ApiHeader, type HeadersObject } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { AppException } from '../errors/app.exception.js';
import { ErrorCode } from '../errors/error-code.enum.js';
import { cutInput } from '../validation/received.js';

/** A response body with the strong entity tag (RFC 9110 8.8.3) of the state it shows. */
export interface Tagged<Body> {
  body: Body;
  etag: string;
}

/** A strong entity tag made of the parts given, such as a resource's id and version: `"42-3"`. */
export function strongEntityTag(...parts: readonly (bigint | number | string)[]): string {
  return `"${parts.join('-')}"`;
}

/**
 * Sets the ETag header and returns the body for Nest to write. On GET and HEAD, Express's own
 * freshness check (res.send, req.fresh) then answers an If-None-Match naming this tag with 304 and no body.
 */
export function withEntityTag<Body>(response: Response, tagged: Tagged<Body>): Body {
  response.setHeader('ETag', tagged.etag);
  return tagged.body;
}

// RFC 9110: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text; lists may hold empty elements.
const LIST_ELEMENT = /[ \t]*(?:((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")[ \t]*)?(?:,|$)/y;

/**
 * The If-Match precondition (RFC 9110 13.1.1): `*` (any current state) or a list of entity tags,
 * compared strongly, so a weak tag never matches. Evaluated by the service against the state it read.
 */
export class IfMatchCondition {
  private constructor(
    readonly any: boolean,
    private readonly tags: readonly string[],
  ) {}

  /** Undefined without the header; a 400 naming the header when it is neither `*` nor a list of entity tags. */
  static parse(header: string | undefined): IfMatchCondition | undefined {
    if (header === undefined) return undefined;
    if (header.trim() === '*') return new IfMatchCondition(true, []);
    const tags: string[] = [];
    LIST_ELEMENT.lastIndex = 0;
    while (LIST_ELEMENT.lastIndex < header.length) {
      const start = LIST_ELEMENT.lastIndex;
      const element = LIST_ELEMENT.exec(header);
      if (!element || LIST_ELEMENT.lastIndex === start) throw malformed(header);
      if (element[1] !== undefined) tags.push(element[1]);
    }
    if (tags.length === 0) throw malformed(header);
    return new IfMatchCondition(false, tags);
  }

  /** Whether the state tagged `current` (a strong tag) satisfies the condition. */
  matches(current: string): boolean {
    return this.any || this.tags.includes(current);
  }

  /** The tags sent, for a 412's message; cut short as every input echoed in a message is. */
  toString(): string {
    return this.any ? '*' : cutInput(this.tags.join(', '));
  }
}

function malformed(header: string): AppException {
  return new AppException(
    ErrorCode.VALIDATION_FAILED,
    `If-Match must be * or a comma-separated list of entity tags in double quotes, such as "42-3" (an ETag this API sent); got ${JSON.stringify(cutInput(header))}.`,
  );
}

const IF_MATCH_DESCRIPTION =
  'Makes the change conditional: the `ETag` of the state the client last saw (such as `"42-3"`), or `*` for any existing state. ' +
  'When the current state has another tag, nothing is changed and the answer is 412 `PRECONDITION_FAILED`. ' +
  'Compared strongly (a weak `W/` tag never matches). Without it the change applies to whatever state is current.';

/**
 * The If-Match header of the request, parsed (an IfMatchCondition, or undefined without one), and
 * documented on the operation. The service evaluates it against the state it reads.
 */
export const IfMatch = createParamDecorator(
  (_data: unknown, context: ExecutionContext) => IfMatchCondition.parse(context.switchToHttp().getRequest<Request>().headers['if-match']),
  [
    (target, key) => {
      if (key === undefined) return;
      // No example value: Swagger UI's "Try it out" would send it, and a made-up tag is a 412.
      ApiHeader({ name: 'If-Match', required: false, description: IF_MATCH_DESCRIPTION, schema: { type: 'string' } })(
        target,
        key,
        Object.getOwnPropertyDescriptor(target, key)!,
      );
    },
  ],
);

/** Documents If-None-Match on a read that sets an ETag (withEntityTag); Express answers it. */
export function ApiIfNoneMatchHeader(): MethodDecorator {
  return ApiHeader({
    name: 'If-None-Match',
    required: false,
    description:
      'The `ETag` of a copy the client holds (such as `"42-3"`): when it is still the current one, the answer is 304 without a body. ' +
      'Compared weakly (`W/"42-3"` matches `"42-3"`); `*` matches any existing state. Ignored with `Cache-Control: no-cache`.',
    schema: { type: 'string' },
  });
}

/** The ETag response header, for the success responses of the operations that tag their state. */
export const ETAG_HEADER_DOC: HeadersObject = {
  ETag: {
    description: 'Strong entity tag of the state in this answer; it changes with every change. Send it as `If-Match` to change only that state.',
    required: true,
    schema: { type: 'string', example: '"42-3"' },
  },
};
