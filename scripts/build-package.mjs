// Compiles the workspace package in the current directory with its tsconfig.build.json: src/ to dist/
// (JavaScript, declarations, source maps), what `node dist/main.js` and the packages' `default` export
// condition run.
//
// Sources name relative modules without an extension (`./start`, `./http`), which vitest, tsx and the
// typechecker's Bundler resolution accept and Node's ESM loader does not. The emitted JavaScript gets
// the module's real file name instead (`./start.js`, `./http/index.js`), so the sources stay as they
// are. The declarations get them too: a consumer's typechecker resolving with `nodenext` requires them.
// Types are not checked here (`noCheck`): `npm run typecheck` checks the whole repository at once,
// and a build that checked each package would check its dependencies' sources again.
import { existsSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import ts from 'typescript';

const host = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => fail([diagnostic]),
};
const config = ts.getParsedCommandLineOfConfigFile(resolve('tsconfig.build.json'), undefined, host);
if (config.errors.length > 0) fail(config.errors);
const { outDir } = config.options;
if (!outDir) throw new Error('tsconfig.build.json: outDir is required');

// A module renamed or removed since the last build must not linger in dist/.
rmSync(outDir, { recursive: true, force: true });
const program = ts.createProgram({ rootNames: config.fileNames, options: config.options });
const emitted = program.emit(undefined, undefined, undefined, false, {
  after: [withRuntimeSpecifiers],
  afterDeclarations: [withRuntimeSpecifiers],
});
const diagnostics = [
  ...program.getOptionsDiagnostics(),
  ...program.getSyntacticDiagnostics(),
  ...emitted.diagnostics,
];
if (diagnostics.length > 0 || emitted.emitSkipped) fail(diagnostics);

/** @param {import('typescript').TransformationContext} context */
function withRuntimeSpecifiers(context) {
  const { factory } = context;
  return (sourceFile) => {
    const renamed = (literal) =>
      factory.createStringLiteral(runtimeSpecifier(sourceFile.fileName, literal.text));
    const visit = (node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        return factory.updateImportDeclaration(
          node,
          node.modifiers,
          node.importClause,
          renamed(node.moduleSpecifier),
          node.attributes,
        );
      }
      if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        return factory.updateExportDeclaration(
          node,
          node.modifiers,
          node.isTypeOnly,
          node.exportClause,
          renamed(node.moduleSpecifier),
          node.attributes,
        );
      }
      if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const [specifier, ...rest] = node.arguments;
        return factory.updateCallExpression(node, node.expression, node.typeArguments, [
          renamed(specifier),
          ...rest,
        ]);
      }
      return ts.visitEachChild(node, visit, context);
    };
    return ts.visitNode(sourceFile, visit);
  };
}

/** `./start` → `./start.js`, `./http` → `./http/index.js`; package names and `./x.json` stay. */
function runtimeSpecifier(importer, specifier) {
  if (!specifier.startsWith('./') && !specifier.startsWith('../')) return specifier;
  const target = resolve(dirname(importer), specifier);
  if (existsSync(`${target}.ts`)) return `${specifier}.js`;
  if (existsSync(join(target, 'index.ts'))) return `${specifier}/index.js`;
  if (existsSync(target)) return specifier;
  throw new Error(`${importer}: no module '${specifier}'`);
}

function fail(diagnostics) {
  const formatHost = {
    getCanonicalFileName: (name) => name,
    getCurrentDirectory: ts.sys.getCurrentDirectory,
    getNewLine: () => ts.sys.newLine,
  };
  process.stderr.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost));
  process.exit(1);
}
