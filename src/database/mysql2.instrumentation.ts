import { context, trace } from '@opentelemetry/api';
import { MySQL2Instrumentation } from '@opentelemetry/instrumentation-mysql2';

type Method = (this: unknown, ...args: unknown[]) => unknown;
type QueryPatch = (format: unknown, isPrepared: boolean) => (query: Method) => Method;

/** The instrumentation's wrapper factory for `query` and `execute`, a member it keeps private. */
interface PatchingQueries {
  _patchQuery?: QueryPatch;
}

const spanning = (MySQL2Instrumentation.prototype as unknown as PatchingQueries)._patchQuery;

/** Whether a statement run now would be a child of a recorded span. */
function withinRecordedSpan(): boolean {
  return trace.getSpan(context.active())?.isRecording() === true;
}

/** OpenTelemetry's mysql2 instrumentation, only within a recorded span (docs/maintainers.md). */
export class MySQL2WithinRecordedSpans extends MySQL2Instrumentation {
  /** False once an upgrade renames the private member: the spans stay, the shortcut goes. */
  static readonly shortcutApplies = typeof spanning === 'function';

  static {
    // On the prototype, so it is in place before the constructor's enable() patches mysql2.
    if (spanning !== undefined)
      (this.prototype as unknown as PatchingQueries)._patchQuery = function patchQuery(
        format,
        isPrepared,
      ) {
        const patch = spanning.call(this, format, isPrepared);
        return (query) => {
          const spanned = patch(query);
          return function queryWithinRecordedSpans(this: unknown, ...args: unknown[]) {
            return (withinRecordedSpan() ? spanned : query).apply(this, args);
          };
        };
      };
  }

  constructor() {
    super({ maskStatement: true });
  }
}
