import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { LOCAL_UPLOADS_PATH, type FileStorage } from './index.js';

/** Files under a folder on this machine, served by the static plugin at /api/uploads/. */
export function createLocalStorage(root: string): FileStorage {
  const base = resolve(root);
  const pathOf = (key: string) => {
    const full = resolve(base, key);
    // Keys are server-made, but a key must never leave the folder whatever it is.
    if (!full.startsWith(base + sep)) throw new Error(`storage key outside the uploads folder: ${key}`);
    return full;
  };
  return {
    kind: 'local',
    async put(key, body) {
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      // Written beside the target and renamed, so a reader never sees half a file.
      const partial = join(dirname(target), `.${randomBytes(6).toString('hex')}.partial`);
      await writeFile(partial, body, { flag: 'wx' });
      await rename(partial, target);
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl(key) {
      return `${LOCAL_UPLOADS_PATH}${key}`;
    },
  };
}
