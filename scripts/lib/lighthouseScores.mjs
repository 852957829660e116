// Lighthouse's scored checks (best practices, SEO, and accessibility as a report) on pages of a running
// site, at Lighthouse's desktop and mobile form factors, in Debian's Chromium through chrome-launcher.
// Used by `npm run lighthouse` (scripts/lighthouse.mjs) and the lighthouse part of `npm run bench`.

/** Categories and the score each must reach; accessibility is reported (axe-core has its own budget). */
export const SCORE_BUDGET = { 'best-practices': 100, seo: 100 };
export const SCORE_CATEGORIES = ['best-practices', 'seo', 'accessibility'];
export const FORM_FACTORS = ['desktop', 'mobile'];

export const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'];

/** A short line for one row of an audit's details table or list (a node, a URL, a source line…). */
function itemText(item) {
  const cell = (v) => {
    if (v === null || v === undefined) return '';
    if (typeof v !== 'object') return String(v);
    if (v.type === 'node') return v.snippet ?? v.selector ?? v.nodeLabel ?? '';
    if (v.type === 'source-location') return `${v.url}:${v.line + 1}:${v.column + 1}`;
    if (v.type === 'code' || v.type === 'url' || v.type === 'text') return String(v.value);
    if (v.type === 'link') return `${v.text} <${v.url}>`;
    return '';
  };
  const parts = Object.entries(item)
    .filter(([key]) => key !== 'subItems' && key !== 'entity')
    .map(([, v]) => cell(v).replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const text = parts.join(' · ');
  return text.length > 240 ? `${text.slice(0, 237)}…` : text;
}

function detailLines(details) {
  if (!details) return [];
  const items = details.items ?? [];
  const lines = items.flatMap((item) => (item.items ? item.items : [item])).map(itemText).filter(Boolean);
  return lines.length > 8 ? [...lines.slice(0, 8), `… and ${lines.length - 8} more`] : lines;
}

/**
 * The audits that cost a category points: scored (weight > 0) and below 1, or errored. Manual and
 * not-applicable checks are not listed.
 */
export function failingAudits(lhr, category) {
  const cat = lhr.categories[category];
  if (!cat) return [];
  return cat.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && (a.scoreDisplayMode === 'error' || (a.score !== null && a.score < 1)))
    .map((a) => ({
      category,
      id: a.id,
      title: a.title,
      score: a.score,
      error: a.errorMessage,
      explanation: a.explanation,
      items: detailLines(a.details),
    }));
}

/**
 * One Lighthouse run of `url` at a form factor, in a browser of its own (a fresh profile: nothing
 * from an earlier page's run, as a first visit). Returns the scores (0–100) and the failing audits.
 */
export async function scoreOnce(url, formFactor, { chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium' } = {}) {
  const [{ default: lighthouse }, chromeLauncher, { default: desktopConfig }] = await Promise.all([
    import('lighthouse'),
    import('chrome-launcher'),
    import('lighthouse/core/config/desktop-config.js'),
  ]);
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROME_FLAGS });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: SCORE_CATEGORIES },
      formFactor === 'desktop' ? desktopConfig : undefined,
    );
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    const scores = Object.fromEntries(SCORE_CATEGORIES.map((c) => [c, lhr.categories[c]?.score == null ? null : Math.round(lhr.categories[c].score * 100)]));
    return { scores, failing: SCORE_CATEGORIES.flatMap((c) => failingAudits(lhr, c)), warnings: lhr.runWarnings ?? [] };
  } finally {
    await chrome.kill();
  }
}

/** Whether a row's scores meet SCORE_BUDGET (a row that failed to run does not). */
export function meetsBudget(row) {
  return !row.error && Object.entries(SCORE_BUDGET).every(([c, min]) => row.scores[c] !== null && row.scores[c] >= min);
}

/** Every route at every form factor, one after the other; a run that fails gives a row with `error`. */
export async function scoreRoutes(base, routes, { formFactors = FORM_FACTORS, log = () => {} } = {}) {
  const rows = [];
  for (const route of routes) {
    for (const formFactor of formFactors) {
      try {
        const row = { route, formFactor, ...(await scoreOnce(`${base}${route}`, formFactor)) };
        rows.push(row);
        log(`  ${formFactor} ${route}: ${SCORE_CATEGORIES.map((c) => `${c} ${row.scores[c]}`).join(', ')}`);
      } catch (err) {
        const error = String(err?.message ?? err).split('\n')[0];
        rows.push({ route, formFactor, error });
        log(`  ${formFactor} ${route}: FAILED TO RUN: ${error}`);
      }
    }
  }
  return rows;
}

/** The failing audits of a row as indented lines (category, audit id, title, then its items). */
export function failingLines(row) {
  const lines = [];
  for (const a of row.failing ?? []) {
    const score = a.score === null ? 'error' : a.score.toFixed(2);
    lines.push(`    [${a.category}] ${a.id} (${score}): ${a.title}${a.explanation ? ` — ${a.explanation}` : ''}${a.error ? ` — ${a.error}` : ''}`);
    for (const item of a.items) lines.push(`        ${item}`);
  }
  return lines;
}
