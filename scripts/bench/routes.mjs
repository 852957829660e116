// The routes of spec §2.1 with real query parameters, read from the seeded demo data of the running
// server (a real permalink of each kind, a lesson and a series id, conference ids, a weekly catalogue).

async function post(base, path, body) {
  const res = await fetch(`${base}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const reply = await res.json();
  if (reply.code !== 0) throw new Error(`${path}: ${reply.code} ${reply.msg}`);
  return reply.data;
}

/** Reads ids from the seeded data. */
export async function seededIds(base) {
  const first = async (body) => (await post(base, '/article/selectArticleList', { pageNo: 1, pageSize: 20, ...body })).results;
  const journal = await first({ sourceIds: [5] });
  const commentary = await first({ haswantsay: 1 });
  const animation = await first({ sourceIds: [7] });
  const audio = await first({ sourceIds: [8] });
  const lessons = (await post(base, '/lesson/selectLessonList', { pageNo: 1, pageSize: 20, lessonStatus: 1, subjectSerType: [1, 2] })).results;
  const notices = (await post(base, '/ConferenceAdvance/list', { pageNo: 1, pageSize: 5, lessAdvStatus: 2 })).results;
  const reviews = (await post(base, '/ConferenceAdvance/list', { pageNo: 1, pageSize: 5, lessAdvStatus: 1 })).results;
  const newest = await post(base, '/article/newestArticle', {});
  const catalog = /"catalogPermalinks":"([^"]+)"/.exec(JSON.stringify(newest))?.[1];
  const need = (v, what) => {
    if (v === undefined || v === null || v === '') throw new Error(`no seeded ${what}`);
    return v;
  };
  return {
    article: need(journal[0]?.permalinks, 'journal article'),
    // A member-only article shows the gated state (free part and login prompt).
    memberArticle: (journal.find((a) => a.accessLevel === 'member') ?? journal[0]).permalinks,
    articleIds: journal.slice(0, 6).map((a) => a.id).join(','),
    commentary: need(commentary[0]?.permalinks, 'commentary'),
    animation: need(animation[0]?.permalinks, 'animation'),
    audio: need(audio[0]?.permalinks, 'audio'),
    lesson: need(lessons.find((l) => l.subjectSerType === 1)?.lessonResId, 'single lesson'),
    series: need(lessons.find((l) => l.subjectSerType === 2)?.lessonResId, 'series course'),
    notice: need(notices[0]?.lessonAdvId, 'conference notice'),
    review: need(reviews[0]?.lessonAdvId, 'conference review'),
    catalog: need(catalog, 'weekly catalogue'),
  };
}

/**
 * Every route of spec §2.1. `login: true` scans it as a logged-in member (demo_member); the
 * personal centre is also scanned logged out (the warning and the login prompt). The bench's front
 * part measures every route as a visitor and as a member except a `login` route (a member's only) and a
 * `visitor` route (a visitor's only), and skips a `front: false` one.
 */
export function specRoutes(ids) {
  const now = new Date();
  const year = now.getFullYear();
  return [
    { path: '/index', quick: true },
    { path: '/about?type=intro' },
    { path: '/download' },
    { path: '/register' },
    { path: '/wechat/wxlogin?code=bench-unknown-code' },
    { path: '/wxloginBindPhone?code=bench-unknown-code' },
    { path: '/personal', name: '/personal (logged out)', visitor: true },
    { path: '/personal?type=flag1', login: true, quick: true },
    { path: '/personal?type=flag2', login: true },
    { path: '/personal?type=flag3', login: true },
    // The subscription page: the centre with mf-payment's subscription panel.
    { path: '/personal?type=flag4', login: true, name: '/personal?type=flag4 (subscription panel)' },
    { path: '/search?query=心力衰竭' },
    { path: '/qrcode-member-ali-pay/1/bench-token' },
    { path: `/article-info?permalinks=${ids.memberArticle}`, quick: true },
    // The front part measures the gated article above as a member too.
    { path: `/article-info?permalinks=${ids.article}`, login: true, name: '/article-info (member)', front: false },
    { path: `/article-transfer?sourceid=5&permalinks=${ids.article}` },
    { path: `/article-particulars?permalinks=${ids.commentary}` },
    { path: '/commentary' },
    { path: '/animation-list' },
    { path: `/animation-particulars?permalinks=${ids.animation}` },
    { path: '/audio-list' },
    { path: `/audio-particulars?permalinks=${ids.audio}` },
    { path: '/clinical-research-list' },
    { path: '/course-resources' },
    { path: '/course-resources?type=img' },
    { path: `/course-video?id=${ids.lesson}` },
    { path: `/series-courses?id=${ids.series}` },
    { path: `/meeting-notice?id=${ids.notice}` },
    { path: `/meeting-review?id=${ids.review}` },
    { path: `/period-article?year=${year}` },
    { path: '/latest-periodical' },
    { path: `/nejm-catalog?permalinks=${ids.catalog}` },
    { path: '/nejm-list', quick: true },
    { path: '/nejm-catalyst-list' },
    { path: '/nejm-evidence-list' },
    { path: '/nejm-periodical-list' },
    { path: '/professional-article-list?code=10' },
    { path: `/professional-more?articleIds=${ids.articleIds}` },
  ];
}
