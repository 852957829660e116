// How a module of the server starts a worker thread on a file of its own: the built .js file, or,
// when the server runs from its sources (tests, development), the .ts file loaded through tsx, which
// a worker's entry cannot be given directly on Node 20.
import type { WorkerOptions } from 'node:worker_threads';

/**
 * The Worker constructor's arguments for the worker file `name` (without extension) beside the
 * module whose `import.meta.url` is `from`.
 */
export function workerEntry(name: string, from: string): [string | URL, Pick<WorkerOptions, 'eval'>] {
  if (from.endsWith('.ts')) {
    const file = new URL(`./${name}.ts`, from).href;
    return [
      `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(from)}))`,
      { eval: true },
    ];
  }
  return [new URL(`./${name}.js`, from), {}];
}
