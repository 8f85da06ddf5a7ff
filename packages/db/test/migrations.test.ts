import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrate } from '../src/index';
import { createTestDatabase, type TestDatabase } from '../src/testing/index';

describe('migrations', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.dispose());

  it('leave nothing between the committed migrations and the entities', async () => {
    const diff = await t.db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    expect(diff.trim()).toBe('');
  });

  it('apply once: a second run applies nothing', async () => {
    expect(await migrate(t.db.orm)).toEqual([]);
  });

  it('answer readiness pings', async () => {
    expect(await t.db.ping()).toBe(true);
  });
});
