/**
 * PostgreSQL's introspection limited to the schema the shop works in (`current_schema()`, set by
 * search_path). Kysely's own introspector lists every table of every schema and calls
 * `has_schema_privilege` and `pg_get_serial_sequence` on their *names*; a schema dropped by someone else
 * while that query runs makes it fail ("schema ... does not exist"). The Migrator asks it at every start
 * whether its own tables exist, so one instance's start could fail because another schema of the same
 * database went away (seen in the test suite, where each test file has a schema of its own and drops it
 * at the end). information_schema checks privileges by object id, which simply skips a vanished object,
 * and the query reads the current schema only.
 */
import {
  type DatabaseIntrospector,
  type DatabaseMetadata,
  type DatabaseMetadataOptions,
  DEFAULT_MIGRATION_LOCK_TABLE,
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  PostgresDialect,
  PostgresIntrospector,
  type SchemaMetadata,
  sql,
  type TableMetadata,
} from 'kysely';

interface ColumnRow {
  readonly table_schema: string;
  readonly table_name: string;
  readonly table_type: string;
  readonly column_name: string;
  readonly udt_name: string;
  readonly udt_schema: string;
  readonly is_nullable: string;
  readonly column_default: string | null;
  readonly is_identity: string;
}

const KYSELY_TABLES = new Set<string>([DEFAULT_MIGRATION_TABLE, DEFAULT_MIGRATION_LOCK_TABLE]);

export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // biome-ignore lint/suspicious/noExplicitAny: the introspector reads catalogs, not the shop's tables.
  constructor(private readonly db: Kysely<any>) {}

  getSchemas(): Promise<SchemaMetadata[]> {
    // pg_namespace's names alone: no function that could meet a vanished object.
    return new PostgresIntrospector(this.db).getSchemas();
  }

  async getTables(
    options: DatabaseMetadataOptions = { withInternalKyselyTables: false },
  ): Promise<TableMetadata[]> {
    const { rows } = await sql<ColumnRow>`
      select t.table_schema, t.table_name, t.table_type, c.column_name, c.udt_name, c.udt_schema,
             c.is_nullable, c.column_default, c.is_identity
      from information_schema.tables t
      join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name
      where t.table_schema = current_schema()
      order by t.table_name, c.ordinal_position`.execute(this.db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      if (!options.withInternalKyselyTables && KYSELY_TABLES.has(row.table_name)) continue;
      let table = tables.get(row.table_name);
      if (!table) {
        table = {
          name: row.table_name,
          schema: row.table_schema,
          isView: row.table_type === 'VIEW',
          columns: [],
        };
        tables.set(row.table_name, table);
      }
      (table.columns as TableMetadata['columns'][number][]).push({
        name: row.column_name,
        dataType: row.udt_name,
        dataTypeSchema: row.udt_schema,
        isNullable: row.is_nullable === 'YES',
        hasDefaultValue: row.column_default !== null || row.is_identity === 'YES',
        isAutoIncrementing: row.is_identity === 'YES' || (row.column_default ?? '').startsWith('nextval('),
      });
    }
    return [...tables.values()];
  }

  async getMetadata(options?: DatabaseMetadataOptions): Promise<DatabaseMetadata> {
    return { tables: await this.getTables(options) };
  }
}

/** Kysely's PostgreSQL dialect with the introspector above. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // biome-ignore lint/suspicious/noExplicitAny: as Kysely's own signature.
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
