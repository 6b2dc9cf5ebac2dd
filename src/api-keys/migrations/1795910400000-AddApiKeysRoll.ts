import { TableColumn, type MigrationInterface, type QueryRunner } from 'typeorm';

/** Rolling a key: the replaced secret while it overlaps, and the owner id a roll keeps. */
export class AddApiKeysRoll1795910400000 implements MigrationInterface {
  name = 'AddApiKeysRoll1795910400000';

  async up(queryRunner: QueryRunner): Promise<void> {
    const mysql = queryRunner.connection.driver.options.type !== 'better-sqlite3';
    const text = mysql ? { charset: 'utf8mb4', collation: 'utf8mb4_bin' } : {};
    await queryRunner.addColumns('api_keys', [
      new TableColumn({
        name: 'owner_id',
        type: 'varchar',
        length: '64',
        isNullable: true,
        ...text,
      }),
      new TableColumn({
        name: 'previous_key_hash',
        type: 'varchar',
        length: '64',
        isNullable: true,
        ...text,
      }),
      new TableColumn({
        name: 'previous_prefix',
        type: 'varchar',
        length: '16',
        isNullable: true,
        ...text,
      }),
      new TableColumn({
        name: 'previous_expires_at',
        type: 'datetime',
        precision: 3,
        isNullable: true,
      }),
    ]);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const column of [
      'previous_expires_at',
      'previous_prefix',
      'previous_key_hash',
      'owner_id',
    ])
      await queryRunner.dropColumn('api_keys', column);
  }
}
