// The stateful part of @qianyan/shared (API client, session store, dialogs) exists once, in the core
// singleton the shell provides. A module outside core that reaches a core module by a relative path
// (`../api`) gets its own bundled copy in each app: a second session store, and the first view pays
// for the copy. Such modules import from '@qianyan/shared/core' instead.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const SRC = __dirname;
const EXTENSIONS = ['.ts', '.tsx', '/index.ts', '/index.tsx'];

function resolveLocal(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec);
  return [base, ...EXTENSIONS.map((e) => base + e)].find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

const relativeImports = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/^(import|export)\s(type\s)?[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)]
    // A type-only import leaves nothing in the bundle.
    .filter((m) => !m[2])
    .map((m) => resolveLocal(file, m[3]!))
    .filter((f): f is string => f !== null && /\.tsx?$/.test(f));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

describe('the core singleton boundary', () => {
  it('no module outside @qianyan/shared/core imports a core module by a relative path', () => {
    const core = new Set<string>();
    const queue = [join(SRC, 'core.ts')];
    while (queue.length) {
      const file = queue.pop()!;
      if (core.has(file)) continue;
      core.add(file);
      queue.push(...relativeImports(file));
    }
    expect(core.size).toBeGreaterThan(5);
    const crossings = sources(SRC)
      // testing.tsx (@qianyan/shared/testing) is the tests' own support, never in an app's bundle.
      .filter((f) => !core.has(f) && relative(SRC, f) !== 'testing.tsx')
      .flatMap((f) => relativeImports(f).filter((i) => core.has(i)).map((i) => `${relative(SRC, f)} → ${relative(SRC, i)}`));
    expect(crossings).toEqual([]);
  });
});
