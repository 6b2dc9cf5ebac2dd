import { HttpException, HttpStatus } from '@nestjs/common';
import type { HeadersObject } from '@nestjs/swagger';
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

/** Sets the ETag header and returns the body for Nest to write. */
export function withEntityTag<Body>(
  response: { setHeader(name: string, value: string): unknown },
  tagged: Tagged<Body>,
): Body {
  response.setHeader('ETag', tagged.etag);
  return tagged.body;
}

/** 304 Not Modified, raised by a service; ErrorResponseFilter answers it without a body. */
export class NotModifiedException extends HttpException {
  constructor(readonly etag: string | null) {
    super('Not Modified', HttpStatus.NOT_MODIFIED);
  }
}

// RFC 9110: entity-tag = [ "W/" ] DQUOTE *etagc DQUOTE, etagc = %x21 / %x23-7E / obs-text; lists
// may hold empty elements.
const LIST_ELEMENT = /[ \t]*(?:((?:W\/)?"[\x21\x23-\x7e\x80-\xff]*")[ \t]*)?(?:,|$)/y;

/** An If-Match or If-None-Match field: `*` (any current state) or a list of entity tags. */
export class EntityTagCondition {
  private constructor(
    readonly any: boolean,
    readonly tags: readonly string[],
  ) {}

  /** Undefined without the header; 400 naming it when it is neither `*` nor entity tags. */
  static parse(field: string, header: string | undefined): EntityTagCondition | undefined {
    if (header === undefined) return undefined;
    if (header.trim() === '*') return new EntityTagCondition(true, []);
    const tags: string[] = [];
    LIST_ELEMENT.lastIndex = 0;
    while (LIST_ELEMENT.lastIndex < header.length) {
      const start = LIST_ELEMENT.lastIndex;
      const element = LIST_ELEMENT.exec(header);
      if (!element || LIST_ELEMENT.lastIndex === start) throw malformed(field, header);
      if (element[1] !== undefined) tags.push(element[1]);
    }
    if (tags.length === 0) throw malformed(field, header);
    return new EntityTagCondition(false, tags);
  }

  /** Strong comparison: a weak tag never matches; a state without a tag matches only `*`. */
  matchesStrongly(current: string | null): boolean {
    return this.any || (current !== null && this.tags.includes(current));
  }

  /** Weak comparison (If-None-Match): `W/"1-2"` matches `"1-2"`. */
  matchesWeakly(current: string | null): boolean {
    return (
      this.any ||
      (current !== null && this.tags.some((tag) => opaqueTag(tag) === opaqueTag(current)))
    );
  }

  /** The tags sent, for a 412's message; cut short as every input echoed in a message is. */
  toString(): string {
    return this.any ? '*' : cutInput(this.tags.join(', '));
  }
}

/** An entity tag without its weakness indicator: `W/"1-2"` and `"1-2"` are both `"1-2"`. */
export function opaqueTag(tag: string): string {
  return tag.startsWith('W/') ? tag.slice(2) : tag;
}

function malformed(field: string, header: string): AppException {
  return new AppException(
    ErrorCode.VALIDATION_FAILED,
    `${field} must be * or a comma-separated list of entity tags in double quotes, such as ` +
      `"42-3" (an ETag this API sent); got ${JSON.stringify(cutInput(header))}.`,
  );
}

/** The ETag response header, for the success responses of the operations that tag their state. */
export const ETAG_HEADER_DOC: HeadersObject = {
  ETag: {
    description:
      'Strong entity tag of the state in this answer; it changes with every change. Send it as ' +
      '`If-Match` to change only that state.',
    required: true,
    schema: { type: 'string', example: '"42-3"' },
  },
};
