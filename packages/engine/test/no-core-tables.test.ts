import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EntitySchema } from '@mikro-orm/core';
import { entities, routines } from '@oncall/core/persistence';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The engine only drives: what it needs of the core's tables comes through ports the core
// implements (routes, send targets, the delivery log, armed instances). Its own SQL is on pg-boss's
// schema (the job queue and the test helpers that wait for it).

const SRC = fileURLToPath(new URL('../src', import.meta.url));

/** The job-queue driver (pg-boss's connection and schema) and the test helpers that wait for it. */
const MAY_USE_ENTITY_MANAGER = ['boss/', 'testing/'];

/** Table and database-function names the core owns, read from its ORM declarations. */
function coreObjectNames(): string[] {
  const tables = entities.map((entity) => {
    const tableName = EntitySchema.REGISTRY.get(entity)?.meta.tableName;
    if (!tableName) throw new Error(`The core entity ${entity.name} declares no table name`);
    return tableName;
  });
  return [...tables, ...routines.map((routine) => routine.name)];
}

const CORE_OBJECT = new RegExp(`\\b(?:${coreObjectNames().join('|')})\\b`, 'i');
const CORE_ENTITIES = new Set(entities.map((entity) => entity.name));
const CORE_MODULES = new Set(['@oncall/core', '@oncall/core/persistence']);
const LOOKS_LIKE_SQL = /\b(?:select|insert|update|delete|with)\b/i;

/** The text of every string literal in a module (template substitutions as `?`). */
function stringsOf(source: ts.SourceFile): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) {
      found.push([node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join('?'));
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** SQL statements in a module that name a table or function of the core. */
function coreSqlIn(source: ts.SourceFile): string[] {
  return stringsOf(source).filter((text) => LOOKS_LIKE_SQL.test(text) && CORE_OBJECT.test(text));
}

/** Core entities a module imports as values, i.e. to query them through the ORM. */
function coreEntityImportsIn(source: ts.SourceFile): string[] {
  return source.statements.flatMap((statement) => {
    if (!ts.isImportDeclaration(statement)) return [];
    const from = statement.moduleSpecifier;
    const clause = statement.importClause;
    // The entities are exported by the persistence subpath; the main barrel is checked as well.
    if (!ts.isStringLiteral(from) || !CORE_MODULES.has(from.text) || !clause || clause.isTypeOnly) return [];
    const bindings = clause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) return [];
    return bindings.elements
      .filter((element) => !element.isTypeOnly)
      .map((element) => (element.propertyName ?? element.name).text)
      .filter((name) => CORE_ENTITIES.has(name));
  });
}

/** Whether a module reaches the database through an entity manager (`orm.em`, `db.orm.em`). */
function usesEntityManager(source: ts.SourceFile): boolean {
  const visit = (node: ts.Node): boolean =>
    (ts.isPropertyAccessExpression(node) && node.name.text === 'em') ||
    (ts.forEachChild(node, visit) ?? false);
  return visit(source);
}

function parse(fileName: string, text: string): ts.SourceFile {
  return ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
}

function modulesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.ts'))
    .map((path) => join(dir, path));
}

describe('the engine reads no table of the core', () => {
  it('recognises core SQL, and leaves pg-boss SQL and prose alone', () => {
    const sample = parse(
      'sample.ts',
      `// reads endpoints and users
       const a = 'select type, value from endpoints where id = ?';
       const b = \`with event as (select id from alert_events where id = \${id}) select 1 from event\`;
       const c = 'select count(*)::int as pending from pgboss.job where name = ?';
       const d = \`Endpoint \${id} no longer exists\`;
       const e = 'select apply_fire_in_one_statement(?)';`,
    );
    expect(coreSqlIn(sample)).toEqual([
      'select type, value from endpoints where id = ?',
      'with event as (select id from alert_events where id = ?) select 1 from event',
      'select apply_fire_in_one_statement(?)',
    ]);
    const imports = parse(
      'imports.ts',
      `import { Endpoint, queryRows, type User } from '@oncall/core';
       import type { ProviderConfig } from '@oncall/core';`,
    );
    expect(coreEntityImportsIn(imports)).toEqual(['Endpoint']);
    expect(usesEntityManager(parse('orm.ts', 'await loadProviderSettings(orm.em.fork(), box, id);'))).toBe(
      true,
    );
    expect(usesEntityManager(parse('port.ts', 'await targets.resolve(request);'))).toBe(false);
  });

  it('has no SQL on core tables, no core entity queries and no entity manager outside the job queue in packages/engine/src', () => {
    const offences = modulesUnder(SRC).flatMap((path) => {
      const source = parse(path, readFileSync(path, 'utf8'));
      const where = relative(SRC, path);
      return [
        ...coreSqlIn(source).map((sql) => `${where}: ${sql.replace(/\s+/g, ' ').slice(0, 120)}`),
        ...coreEntityImportsIn(source).map((entity) => `${where}: imports the entity ${entity}`),
        ...(usesEntityManager(source) && !MAY_USE_ENTITY_MANAGER.some((dir) => where.startsWith(dir))
          ? [`${where}: reads through an entity manager`]
          : []),
      ];
    });
    expect(offences).toEqual([]);
  });
});
