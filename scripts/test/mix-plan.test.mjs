// The traffic mix's plan (scripts/bench/mix-plan.mjs): persona weights, session shapes, the stream of
// calls, percentiles, and how the sustained rate is chosen from the steps.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  HOME_CALLS,
  judge,
  percentile,
  PERSONAL_CALLS,
  PERSONAS,
  sessionPlan,
  sessionStream,
  stepWithinBudget,
  sustainedRate,
  weightedPick,
} from '../bench/mix-plan.mjs';

/** A seeded generator (mulberry32), so the counts below are the same every run. */
function seeded(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const step = (targetRps, p99, errors = 0, achievedRps = targetRps) => ({ targetRps, achievedRps, p99, errors });

describe('weightedPick', () => {
  it('picks by weight at the boundaries', () => {
    const pairs = [['a', 1], ['b', 3]];
    assert.equal(weightedPick(pairs, () => 0), 'a');
    assert.equal(weightedPick(pairs, () => 0.24), 'a');
    assert.equal(weightedPick(pairs, () => 0.25), 'b');
    assert.equal(weightedPick(pairs, () => 0.999), 'b');
  });

  it('draws the personas near 70 / 20 / 10 over many sessions', () => {
    const rnd = seeded(1);
    const counts = { visitor: 0, reader: 0, member: 0 };
    for (let i = 0; i < 20_000; i++) counts[weightedPick(PERSONAS, rnd)]++;
    assert.ok(Math.abs(counts.visitor / 20_000 - 0.7) < 0.02, JSON.stringify(counts));
    assert.ok(Math.abs(counts.reader / 20_000 - 0.2) < 0.02, JSON.stringify(counts));
    assert.ok(Math.abs(counts.member / 20_000 - 0.1) < 0.02, JSON.stringify(counts));
  });
});

describe('sessionPlan', () => {
  it("a visitor's session never asks for an account's calls", () => {
    const rnd = seeded(2);
    for (let i = 0; i < 500; i++) {
      const kinds = sessionPlan('visitor', rnd).map((c) => c.kind);
      for (const k of ['session.memberInfo', 'collect', 'freeRead', ...PERSONAL_CALLS]) assert.ok(!kinds.includes(k), `${k} in ${kinds}`);
      assert.ok(kinds.includes('list') && kinds.includes('detail'));
    }
  });

  it('logged-in sessions start with the session refresh, the home page comes whole, members never spend a free read', () => {
    const rnd = seeded(3);
    let withHome = 0;
    let personal = 0;
    for (let i = 0; i < 500; i++) {
      const calls = sessionPlan('member', rnd);
      assert.ok(calls.every((c) => c.persona === 'member'));
      const kinds = calls.map((c) => c.kind);
      assert.equal(kinds[0], 'session.memberInfo');
      assert.ok(!kinds.includes('freeRead'));
      const at = kinds.indexOf(HOME_CALLS[0]);
      if (at >= 0) {
        withHome++;
        assert.deepEqual(kinds.slice(at, at + HOME_CALLS.length), HOME_CALLS);
      }
      if (kinds.includes('personal.userInfo')) personal++;
    }
    assert.ok(withHome > 250 && withHome < 350, `home in ${withHome} of 500 (0.6 expected)`);
    assert.ok(personal > 200 && personal < 300, `personal centre in ${personal} of 500 (0.5 expected)`);
  });

  it('refuses an unknown persona', () => {
    assert.throws(() => sessionPlan('robot', Math.random), /unknown persona/);
  });
});

describe('sessionStream', () => {
  it('interleaves sessions and keeps the persona share of calls near the session weights', () => {
    const stream = sessionStream(seeded(4), 8);
    const byPersona = { visitor: 0, reader: 0, member: 0 };
    for (let i = 0; i < 30_000; i++) byPersona[stream.next().persona]++;
    // Sessions of accounts are longer (memberInfo, collects, the personal centre), so their share of
    // calls is a little above their share of sessions.
    assert.ok(byPersona.visitor / 30_000 > 0.55 && byPersona.visitor / 30_000 < 0.72, JSON.stringify(byPersona));
    assert.ok(byPersona.member > 0 && byPersona.reader > byPersona.member, JSON.stringify(byPersona));
  });
});

describe('percentile', () => {
  it('is the nearest rank, 0 for no values', () => {
    const values = Array.from({ length: 100 }, (_, i) => 100 - i);
    assert.equal(percentile(values, 50), 50);
    assert.equal(percentile(values, 99), 99);
    assert.equal(percentile(values, 100), 100);
    assert.equal(percentile([7], 99), 7);
    assert.equal(percentile([], 99), 0);
  });
});

describe('sustained rate', () => {
  it('is the highest step of the leading run within budget', () => {
    const steps = [step(100, 20), step(200, 40), step(400, 90), step(800, 140)];
    assert.equal(sustainedRate(steps, 100), 400);
    assert.equal(sustainedRate(steps, 50), 200);
  });

  it('stops at the first step with an error, a missed p99, or a rate not reached', () => {
    assert.equal(sustainedRate([step(100, 20), step(200, 30, 1), step(400, 30)], 100), 100);
    assert.equal(sustainedRate([step(100, 20), step(200, 30, 0, 180), step(400, 30)], 100), 100);
    assert.equal(sustainedRate([step(100, 120)], 100), 0);
    assert.equal(sustainedRate([], 100), 0);
    assert.ok(stepWithinBudget(step(200, 100, 0, 190), 100));
  });

  it('judges a configuration against its budget', () => {
    assert.equal(judge('pglite', [step(400, 100), step(500, 240), step(800, 300)]).ok, true);
    assert.equal(judge('pglite', [step(400, 100), step(500, 260)]).ok, false);
    assert.equal(judge('postgres2', [step(1200, 60), step(1600, 90)]).sustained, 1600);
    assert.equal(judge('postgres2', [step(1200, 60), step(1600, 90)]).ok, true);
    assert.equal(judge('postgres2', [step(1200, 60), step(1600, 90, 3)]).ok, false);
    // One PostgreSQL instance has no minimum: its rate is reported.
    assert.equal(judge('postgres', [step(100, 200)]).ok, true);
  });
});
