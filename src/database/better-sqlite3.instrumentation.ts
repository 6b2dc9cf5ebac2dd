import { type Span, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import {
  InstrumentationBase,
  InstrumentationNodeModuleDefinition,
  isWrapped,
} from '@opentelemetry/instrumentation';
import {
  ATTR_DB_OPERATION_NAME,
  ATTR_DB_QUERY_TEXT,
  ATTR_DB_SYSTEM_NAME,
} from '@opentelemetry/semantic-conventions';
import { BoundedMemo } from '../common/memo/bounded-memo.js';

interface Statement {
  readonly source: string;
}
type Method = (this: unknown, ...args: unknown[]) => unknown;
type Patchable = Record<string, Method>;

/** What a statement runs through: each call is one execution, so one span. */
const EXECUTIONS = ['run', 'get', 'all'] as const;

/** better-sqlite3's Database: the module itself when required, its default export when imported. */
function databaseClass(loaded: unknown): { prototype: Patchable } {
  const module = loaded as { default?: unknown; [Symbol.toStringTag]?: unknown };
  return (module[Symbol.toStringTag] === 'Module' ? module.default : module) as {
    prototype: Patchable;
  };
}

/**
 * String literals ('…', quotes doubled inside) and numbers become '?': the text says what ran,
 * never with which values. Double quotes are SQLite's (and TypeORM's) identifiers: kept.
 */
export function withoutValues(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, '?').replace(/\b\d+(\.\d+)?\b/g, '?');
}

/** A span per SQLite statement, within a sampled span (OpenTelemetry ships no instrumentation). */
export class BetterSqlite3Instrumentation extends InstrumentationBase {
  private readonly texts = new BoundedMemo<string, { operation: string; text: string }>(1_000);
  private statementPrototype: Patchable | undefined;

  constructor() {
    super('petstore-better-sqlite3', '1.0.0', {});
  }

  protected init(): InstrumentationNodeModuleDefinition {
    return new InstrumentationNodeModuleDefinition(
      'better-sqlite3',
      ['>=12 <14'],
      (loaded: unknown) => {
        const database = databaseClass(loaded);
        if (!isWrapped(database.prototype.prepare))
          this._wrap(database.prototype, 'prepare', (prepare) => this.preparing(prepare));
        if (!isWrapped(database.prototype.exec))
          this._wrap(database.prototype, 'exec', (exec) =>
            this.traced(exec, (_, [sql]) => String(sql)),
          );
        return loaded;
      },
      (loaded: unknown) => {
        if (loaded === undefined) return;
        const database = databaseClass(loaded);
        this._unwrap(database.prototype, 'prepare');
        this._unwrap(database.prototype, 'exec');
        if (this.statementPrototype)
          for (const method of EXECUTIONS) this._unwrap(this.statementPrototype, method);
      },
    );
  }

  /** The native Statement class is not exported: its prototype is patched on the first prepare. */
  private preparing(prepare: Method): Method {
    const patchStatements = (prototype: Patchable): void => {
      if (this.statementPrototype === prototype) return;
      this.statementPrototype = prototype;
      for (const method of EXECUTIONS)
        if (!isWrapped(prototype[method]))
          this._wrap(prototype, method, (execute) =>
            this.traced(execute, (self) => (self as Statement).source),
          );
    };
    return function prepareTraced(this: unknown, ...args: unknown[]) {
      const statement = prepare.apply(this, args) as object;
      patchStatements(Object.getPrototypeOf(statement) as Patchable);
      return statement;
    };
  }

  private traced(execute: Method, sqlOf: (self: unknown, args: unknown[]) => string): Method {
    const startSpan = (sql: string): Span => {
      const { operation, text } = this.describe(sql);
      return this.tracer.startSpan(operation, {
        kind: SpanKind.CLIENT,
        attributes: {
          [ATTR_DB_SYSTEM_NAME]: 'sqlite',
          [ATTR_DB_OPERATION_NAME]: operation,
          [ATTR_DB_QUERY_TEXT]: text,
        },
      });
    };
    return function executeTraced(this: unknown, ...args: unknown[]) {
      const parent = trace.getSpan(context.active());
      if (parent === undefined || !parent.isRecording()) return execute.apply(this, args);
      const span = startSpan(sqlOf(this, args));
      try {
        return execute.apply(this, args);
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: typeof code === 'string' ? code : undefined,
        });
        throw error;
      } finally {
        span.end();
      }
    };
  }

  private describe(sql: string): { operation: string; text: string } {
    let described = this.texts.get(sql);
    if (described === undefined) {
      const text = withoutValues(sql.trim());
      described = { operation: text.split(/\s/, 1)[0].toUpperCase(), text };
      this.texts.set(sql, described);
    }
    return described;
  }
}
