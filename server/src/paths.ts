import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

// This file sits one level below the package root both as src/paths.ts (tsx) and as
// dist/paths.js (built), so every path below resolves the same way in both modes.
const here = dirname(fileURLToPath(import.meta.url));

export const serverRoot = resolve(here, '..');
export const repoRoot = resolve(serverRoot, '..');
export const migrationsFolder = resolve(serverRoot, 'drizzle');
export const assetsDir = resolve(serverRoot, 'assets');
