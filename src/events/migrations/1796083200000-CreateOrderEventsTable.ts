import {
  Table,
  TableIndex,
  type MigrationInterface,
  type QueryRunner,
  type TableColumnOptions,
} from 'typeorm';

/** The order outbox, the events of the feed with an index for each filter, their id sequence. */
export class CreateOrderEventsTable1796083200000 implements MigrationInterface {
  name = 'CreateOrderEventsTable1796083200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    const fields: TableColumnOptions[] = [
      { name: 'type', type: 'varchar', length: '32', isNullable: false, ...text },
      { name: 'order_id', type: 'bigint', isNullable: false },
      { name: 'order_version', type: mysql ? 'int' : 'integer', isNullable: false },
      { name: 'owner', type: 'varchar', length: '64', isNullable: true, ...text },
      { name: 'occurred_at', type: 'datetime', precision: 3, isNullable: false },
      { name: 'payload', type: 'text', isNullable: false, ...text },
    ];
    const engine = mysql ? 'InnoDB' : undefined;
    await queryRunner.createTable(
      new Table({
        name: 'order_outbox',
        engine,
        columns: [
          {
            name: 'entry',
            type: mysql ? 'bigint' : 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          ...fields,
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'order_events',
        engine,
        columns: [{ name: 'id', type: 'bigint', isPrimary: true }, ...fields],
        indices: [
          new TableIndex({ name: 'IDX_order_events_order_id_id', columnNames: ['order_id', 'id'] }),
          new TableIndex({ name: 'IDX_order_events_type_id', columnNames: ['type', 'id'] }),
          new TableIndex({ name: 'IDX_order_events_owner_id', columnNames: ['owner', 'id'] }),
          new TableIndex({
            name: 'IDX_order_events_owner_type_id',
            columnNames: ['owner', 'type', 'id'],
          }),
        ],
      }),
    );
    await queryRunner.createTable(
      new Table({
        name: 'event_sequences',
        engine,
        columns: [
          { name: 'name', type: 'varchar', length: '32', isPrimary: true, ...text },
          { name: 'last_id', type: 'bigint', isNullable: false },
          { name: 'purged_through', type: 'bigint', isNullable: false },
        ],
      }),
    );
    await queryRunner.query(
      "INSERT INTO event_sequences (name, last_id, purged_through) VALUES ('order_events', 0, 0)",
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('event_sequences');
    await queryRunner.dropTable('order_events');
    await queryRunner.dropTable('order_outbox');
  }
}
