import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OpenApiDocument,
  operationsOf,
  requestSchemaOf,
  resolved,
  responseSchemaOf,
} from './support/openapi-document';
import { createTestApp, type TestApp } from './support/test-app';

const COMPONENT_REF = /^#\/components\/schemas\/[A-Za-z0-9]+$/;

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

describe('the OpenAPI document of the REST face', () => {
  let h: TestApp;
  let doc: OpenApiDocument;

  beforeAll(async () => {
    h = await createTestApp();
    const answer = await h.call('GET', '/api/v1/openapi.json');
    expect(answer.statusCode).toBe(200);
    doc = answer.json();
  });
  afterAll(() => h.dispose());

  it('is a valid OpenAPI 3.1 document', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
  });

  it('lists only routes the server serves, every one under /api/v1', () => {
    const operations = operationsOf(doc);
    expect(operations.length).toBeGreaterThan(90);
    const unserved = operations.filter(
      ({ method, path }) =>
        !path.startsWith('/api/v1/') ||
        !h.app.hasRoute({ method: method.toUpperCase() as 'GET', url: path.replace(/\{(\w+)\}/g, ':$1') }),
    );
    expect(unserved).toEqual([]);
    const paths = Object.keys(doc.paths);
    expect(paths).not.toContain('/api/v1/openapi.json');
    expect(paths.filter((path) => path.startsWith('/api/v1/docs') || path.startsWith('/trpc'))).toEqual([]);
  });

  it('names every request body and answer in components.schemas, and every $ref resolves', () => {
    const unnamed: string[] = [];
    for (const { method, path, operation } of operationsOf(doc)) {
      const bodies = Object.values(operation.requestBody?.content ?? {}).map((media) => media.schema);
      const answers = Object.values(operation.responses).flatMap((answer) =>
        Object.values(answer.content ?? {}).map((media) => media.schema),
      );
      for (const schema of [...bodies, ...answers]) {
        if (!schema.$ref || !COMPONENT_REF.test(schema.$ref)) unnamed.push(`${method} ${path}`);
      }
    }
    expect(unnamed).toEqual([]);
    const operationIds = operationsOf(doc).map(({ operation }) => operation.operationId);
    expect(new Set(operationIds).size).toBe(operationIds.length);
    const missing = refsIn(doc).filter(
      (ref) => !doc.components.schemas[ref.replace('#/components/schemas/', '')],
    );
    expect(missing).toEqual([]);
    for (const [name, schema] of Object.entries(doc.components.schemas)) {
      expect(schema, name).not.toHaveProperty('$id');
    }
  });

  it('documents every error status with the error body; 422 with its field paths', () => {
    const errorBody = doc.components.schemas.ErrorBody;
    expect(errorBody).toMatchObject({ type: 'object', required: ['message', 'code'] });
    const validation = doc.components.schemas.ValidationErrorBody;
    expect(validation?.required).toEqual(expect.arrayContaining(['message', 'code', 'errors']));
    expect(validation?.examples).toBeDefined();
    for (const { method, path, operation } of operationsOf(doc)) {
      const statuses = Object.keys(operation.responses);
      const where = `${method} ${path}`;
      expect(
        statuses.some((status) => /^2\d\d$/.test(status)),
        where,
      ).toBe(true);
      expect(operation.responses.default, where).toBeDefined();
      for (const status of statuses.filter((status) => /^[45]\d\d$/.test(status))) {
        const schema = operation.responses[status]?.content?.['application/json']?.schema;
        const expected = status === '422' ? 'ValidationErrorBody' : 'ErrorBody';
        expect(schema?.$ref, `${where} ${status}`).toBe(`#/components/schemas/${expected}`);
      }
      const public_ = operation.security?.length === 0;
      // A heartbeat's ping token and a feed token (a schedule's, a person's) are addresses (an unknown one is a
      // 404), not credentials.
      const pingUrl =
        path.startsWith('/api/v1/heartbeat/') ||
        path.startsWith('/api/v1/schedule-feed/') ||
        path.startsWith('/api/v1/user-feed/');
      if (!public_ || (path.includes('{token}') && !pingUrl) || path.endsWith('/login')) {
        expect(statuses, where).toContain('401');
      }
      const takesInput = operation.requestBody !== undefined || (operation.parameters ?? []).length > 0;
      if (takesInput) expect(statuses, where).toContain('422');
    }
  });

  it('documents the contract’s error statuses', () => {
    const statusesOf = (method: string, path: string) =>
      Object.keys(doc.paths[`/api/v1${path}`]?.[method]?.responses ?? {});
    expect(statusesOf('get', '/user')).toEqual(expect.arrayContaining(['200', '401', '403']));
    expect(statusesOf('post', '/user')).toEqual(expect.arrayContaining(['403', '422']));
    expect(statusesOf('get', '/alert-rule/{id}')).toEqual(expect.arrayContaining(['403', '404']));
    expect(statusesOf('post', '/team')).toEqual(expect.arrayContaining(['201', '422']));
    expect(statusesOf('put', '/alert-rule-behavior-rule/{alertRuleId}/{ruleId}')).toEqual(
      expect.arrayContaining(['403', '404', '422']),
    );
    for (const path of [
      '/fire-alert',
      '/resolve-alert',
      '/stop-alert',
      '/status-alert',
      '/notification-alert',
    ]) {
      expect(statusesOf('post', path)).toEqual(expect.arrayContaining(['200', '401', '429']));
    }
    expect(statusesOf('get', '/alert-rule/status')).toContain('422');
    expect(statusesOf('post', '/endpoint/sendOTP')).toEqual(expect.arrayContaining(['201', '422']));
    const labels = doc.paths['/api/v1/alert-rule/create-data/labels']?.get?.responses['502'];
    expect(labels?.description).toMatch(/source_unavailable/);
  });

  it('gives the lifecycle answers a schema', () => {
    const history = responseSchemaOf(
      doc,
      doc.paths['/api/v1/alert-rule/history/{id}']?.get ?? never(),
      '200',
    );
    const entry = resolved(doc, history.properties?.data?.items);
    expect(entry.required).toEqual(expect.arrayContaining(['id', 'kind', 'status', 'createdAt']));
    const triggered = responseSchemaOf(
      doc,
      doc.paths['/api/v1/alert-rule/triggered/{id}']?.get ?? never(),
      '200',
    );
    // The original web UI's bare list of what fires (docs/decisions.md, "Fired alerts").
    expect(triggered.type).toBe('array');
    expect(resolved(doc, triggered.items).required).toEqual(
      expect.arrayContaining(['alertRuleId', 'alertRuleName', 'instance', 'state', 'status', 'updatedAt']),
    );
    for (const path of ['/alert-rule/acknowledge/{id}', '/alert-rule/resolve/{id}']) {
      const answer = responseSchemaOf(doc, doc.paths[`/api/v1${path}`]?.post ?? never(), '200');
      expect(answer.required, path).toEqual(['status', 'message']);
    }
    const link = responseSchemaOf(
      doc,
      doc.paths['/api/v1/alert-rule/acknowledgeL/{id}']?.get ?? never(),
      '200',
    );
    expect(link.required).toEqual(['status', 'message']);
  });

  it('says which credentials each route takes', () => {
    expect(Object.keys(doc.components.securitySchemes)).toEqual(
      expect.arrayContaining(['bearer', 'ruleToken', 'ruleTokenHeader', 'ruleTokenQuery', 'dataSourceToken']),
    );
    expect((doc as unknown as { security: unknown }).security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/v1/auth/login']?.post?.security).toEqual([]);
    expect(doc.paths['/api/v1/auth/refresh']?.post?.security).toEqual([]);
    expect(doc.paths['/api/v1/fire-alert']?.post?.security).toContainEqual({ ruleToken: [] });
    expect(doc.paths['/api/v1/grafana-alert/{token}']?.post?.security).toEqual([]);
    expect(doc.paths['/api/v1/prometheus-alert/api/v2/alerts']?.post?.security).toEqual([
      { dataSourceToken: [] },
    ]);
    expect(doc.paths['/api/v1/user']?.get?.security).toBeUndefined();
  });

  it("documents a rule's scheduleTargets in its create body and its answer", () => {
    const body = JSON.stringify(doc.components.schemas.AlertRuleCreateBody ?? {});
    expect(body).toContain('"scheduleTargets"');
    // The target's own fields may sit in a component of their own.
    expect(JSON.stringify(doc.components.schemas)).toContain('"nobody","teamAdmins"');
    const read = doc.paths['/api/v1/alert-rule/{id}']?.get;
    expect(read).toBeDefined();
    const answer = JSON.stringify(read ? responseSchemaOf(doc, read, '200') : {});
    expect(answer).toContain('"scheduleTargets"');
    expect(answer).toContain('"#/components/schemas/ScheduleTargetView"');
    expect(Object.keys(doc.components.schemas.ScheduleTargetView?.properties ?? {})).toEqual([
      'id',
      'scheduleId',
      'scheduleName',
      'ifNobodyOnCall',
      'urgency',
      'roundRobin',
    ]);
  });

  it('shows example bodies for the ingestion calls', () => {
    const fire = requestSchemaOf(doc, doc.paths['/api/v1/fire-alert']?.post ?? never());
    expect(fire.examples).toEqual([expect.objectContaining({ instance: expect.any(String) })]);
    const status = requestSchemaOf(doc, doc.paths['/api/v1/status-alert']?.post ?? never());
    expect(status.examples).toEqual([expect.objectContaining({ status: 'warning' })]);
  });
});

function never(): never {
  throw new Error('The document lacks the operation.');
}
