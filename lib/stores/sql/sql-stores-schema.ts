import type { EntitySchema, MigrationInterface, QueryRunner } from 'typeorm';
import { loadTypeorm } from './load-typeorm.js';
import { entityOptions, sqlStoreTables, tableOptions } from './sql-store-tables.js';
import type { McpSqlTableNames } from './sql-table-names.js';

/**
 * The TypeORM entities of the SQL stores' tables (`authorizationTable`, `taskTable`, `counterTable`), for a
 * `DataSource` that creates its schema by `synchronize` or generates migrations from entities.
 * Async because `typeorm` is an optional peer loaded on first use: call it in
 * `TypeOrmModule.forRootAsync`'s factory or before `new DataSource(...)`.
 */
export async function mcpSqlEntities(names?: McpSqlTableNames): Promise<EntitySchema[]> {
  const { EntitySchema } = await loadTypeorm();
  return sqlStoreTables(names).map((spec) => new EntitySchema(entityOptions(spec)));
}

/**
 * The migration creating the SQL stores' tables and indexes (dropping them on `down`), for the
 * `migrations` of a `DataSource`: `migrations: [mcpSqlStoresMigration()]`. Its name carries a
 * fixed timestamp (`McpSqlStores1764374400000`); the table names are those given here.
 */
export function mcpSqlStoresMigration(names?: McpSqlTableNames): new () => MigrationInterface {
  const tables = sqlStoreTables(names);
  return class McpSqlStores1764374400000 implements MigrationInterface {
    name = 'McpSqlStores1764374400000';

    async up(queryRunner: QueryRunner): Promise<void> {
      const { Table } = await loadTypeorm();
      for (const spec of tables) await queryRunner.createTable(new Table(tableOptions(spec)), true);
    }

    async down(queryRunner: QueryRunner): Promise<void> {
      for (const spec of [...tables].reverse()) await queryRunner.dropTable(spec.name, true);
    }
  };
}
