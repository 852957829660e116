// The Module Federation shared list every webpack config spreads (ARCHITECTURE §1, §3.4).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { sharedConfig, SHARED_SINGLETONS, SHARED_IMPORTS } = require('../webpack/index.cjs');

const ROOT = join(__dirname, '../..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'dist' ? [] : sources(p);
    return /\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** Names the apps' sources import (not as types only) from `pkg`. */
function importedNames(pkg: string): Map<string, string> {
  const found = new Map<string, string>();
  const re = new RegExp(`import\\s+(type\\s+)?\\{([^}]*)\\}\\s+from\\s+'${pkg}'`, 'g');
  for (const app of ['shell', 'mf-content', 'mf-courses', 'mf-account', 'mf-payment', 'mf-editorial', 'shared']) {
    for (const file of sources(join(ROOT, app, 'src'))) {
      for (const m of readFileSync(file, 'utf8').matchAll(re)) {
        if (m[1]) continue;
        for (const part of m[2]!.split(',')) {
          const name = part.trim().split(/\s+as\s+/)[0]!.trim();
          if (name && !name.startsWith('type ')) found.set(name, file);
        }
      }
    }
  }
  return found;
}

describe('shared dependencies', () => {
  it('shares the libraries of the architecture as singletons', () => {
    for (const dep of ['react', 'react-dom', 'react-router-dom', '@ant-design/cssinjs', 'jotai', 'axios', 'dayjs', 'single-spa', '@qianyan/shared/core']) {
      expect(SHARED_SINGLETONS).toContain(dep);
    }
    const config = sharedConfig();
    for (const dep of SHARED_SINGLETONS) {
      expect(config[dep]).toEqual({
        singleton: true,
        requiredVersion: expect.stringMatching(/^\^\d+\.\d+\.\d+/),
        ...(dep === '@qianyan/shared/core' ? { strictVersion: true } : {}),
        // A slim module stands in for the package: it is shared under the package's real version.
        ...(SHARED_IMPORTS[dep] ? { import: SHARED_IMPORTS[dep], version: expect.stringMatching(/^\d+\.\d+\.\d+/) } : {}),
      });
    }
  });

  it('makes @qianyan/shared/core a versioned contract: what a remote needs is at least the version it was built with', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { version } = require('../package.json');
    expect(version).not.toBe('0.1.0');
    expect(sharedConfig()['@qianyan/shared/core']).toMatchObject({ requiredVersion: `^${version}`, strictVersion: true });
  });

  it('lets each app bundle the antd components it imports (docs/decisions.md), never the whole library', () => {
    expect(SHARED_SINGLETONS).not.toContain('antd');
    expect(SHARED_SINGLETONS).not.toContain('@qianyan/shared');
    // The plain (antd-free) pieces are presentational: each app bundles those it imports.
    expect(SHARED_SINGLETONS).not.toContain('@qianyan/shared/plain');
  });

  it('names each slimmer shared module by a package request, never a file path', () => {
    // A path is built into html-webpack-plugin's template compilation too, which writes a second copy
    // of the module to the output (in development under the app's own copy's name: an asset conflict).
    for (const request of Object.values(SHARED_IMPORTS) as string[]) {
      expect(request).toMatch(/^@qianyan\/shared\//);
      expect(require.resolve(request)).toMatch(/shared[\\/]webpack[\\/]/);
    }
  });

  it("shares a slim react-router-dom that exports every name an app imports from it", () => {
    const config = sharedConfig();
    expect(config['react-router-dom'].import).toBe(SHARED_IMPORTS['react-router-dom']);
    const slim = readFileSync(require.resolve(SHARED_IMPORTS['react-router-dom']), 'utf8');
    const exported = new Set(
      slim
        .slice(slim.indexOf('export {') + 'export {'.length, slim.indexOf('}', slim.indexOf('export {')))
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean),
    );
    const used = importedNames('react-router-dom');
    expect(used.size).toBeGreaterThan(3);
    const missing = [...used].filter(([name]) => !exported.has(name)).map(([name, file]) => `${name} (${file})`);
    expect(missing).toEqual([]);
    // Every name re-exported exists in react-router.
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const rr = require('react-router');
    expect([...exported].filter((n) => !(n in rr))).toEqual([]);
  });
});
