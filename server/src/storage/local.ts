import { randomBytes } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { copyFile, mkdir, rename, rm, writeFile } from 'node:fs/promises';
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
  /** Writes beside the target and renames, so a reader never sees half a file. */
  async function writeAtomically(key: string, write: (partial: string) => Promise<void>) {
    const target = pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    const partial = join(dirname(target), `.${randomBytes(6).toString('hex')}.partial`);
    try {
      await write(partial);
      await rename(partial, target);
    } catch (err) {
      await rm(partial, { force: true });
      throw err;
    }
  }
  return {
    kind: 'local',
    put: (key, body) => writeAtomically(key, (partial) => writeFile(partial, body, { flag: 'wx' })),
    // copyFile copies in the kernel (or clones on a copy-on-write file system): no bytes pass through the heap.
    putFile: (key, path) => writeAtomically(key, (partial) => copyFile(path, partial, fsConstants.COPYFILE_EXCL)),
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
    publicUrl(key) {
      return `${LOCAL_UPLOADS_PATH}${key}`;
    },
  };
}
