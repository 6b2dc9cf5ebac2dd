import { planOf } from './support/query-plan.js';

// EXPLAIN FORMAT=JSON as each server wrote it (trimmed), for the plan checks of
// test/paging.e2e-spec.ts and test/orders-indexes.e2e-spec.ts.
const MARIADB_RANGE = {
  query_block: {
    select_id: 1,
    nested_loop: [
      {
        table: {
          table_name: 't',
          access_type: 'range',
          key: 'idx_status_id',
          used_key_parts: ['status', 'id'],
          index_condition: "t.`status` = 'b' and t.`id` > 60000",
        },
      },
    ],
  },
};
const MARIADB_SORTED = {
  query_block: {
    nested_loop: [
      {
        read_sorted_file: {
          filesort: {
            sort_key: 't.`name`',
            table: {
              table_name: 't',
              access_type: 'range',
              key: 'PRIMARY',
              used_key_parts: ['id'],
            },
          },
        },
      },
    ],
  },
};
const MYSQL_V1_SORTED = {
  query_block: {
    ordering_operation: {
      using_filesort: true,
      table: { table_name: 't', access_type: 'range', key: 'PRIMARY', used_key_parts: ['id'] },
    },
  },
};
const MYSQL_V2_RANGE = {
  query_plan: {
    access_type: 'limit',
    inputs: [
      {
        ranges: ["(status = 'b' AND 10 < id)"],
        index_name: 'idx_status_id',
        table_name: 't',
        access_type: 'index',
        key_columns: ['status', 'id'],
        index_access_type: 'index_range_scan',
      },
    ],
  },
  json_schema_version: '2.0',
};
const MYSQL_V2_LOOKUP = {
  query_plan: {
    access_type: 'limit',
    inputs: [
      {
        index_name: 'idx_status_id',
        table_name: 't',
        access_type: 'index',
        key_columns: ['status'],
        lookup_condition: "status = 'b'",
        index_access_type: 'index_lookup',
      },
    ],
  },
};
const MYSQL_V2_SORTED_SCAN = {
  query_plan: {
    access_type: 'limit',
    inputs: [
      {
        access_type: 'sort',
        inputs: [{ table_name: 't', access_type: 'table', operation: 'Table scan on t' }],
      },
    ],
  },
};

describe('planOf: one reading of EXPLAIN FORMAT=JSON for MariaDB and Oracle MySQL', () => {
  it.each([
    ['MariaDB, a range', MARIADB_RANGE, 'idx_status_id', 'range', ['status', 'id'], false],
    ['MariaDB, a filesort', MARIADB_SORTED, 'PRIMARY', 'range', ['id'], true],
    ['Oracle MySQL format 1, a filesort', MYSQL_V1_SORTED, 'PRIMARY', 'range', ['id'], true],
    [
      'Oracle MySQL format 2, a range',
      MYSQL_V2_RANGE,
      'idx_status_id',
      'range',
      ['status', 'id'],
      false,
    ],
    ['Oracle MySQL format 2, a lookup', MYSQL_V2_LOOKUP, 'idx_status_id', 'ref', ['status'], false],
    ['Oracle MySQL format 2, a sorted scan', MYSQL_V2_SORTED_SCAN, undefined, 'ALL', [], true],
  ])('reads %s', (_name, explained, index, access, boundColumns, sorts) => {
    expect(planOf(explained)).toEqual({
      reads: [{ table: 't', index, access, boundColumns }],
      sorts,
    });
  });
});
