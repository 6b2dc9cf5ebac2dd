import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** listPets by status pages on (status, id), so neither database sorts. */
export class AddPetsStatusIdIndex1763856000000 implements MigrationInterface {
  name = 'AddPetsStatusIdIndex1763856000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex(
      'pets',
      new TableIndex({ name: 'IDX_pets_status_id', columnNames: ['status', 'id'] }),
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.dropIndex('pets', 'IDX_pets_status_id');
  }
}
