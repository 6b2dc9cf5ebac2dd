import type { DataSource } from 'typeorm';

/** One table read of a plan, as both MySQL families say it. */
export interface TableRead {
  table: string;
  /** The index read, PRIMARY for the clustered key; undefined for a full table scan. */
  index: string | undefined;
  /** `range` (bounds on the index), `ref` (equality on its first columns), `index` (all of it), `ALL`. */
  access: string;
  /** The index columns its bounds or lookup use, in index order. */
  boundColumns: string[];
}

/** What the plan checks read from `EXPLAIN FORMAT=JSON`. */
export interface QueryPlan {
  reads: TableRead[];
  /** Whether anything is sorted after it is read (a filesort). */
  sorts: boolean;
}

/**
 * The plan of a statement on MariaDB or Oracle MySQL, from `EXPLAIN FORMAT=JSON`: MariaDB's
 * format, Oracle MySQL's version 1 (8.4's default) and version 2 (9.x's default), each walked for
 * its table reads and sorts, so that one check holds on every server.
 */
export async function mysqlQueryPlan(
  dataSource: DataSource,
  sql: string,
  parameters: unknown[],
): Promise<QueryPlan> {
  const [row] = await dataSource.query<Record<string, string>[]>(
    `EXPLAIN FORMAT=JSON ${sql}`,
    parameters,
  );
  return planOf(JSON.parse(Object.values(row)[0]));
}

export function planOf(explained: unknown): QueryPlan {
  const plan: QueryPlan = { reads: [], sorts: false };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    const fields = node as Record<string, unknown>;
    if (
      'filesort' in fields ||
      'read_sorted_file' in fields ||
      fields.using_filesort === true ||
      fields.access_type === 'sort'
    )
      plan.sorts = true;
    if (typeof fields.table_name === 'string') plan.reads.push(tableRead(fields));
    Object.values(fields).forEach(visit);
  };
  visit(explained);
  return plan;
}

const VERSION_2_ACCESS: Record<string, string> = {
  index_range_scan: 'range',
  index_lookup: 'ref',
  index_scan: 'index',
};

function tableRead(fields: Record<string, unknown>): TableRead {
  const table = fields.table_name as string;
  // Version 2: index_name, index_access_type and the ranges as text.
  if ('index_access_type' in fields || fields.access_type === 'table') {
    const access = VERSION_2_ACCESS[fields.index_access_type as string] ?? 'ALL';
    const keyColumns = (fields.key_columns as string[] | undefined) ?? [];
    const ranges = ((fields.ranges as string[] | undefined) ?? []).join(' ');
    const lookup = (fields.lookup_condition as string | undefined) ?? '';
    const bound =
      access === 'range'
        ? keyColumns.filter((column) => new RegExp(`\\b${column}\\b`).test(ranges))
        : access === 'ref'
          ? keyColumns.filter((column) => new RegExp(`\\b${column}\\b`).test(lookup))
          : [];
    return { table, index: fields.index_name as string | undefined, access, boundColumns: bound };
  }
  // MariaDB and version 1: key, access_type and used_key_parts.
  return {
    table,
    index: fields.key as string | undefined,
    access: String(fields.access_type),
    boundColumns: (fields.used_key_parts as string[] | undefined) ?? [],
  };
}
