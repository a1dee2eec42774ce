import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { getTableConfig, type PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../db/schema.js';
import { MEMBER_TABLES, type MemberRows, type MemberTable } from './member-tables.js';

const tables = Object.values<unknown>(schema).filter((value): value is PgTable => is(value, PgTable));

/** The table's foreign keys, each of one column (the schema has no other). */
function foreignKeys(table: PgTable) {
  return getTableConfig(table).foreignKeys.map((key) => {
    const { columns, foreignTable, foreignColumns } = key.reference();
    expect(columns).toHaveLength(1);
    return { column: columns[0]!, to: foreignTable, toColumn: foreignColumns[0]!, onDelete: key.onDelete };
  });
}
const toUsers = (table: PgTable) => foreignKeys(table).filter((key) => key.to === schema.users && key.toColumn === schema.users.id);
const keyOf = (column: PgColumn) => tables.flatMap(foreignKeys).find((key) => key.column === column);
const named = (column: PgColumn) => `${getTableName(column.table)}.${column.name}`;
const entryOf = (table: PgTable) => MEMBER_TABLES.find((entry) => entry.table === table);
const columnsOf = (member: MemberRows): readonly PgColumn[] => (member === 'address' || 'through' in member ? [] : member);
/** A table whose rows are about a member, as opposed to one naming only the staff member who acted. */
const holdsMemberData = (entry: MemberTable) => entry.member === 'address' || 'through' in entry.member || entry.member.length > 0;
const removed = (termination: MemberTable['termination']) => termination === 'cascade' || 'deleted' in termination;

describe('the list of tables holding a member’s data', () => {
  it('has every table with a column referencing users, once', () => {
    expect(tables.filter((table) => toUsers(table).length > 0 && !entryOf(table)).map(getTableName)).toEqual([]);
    expect(new Set(MEMBER_TABLES.map((entry) => entry.table)).size).toBe(MEMBER_TABLES.length);
  });

  it('says of every column referencing users whether it names the member or the staff member who acted', () => {
    const undeclared = MEMBER_TABLES.flatMap((entry) =>
      toUsers(entry.table)
        .map((key) => key.column)
        .filter((column) => !columnsOf(entry.member).includes(column) && !entry.staff.includes(column))
        .map(named),
    );
    expect(undeclared).toEqual([]);
  });

  it('exports each table under its own name, or says why not', () => {
    const names = MEMBER_TABLES.flatMap((entry) => ('as' in entry.exported ? [entry.exported.as] : []));
    expect(new Set(names).size).toBe(names.length);
    for (const entry of MEMBER_TABLES) {
      if ('excluded' in entry.exported) expect(entry.exported.excluded.length, getTableName(entry.table)).toBeGreaterThan(20);
      if (!holdsMemberData(entry)) expect(entry.exported, `${getTableName(entry.table)} names no member`).toHaveProperty('excluded');
      expect(entry.retention, getTableName(entry.table)).not.toBe('');
    }
  });

  it('deletes with the account what its foreign keys cascade, and keeps the rest without the member', () => {
    const wrong: string[] = [];
    const expect_ = (column: PgColumn, onDelete: string | undefined, wanted: string) => {
      if (onDelete !== wanted) wrong.push(`${named(column)} is ON DELETE ${onDelete ?? 'no action'}, the list says ${wanted}`);
    };
    for (const entry of MEMBER_TABLES) {
      const wanted = entry.termination === 'cascade' ? 'cascade' : 'set null';
      for (const column of columnsOf(entry.member)) {
        if (column === schema.users.id) continue;
        const key = keyOf(column);
        if (key?.to !== schema.users) wrong.push(`${named(column)} does not reference users`);
        else expect_(column, key.onDelete, wanted);
      }
      if (entry.member !== 'address' && 'through' in entry.member) {
        const key = keyOf(entry.member.through);
        const parent = key && entryOf(key.to as PgTable);
        if (!key || !parent || !holdsMemberData(parent)) wrong.push(`${named(entry.member.through)} does not reference a table of the member’s data`);
        else {
          expect_(entry.member.through, key.onDelete, wanted);
          if (wanted === 'cascade' && !removed(parent.termination))
            wrong.push(`${getTableName(entry.table)} cascades from ${getTableName(parent.table)}, which is kept`);
        }
      }
      // A staff account that is deleted leaves the member's rows where they are.
      for (const column of entry.staff) expect_(column, keyOf(column)?.onDelete, 'set null');
    }
    expect(wrong).toEqual([]);
  });

  it('is the list of tables in docs/privacy.md’s record of processing', () => {
    const doc = readFileSync(path.resolve(import.meta.dirname, '../../../docs/privacy.md'), 'utf8');
    const record = doc.split('\n## ').find((section) => section.startsWith('Record of processing'))!;
    const rows = record.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| data '));
    // The second column, "where": table names, and file purposes such as `payment-slip` that are no table name.
    const documented = new Set(rows.flatMap((row) => [...row.split('|')[2]!.matchAll(/`([a-z_]+)`/g)].map((match) => match[1]!)));
    const listed = new Set(MEMBER_TABLES.filter(holdsMemberData).map((entry) => getTableName(entry.table)));
    expect([...documented].sort()).toEqual([...listed].sort());
  });
});
