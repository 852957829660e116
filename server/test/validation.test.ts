import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { validatorCompiler } from '../src/lib/validation.js';
import { ArticleListBody } from '../src/modules/content/schemas.js';

const run = (schema: TSchema, input: unknown) =>
  (validatorCompiler as unknown as (o: { schema: TSchema }) => (input: unknown) => { value?: unknown; error?: { clientMessage: string } })({ schema })(input);

/** What the validator did before its fast path: defaults, then conversion, then the check. */
const slow = (schema: TSchema, input: unknown) => Value.Convert(schema, Value.Default(schema, input ?? {}));

describe('request validation', () => {
  it('gives the same value on its fast path as defaults plus conversion would', () => {
    const bodies: unknown[] = [
      {},
      { pageNo: 2, pageSize: 10 },
      { pageNo: '2', pageSize: '10', sourceIds: '5,6' },
      { sourceIds: [5], sortType: 1, startDate: '20240101', endDate: '20241231' },
      { articleClassIds: 4, haswantsay: 1, memberId: 3 },
      { pageNo: 2.7 },
    ];
    for (const body of bodies) {
      const result = run(ArticleListBody, structuredClone(body));
      assert.equal(result.error, undefined, JSON.stringify(body));
      assert.deepEqual(result.value, slow(ArticleListBody, structuredClone(body)), JSON.stringify(body));
    }
  });

  it('still refuses bad bodies with their messages, and does not share default objects', () => {
    assert.equal(run(ArticleListBody, { pageSize: 0 }).error?.clientMessage, '每页条数需在1到100之间');
    assert.equal(run(ArticleListBody, { pageSize: 10000 }).error?.clientMessage, '每页条数需在1到100之间');
    const a = run(ArticleListBody, {}).value as Record<string, unknown>;
    const b = run(ArticleListBody, {}).value as Record<string, unknown>;
    assert.notEqual(a, b);
  });
});
