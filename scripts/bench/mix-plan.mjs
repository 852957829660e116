// The traffic mix's plan (server/bench/traffic.ts, `npm run bench -- --only mix`), pure so it is tested
// (scripts/test/mix-plan.test.mjs): who the simulated readers are, what one session of each asks the
// API, the rising request rates, when a step misses its budget and which rate is the sustained one.

/** Share of sessions per kind of reader: visitors (no account), logged-in readers, members. */
export const PERSONAS = [
  ['visitor', 70],
  ['reader', 20],
  ['member', 10],
];

/** What the home page (/index) asks on its first view: the shell's header and mf-content's home. */
export const HOME_CALLS = [
  'home.banner', // api.base.getBanner({ code: 'home' })
  'home.advertSwitch', // api.base.getModularSwitch({ moduleName: 'advert' })
  'home.headerAdvert', // api.advert.selectAdvertList({ advertPosition: '页眉' })
  'home.classes', // api.article.selectArticleClass()
  'home.newestIssue', // api.periodical.newestArticle()
  'home.animations', // selectArticleList({ sourceIds: [animation], pageSize: 4 })
  'home.wantsay', // selectArticleList({ haswantsay: 1, pageSize: 5 })
  'home.hotReadSwitch', // api.base.getModularSwitch({ moduleName: 'hot_read' })
  'home.hotReads', // api.hotRead.selectHotReadList()
  'home.lessons', // selectLessonList (the home's course cards)
];

/** The personal centre's calls (a logged-in reader or member on /personal). */
export const PERSONAL_CALLS = ['personal.userInfo', 'personal.favArticles', 'personal.readArticles', 'personal.readLessons'];

/** Per persona: how likely each part of a session is, and how many of each. */
export const SESSION_SHAPE = {
  visitor: { home: 0.8, lists: [1, 3], details: [1, 3], lessonDetail: 0.2, searches: [0, 2], collect: 0, freeRead: 0, personal: 0 },
  reader: { home: 0.7, lists: [1, 3], details: [1, 4], lessonDetail: 0.3, searches: [0, 2], collect: 0.3, freeRead: 0.1, personal: 0.3 },
  member: { home: 0.6, lists: [1, 3], details: [2, 5], lessonDetail: 0.5, searches: [0, 2], collect: 0.4, freeRead: 0, personal: 0.5 },
};

/**
 * Rates (requests per second) of the full run and of --quick; each step lasts a fixed time. The
 * full ladder holds both budgets' rates (500 and 1 500), so a configuration that sustains its budget
 * is reported so, not as the step below it.
 */
export const FULL_RATES = [100, 200, 300, 400, 500, 600, 800, 1000, 1200, 1500, 2000, 2400];
export const QUICK_RATES = [50, 100, 200];

/** Budgets per configuration: the sustained rate must reach minRps with p99 ≤ p99Ms and no error. */
export const MIX_BUDGET = {
  pglite: { minRps: 500, p99Ms: 250 },
  postgres: { minRps: null, p99Ms: 100 },
  postgres2: { minRps: 1500, p99Ms: 100 },
};

/** Picks from [item, weight] pairs with rnd() in [0, 1). */
export function weightedPick(pairs, rnd) {
  const total = pairs.reduce((a, [, w]) => a + w, 0);
  let x = rnd() * total;
  for (const [item, w] of pairs) if ((x -= w) < 0) return item;
  return pairs[pairs.length - 1][0];
}

const between = ([lo, hi], rnd) => lo + Math.floor(rnd() * (hi - lo + 1));

/**
 * One session's calls in order: the home page's calls (most sessions land there), then lists with
 * filters and the details opened from them (a lesson now and then), searches, and for accounts the
 * collects, a free read (non-members) and the personal centre. Logged-in sessions start with
 * getMemberInfo (the shell's session refresh).
 */
export function sessionPlan(persona, rnd) {
  const shape = SESSION_SHAPE[persona];
  if (!shape) throw new Error(`unknown persona ${persona}`);
  const calls = [];
  if (persona !== 'visitor') calls.push('session.memberInfo');
  if (rnd() < shape.home) calls.push(...HOME_CALLS);
  const lists = between(shape.lists, rnd);
  const details = between(shape.details, rnd);
  for (let i = 0; i < Math.max(lists, details); i++) {
    if (i < lists) calls.push('list');
    if (i < details) calls.push('detail');
  }
  if (rnd() < shape.lessonDetail) calls.push('lessons', 'lessonDetail');
  for (let i = between(shape.searches, rnd); i > 0; i--) calls.push('search');
  if (rnd() < shape.collect) calls.push('collect');
  if (rnd() < shape.freeRead) calls.push('freeRead');
  if (rnd() < shape.personal) calls.push(...PERSONAL_CALLS);
  return calls.map((kind) => ({ persona, kind }));
}

/**
 * A request stream built of sessions: `next()` returns the next call of the session being played,
 * and starts a new session (persona by PERSONAS' weights) when one ends. Sessions are interleaved
 * `concurrent` at a time, round robin, as readers browse side by side.
 */
export function sessionStream(rnd, concurrent = 16) {
  const open = Array.from({ length: concurrent }, () => []);
  let turn = 0;
  return {
    next() {
      const slot = open[turn];
      turn = (turn + 1) % open.length;
      if (!slot.length) slot.push(...sessionPlan(weightedPick(PERSONAS, rnd), rnd));
      return slot.shift();
    },
  };
}

/** The k-th percentile (0–100) of numbers (nearest rank), 0 for none. */
export function percentile(values, k) {
  if (!values.length) return 0;
  const sorted = Float64Array.from(values).sort();
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((k / 100) * sorted.length) - 1));
  return sorted[rank];
}

/**
 * Whether a measured step is within budget: no error, p99 at or under the budget, and the rate it
 * reached at least 95 % of the rate it was asked for (a server that falls behind is not sustaining it).
 */
export function stepWithinBudget(step, p99Ms) {
  return step.errors === 0 && step.p99 <= p99Ms && step.achievedRps >= 0.95 * step.targetRps;
}

/** The sustained rate: the highest asked rate of the leading run of steps within budget (0 if none). */
export function sustainedRate(steps, p99Ms) {
  let best = 0;
  for (const step of steps) {
    if (!stepWithinBudget(step, p99Ms)) break;
    best = Math.max(best, step.targetRps);
  }
  return best;
}

/** Whether the run goes on after a step: it stops at the first step over budget or with errors. */
export function continueAfter(step, p99Ms) {
  return stepWithinBudget(step, p99Ms);
}

/** The judgement of one configuration: ok when the sustained rate reaches the budget's minimum. */
export function judge(config, steps) {
  const budget = MIX_BUDGET[config];
  const sustained = sustainedRate(steps, budget.p99Ms);
  const errors = steps.reduce((a, s) => a + s.errors, 0);
  const ok = budget.minRps === null ? true : sustained >= budget.minRps;
  return { sustained, ok, errors, budget };
}
