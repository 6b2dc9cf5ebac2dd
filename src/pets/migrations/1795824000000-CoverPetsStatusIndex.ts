import { TableIndex, type MigrationInterface, type QueryRunner } from 'typeorm';

/** listPets by status reads its page from the index alone. */
const COVERING = new TableIndex({
  name: 'IDX_pets_status_id_name_category_id',
  columnNames: ['status', 'id', 'name', 'category_id'],
});
const STATUS_ID = new TableIndex({ name: 'IDX_pets_status_id', columnNames: ['status', 'id'] });

export class CoverPetsStatusIndex1795824000000 implements MigrationInterface {
  name = 'CoverPetsStatusIndex1795824000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('pets', COVERING.clone());
    await queryRunner.dropIndex('pets', STATUS_ID.name!);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.createIndex('pets', STATUS_ID.clone());
    await queryRunner.dropIndex('pets', COVERING.name!);
  }
}
