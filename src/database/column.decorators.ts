import { applyDecorators } from '@nestjs/common';
import {
  Column,
  Generated,
  PrimaryColumn,
  VersionColumn,
  type ColumnOptions,
  type ValueTransformer,
} from 'typeorm';
import { int64FromDatabase } from '../common/int64/int64.js';

/** Column decorators keeping int64 columns as bigint and 32-bit ones as numbers. */
const INT64: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) =>
    value === null || value === undefined
      ? value
      : int64FromDatabase(value as string | number | bigint),
};

const INTEGER: ValueTransformer = {
  to: (value: unknown) => value,
  from: (value: unknown) => (typeof value === 'bigint' ? Number(value) : value),
};

type Options = Omit<ColumnOptions, 'type' | 'transformer'>;

/** An int64 key the database assigns, read as bigint. */
export function Int64PrimaryGeneratedColumn(options: { name?: string } = {}): PropertyDecorator {
  // PrimaryGeneratedColumn takes no transformer; this pair is what it declares, plus the
  // transformer.
  return applyDecorators(
    PrimaryColumn({ type: 'bigint', transformer: INT64, ...options }),
    Generated('increment'),
  );
}

/** An int64 key the service assigns, read as bigint. */
export function Int64PrimaryColumn(options: { name?: string } = {}): PropertyDecorator {
  return PrimaryColumn({ type: 'bigint', transformer: INT64, ...options });
}

/** An int64 column, read and written as bigint. */
export function Int64Column(options: Options = {}): PropertyDecorator {
  return Column({ type: 'bigint', transformer: INT64, ...options });
}

/** A 32-bit integer column, read as number. */
export function IntegerColumn(options: Options = {}): PropertyDecorator {
  return Column({ type: 'int', transformer: INTEGER, ...options });
}

/** An instant, stored in UTC to the millisecond (DATETIME(3) on MySQL), read as a Date. */
export function DateTimeColumn(options: Options = {}): PropertyDecorator {
  return Column({ type: 'datetime', precision: 3, ...options });
}

/** A row's version: 1 on insert, and TypeORM adds one on every UPDATE of the entity. */
export function VersionNumberColumn(options: Options = {}): PropertyDecorator {
  return VersionColumn({ type: 'int', default: 1, transformer: INTEGER, ...options });
}

/**
 * A calendar date (DATE on MySQL, text on SQLite), read and written as 'YYYY-MM-DD' on both: taken
 * in UTC (`utc`), so neither the server's nor the process's time zone moves it a day.
 */
export function DateOnlyColumn(options: Options = {}): PropertyDecorator {
  return Column({ type: 'date', utc: true, ...options });
}
