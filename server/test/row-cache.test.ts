import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RowCache } from '../src/modules/content/rowCache.js';

type Row = { id: number; text: string };
const row = (id: number, text = 'x'): Row => ({ id, text });
const bytes = (r: Row) => r.text.length;

describe('list row cache', () => {
  it('pushes out the least recently used row when over its bytes', () => {
    const cache = new RowCache<Row>(100, 10, bytes);
    cache.set(1, row(1, 'aaaa'));
    cache.set(1, row(2, 'bbbb'));
    assert.equal(cache.get(1, 1)?.text, 'aaaa'); // 1 is now the most recently used
    cache.set(1, row(3, 'cccc'));
    assert.equal(cache.has(1, 2), false);
    assert.equal(cache.get(1, 1)?.text, 'aaaa');
    assert.equal(cache.get(1, 3)?.text, 'cccc');
    assert.equal(cache.bytes, 8);
    assert.equal(cache.hasRoom, true);
  });

  it('is bounded by count too, and counts a replaced row once', () => {
    const cache = new RowCache<Row>(2, 1_000, bytes);
    cache.set(1, row(1));
    cache.set(1, row(1, 'yy'));
    assert.equal(cache.size, 1);
    assert.equal(cache.bytes, 2);
    cache.set(1, row(2));
    assert.equal(cache.hasRoom, false);
    cache.set(1, row(3));
    assert.deepEqual([cache.has(1, 1), cache.has(1, 2), cache.has(1, 3)], [false, true, true]);
  });

  it('keeps one content version: a newer one drops the rows, an older one is not kept', () => {
    const cache = new RowCache<Row>(10, 1_000, bytes);
    cache.set(1, row(1));
    assert.equal(cache.use(2), true);
    assert.equal(cache.size, 0);
    assert.equal(cache.bytes, 0);
    cache.set(1, row(1));
    assert.equal(cache.size, 0);
    assert.equal(cache.get(1, 1), undefined);
    assert.equal(cache.use(1), false);
  });
});
