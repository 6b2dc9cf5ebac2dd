import { randomBytes } from 'node:crypto';
import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Opaque event ids: a random key per sequence, kept in the database so every instance gives an
 * event the same id, and the last plain id, which a consumer may still resume after.
 */
export class AddEventIdKey1796515200000 implements MigrationInterface {
  name = 'AddEventIdKey1796515200000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.addColumn(
      'event_sequences',
      new TableColumn({
        name: 'id_key',
        type: 'varchar',
        length: '32',
        isNullable: true,
        ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
      }),
    );
    await queryRunner.addColumn(
      'event_sequences',
      new TableColumn({
        name: 'numeric_ids_through',
        type: 'bigint',
        isNullable: false,
        default: 0,
      }),
    );
    const rows = (await queryRunner.query('SELECT name FROM event_sequences')) as {
      name: string;
    }[];
    for (const { name } of rows)
      await queryRunner.query(
        'UPDATE event_sequences SET id_key = ?, numeric_ids_through = last_id WHERE name = ?',
        [randomBytes(16).toString('base64url'), name],
      );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropColumn('event_sequences', 'numeric_ids_through');
    await queryRunner.dropColumn('event_sequences', 'id_key');
  }
}
