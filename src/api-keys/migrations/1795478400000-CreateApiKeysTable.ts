import { Table, TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Stored API keys (their hashes), with the QueryRunner API for MySQL and SQLite alike. */
export class CreateApiKeysTable1795478400000 implements MigrationInterface {
  name = 'CreateApiKeysTable1795478400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.createTable(
      new Table({
        name: 'api_keys',
        engine: mysql ? 'InnoDB' : undefined,
        columns: [
          {
            name: 'id',
            type: mysql ? 'bigint' : 'integer',
            isPrimary: true,
            isGenerated: true,
            generationStrategy: 'increment',
          },
          { name: 'name', type: 'varchar', length: '64', isNullable: false, ...text },
          { name: 'key_hash', type: 'varchar', length: '64', isNullable: false, ...text },
          { name: 'prefix', type: 'varchar', length: '16', isNullable: false, ...text },
          { name: 'rate_limit', type: mysql ? 'int' : 'integer', isNullable: true },
          { name: 'created_at', type: 'datetime', precision: 3, isNullable: false },
          { name: 'expires_at', type: 'datetime', precision: 3, isNullable: true },
          { name: 'revoked_at', type: 'datetime', precision: 3, isNullable: true },
          { name: 'last_used_at', type: 'datetime', precision: 3, isNullable: true },
        ],
        indices: [
          new TableIndex({ name: 'IDX_api_keys_name', columnNames: ['name'], isUnique: true }),
          new TableIndex({
            name: 'IDX_api_keys_key_hash',
            columnNames: ['key_hash'],
            isUnique: true,
          }),
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('api_keys');
  }
}
