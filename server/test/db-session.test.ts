import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sql } from 'drizzle-orm';
import { openDatabase, withSessionOptions } from '../src/db/client.js';

const adminUrl = process.env.TEST_DATABASE_URL;

describe("the API's PostgreSQL sessions", () => {
  it('plan without parallel workers, keeping the options the connection string sets', () => {
    const options = (s: string) => new URL(withSessionOptions(s)).searchParams.get('options');
    assert.equal(options('postgres://u@h:5432/db'), '-c max_parallel_workers_per_gather=0');
    assert.equal(options('postgres://u@h:5432/db?options=-c%20statement_timeout%3D4321'), '-c statement_timeout=4321 -c max_parallel_workers_per_gather=0');
    assert.equal(withSessionOptions('host=h dbname=db'), 'host=h dbname=db');
  });

  it('are opened so on the server', { skip: !adminUrl && 'TEST_DATABASE_URL not set (needs PostgreSQL)' }, async () => {
    const url = new URL(adminUrl!);
    url.searchParams.set('options', '-c statement_timeout=4321');
    const database = await openDatabase({ databaseUrl: url.toString(), pgliteDir: '', poolMax: 1 });
    try {
      const show = async (name: string) =>
        ((await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] }).rows[0]![name];
      assert.equal(await show('max_parallel_workers_per_gather'), '0');
      assert.equal(await show('statement_timeout'), '4321ms');
    } finally {
      await database.close();
    }
  });
});
