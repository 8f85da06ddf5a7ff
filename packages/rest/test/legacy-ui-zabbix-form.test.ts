import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRestApp, type RestApp } from './rest-app';

/**
 * The original web UI's Zabbix rule form (GitHub skylogsio/skylogs, `apps/frontend`):
 * `src/components/AlertRule/Forms/ZabbixForm.tsx` offers `getZabbixCreateData()`'s `severities`
 * (`src/api/alertRule.ts`, `GET alert-rule/create-data/zabbix`, typed `IZabbixCreateData` in
 * `src/@types/alertRule.ts`: `severities: string[]`) in an Autocomplete whose option label is the
 * option itself, validates `severities: z.array(z.string())`, sends the picked strings, and opens
 * Edit with the rule as the list answered it. The backend it was written against offers Zabbix's
 * severity names (`apps/backend/app/Services/ZabbixService.php`, `getSeverities`) and stores them.
 * We store Zabbix's severity numbers ('0'…'5') and offer `{value, label}` choices; a request
 * marked with `X-Cluster` (only that UI sends it, `src/lib/axios.ts`) gets the names both ways.
 */
describe("the legacy web UI's Zabbix severities", () => {
  let h: RestApp;
  let admin: string;
  let dataSourceId: string;
  const legacyUi = { 'x-cluster': '' };
  const NAMES = ['Not classified', 'Information', 'Warning', 'Average', 'High', 'Disaster'];

  beforeAll(async () => {
    h = await createRestApp();
    admin = await h.adminToken();
  }, 30_000);
  afterAll(async () => {
    await h.dispose();
  });

  /** What `ZabbixForm.tsx` submits (its `ZabbixFromType`). */
  const form = (name: string, severities: string[]) => ({
    name,
    type: 'zabbix',
    endpointIds: [],
    userIds: [],
    teamIds: [],
    tags: [],
    actions: [],
    hosts: [],
    severities,
    dataSourceIds: [dataSourceId],
    description: '',
    showAcknowledgeBtn: false,
  });
  const severitiesOf = (body: unknown) => (body as { severities?: unknown }).severities;

  it('offers the severity names as strings; other clients keep the value and label choices', async () => {
    const options = await h.call('GET', '/alert-rule/create-data/zabbix', {
      token: admin,
      headers: legacyUi,
    });
    expect(options.status, JSON.stringify(options.body)).toBe(200);
    expect(severitiesOf(options.body)).toEqual(NAMES);
    const plain = await h.call('GET', '/alert-rule/create-data/zabbix', { token: admin });
    expect(severitiesOf(plain.body)).toContainEqual({ value: '4', label: 'High' });
  });

  it('saves the names it sends and shows them on every read of the rule', async () => {
    // A source that does not answer: the form's lists are not under test here.
    const source = await h.call('POST', '/data-source', {
      token: admin,
      body: { name: 'zabbix-ui', type: 'zabbix', url: 'http://127.0.0.1:9', apiToken: 'zabbix-token-1' },
    });
    expect(source.status, JSON.stringify(source.body)).toBe(201);
    dataSourceId = (source.body as { id: string }).id;
    const created = await h.call('POST', '/alert-rule', {
      token: admin,
      headers: legacyUi,
      body: form('ui-zabbix', ['High', 'Disaster']),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    expect(severitiesOf(created.body)).toEqual(['High', 'Disaster']);
    const id = (created.body as { id: string }).id;

    const list = await h.call('GET', '/alert-rule?page=1&perPage=10', { token: admin, headers: legacyUi });
    const row = (list.body as { data: { id: string }[] }).data.find((rule) => rule.id === id);
    expect(severitiesOf(row)).toEqual(['High', 'Disaster']);

    const updated = await h.call('PUT', `/alert-rule/${id}`, {
      token: admin,
      headers: legacyUi,
      body: form('ui-zabbix', ['Warning']),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    const read = await h.call('GET', `/alert-rule/${id}`, { token: admin, headers: legacyUi });
    expect(severitiesOf(read.body)).toEqual(['Warning']);

    // Stored as Zabbix numbers them: other clients read the values, as before.
    const plain = await h.call('GET', `/alert-rule/${id}`, { token: admin });
    expect(severitiesOf(plain.body)).toEqual(['2']);
  });

  it('refuses a severity name from other clients, as the contract says', async () => {
    const byName = await h.call('POST', '/alert-rule', {
      token: admin,
      body: form('plain-zabbix', ['High']),
    });
    expect(byName.status).toBe(422);
    expect(Object.keys((byName.body as { errors: object }).errors)).toEqual(['severities.0']);
  });
});
