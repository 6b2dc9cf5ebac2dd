import {
  createParamDecorator,
  PreconditionFailedException,
  type ExecutionContext,
} from '@nestjs/common';
import { ApiHeader } from '@nestjs/swagger';
import type { Request } from 'express';
import type { IncomingHttpHeaders } from 'node:http';
import { EntityTagCondition, NotModifiedException } from './entity-tag.js';

/** A request's If-Match and If-None-Match; date preconditions are ignored (no Last-Modified). */
export class RequestPreconditions {
  static readonly NONE = new RequestPreconditions(undefined, undefined);

  constructor(
    readonly ifMatch: EntityTagCondition | undefined,
    readonly ifNoneMatch: EntityTagCondition | undefined,
  ) {}

  /** Parsed from the request's headers; a malformed one is a 400 naming it. */
  static fromHeaders(headers: IncomingHttpHeaders): RequestPreconditions {
    const ifMatch = EntityTagCondition.parse('If-Match', headers['if-match']);
    const ifNoneMatch = EntityTagCondition.parse('If-None-Match', headers['if-none-match']);
    return ifMatch || ifNoneMatch
      ? new RequestPreconditions(ifMatch, ifNoneMatch)
      : RequestPreconditions.NONE;
  }

  /** Every entity tag the request names, in either header. */
  get tags(): readonly string[] {
    return [...(this.ifMatch?.tags ?? []), ...(this.ifNoneMatch?.tags ?? [])];
  }

  /** Evaluates them in RFC 9110 13.2.2's order: 412, or 304 on GET and HEAD. */
  enforce(target: string, etag: string | null, safe: boolean): void {
    if (this.ifMatch && !this.ifMatch.matchesStrongly(etag)) {
      const now =
        etag === null
          ? 'has no ETag, so only If-Match: * matches it'
          : `has changed: its ETag is now ${etag}`;
      const outcome = safe
        ? 'If-Match names another state'
        : 'Nothing was changed; GET it to see its current state';
      throw new PreconditionFailedException(
        `${target} ${now}, not ${this.ifMatch.toString()}. ${outcome}.`,
      );
    }
    if (this.ifNoneMatch?.matchesWeakly(etag)) {
      if (safe) throw new NotModifiedException(etag);
      const named = this.ifNoneMatch.any
        ? 'exists, and If-None-Match is *'
        : `has the ETag ${etag}, which If-None-Match names`;
      throw new PreconditionFailedException(`${target} ${named}. Nothing was changed.`);
    }
  }
}

const IGNORED =
  'If-Modified-Since and If-Unmodified-Since are ignored (this API sends no Last-Modified: RFC ' +
  '9110 13.1.3, 13.1.4), as is If-Range.';

const IF_MATCH_DESCRIPTION =
  'Applies the request only to the state it names: the `ETag` the client last saw (such as ' +
  '`"42-3"`), or `*` for any existing state. ' +
  'When the current state has another tag, the answer is 412 `PRECONDITION_FAILED` and nothing ' +
  'is changed. Compared strongly (a weak `W/` tag never matches). ' +
  'A list or a create targets the collection, which has no tag: only `*` matches it. Evaluated ' +
  'first (RFC 9110 13.2.2). ' +
  IGNORED;

const IF_NONE_MATCH_DESCRIPTION =
  'Applies the request only if the current state is none of those named: the `ETag` of a copy ' +
  'the client holds (such as `"42-3"`), or `*` for any existing state. ' +
  'When it names the current state: on GET and HEAD the answer is 304 without a body, whatever ' +
  '`Cache-Control` says; on other methods 412 `PRECONDITION_FAILED` with nothing changed. ' +
  'Compared weakly (`W/"42-3"` matches `"42-3"`). A collection always exists and has no tag: ' +
  'only `*` matches it. Evaluated after If-Match (RFC 9110 13.2.2). ' +
  IGNORED;

/** The schema of If-Match and If-None-Match: `*` or a list of entity tags. */
const ENTITY_TAG_LIST_SCHEMA = {
  type: 'string' as const,
  pattern: '^[ \\t]*(\\*|((W/)?"[^"]*")?([ \\t]*,[ \\t]*((W/)?"[^"]*")?)*)[ \\t]*$',
};

/** The request's preconditions, documented on the operation and evaluated by the service. */
export const Preconditions = createParamDecorator(
  (_data: unknown, context: ExecutionContext) =>
    RequestPreconditions.fromHeaders(context.switchToHttp().getRequest<Request>().headers),
  [
    (target, key) => {
      if (key === undefined) return;
      const descriptor = Object.getOwnPropertyDescriptor(target, key)!;
      // No example values: Swagger UI's "Try it out" would send them, and a made-up tag is a 412.
      ApiHeader({
        name: 'If-Match',
        required: false,
        description: IF_MATCH_DESCRIPTION,
        schema: ENTITY_TAG_LIST_SCHEMA,
      })(target, key, descriptor);
      ApiHeader({
        name: 'If-None-Match',
        required: false,
        description: IF_NONE_MATCH_DESCRIPTION,
        schema: ENTITY_TAG_LIST_SCHEMA,
      })(target, key, descriptor);
    },
  ],
);
