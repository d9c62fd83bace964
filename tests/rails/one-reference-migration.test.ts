import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pool } from '@/lib/platform/db';
import { useTestApi } from '../support/api-server';

useTestApi();

/** Migration 0019's statements, as drizzle runs them. */
const statements = async () =>
  (await readFile(path.join(import.meta.dirname, '../../migrations/0019_one_rail_reference.sql'), 'utf8')).split('--> statement-breakpoint');

describe('migration 0019 over a database that already broke the one-reference rule', () => {
  it('claims each reference of a payment or a suspense row once, and does not fail on a reference that is both', async () => {
    const client = await pool().connect();
    try {
      await client.query('begin');
      // The tables as they stood before 0019, in a schema of their own, with a reference kept twice.
      await client.query('create schema before_0019; set local search_path to before_0019');
      await client.query('create table payments (rail text not null, provider_reference text not null, unique (rail, provider_reference))');
      await client.query('create table suspense_payments (rail text not null, provider_reference text not null, unique (rail, provider_reference))');
      await client.query(`insert into payments values ('BANK', 'BOTH-1'), ('MPESA', 'PAID-1')`);
      await client.query(`insert into suspense_payments values ('BANK', 'BOTH-1'), ('MPESA', 'HELD-1'), ('BANK', 'PAID-1')`);
      for (const statement of await statements()) await client.query(statement);
      const { rows } = await client.query('select rail, provider_reference from rail_references order by rail, provider_reference');
      expect(rows).toEqual([
        { rail: 'BANK', provider_reference: 'BOTH-1' },
        { rail: 'BANK', provider_reference: 'PAID-1' },
        { rail: 'MPESA', provider_reference: 'HELD-1' },
        { rail: 'MPESA', provider_reference: 'PAID-1' },
      ]);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
