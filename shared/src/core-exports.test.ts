// @qianyan/shared/core is the singleton the shell provides to every remote, so its exports are a
// contract (docs/decisions.md, "Changing @qianyan/shared"): a remote built against a version with
// more exports must not run against a shell without them. This test keeps the version honest: the
// exports are recorded with the version, and any change to them needs a new version.
import * as core from './core';
import record from '../core-exports.json';
import pkg from '../package.json';

describe('@qianyan/shared/core exports', () => {
  it('are the ones recorded for this version', () => {
    const exported = Object.keys(core).sort();
    const added = exported.filter((n) => !record.exports.includes(n));
    const removed = record.exports.filter((n) => !exported.includes(n));
    const advice =
      `The exports of @qianyan/shared/core changed (added: ${added.join(', ') || 'none'}; removed: ${removed.join(', ') || 'none'}). ` +
      `Raise the version in shared/package.json (${removed.length ? 'major: an export was removed' : 'minor: exports were added'}), ` +
      `then write it and the new list to shared/core-exports.json; release the shell before any remote built against it.`;
    expect({ version: pkg.version, added, removed, advice: added.length || removed.length ? advice : '' }).toEqual({
      version: record.version,
      added: [],
      removed: [],
      advice: '',
    });
  });
});
