import { Table, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Each instance's heartbeat; a replica's copy tells how far behind it is. */
export class CreateReplicationHeartbeatsTable1795564800000 implements MigrationInterface {
  name = 'CreateReplicationHeartbeatsTable1795564800000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    await queryRunner.createTable(
      new Table({
        name: 'replication_heartbeats',
        engine: mysql ? 'InnoDB' : undefined,
        columns: [
          {
            name: 'instance',
            type: 'varchar',
            length: '64',
            isPrimary: true,
            ...(mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {}),
          },
          { name: 'beat_ms', type: 'bigint', isNullable: false },
        ],
      }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropTable('replication_heartbeats');
  }
}
