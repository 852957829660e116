/**
 * Home page and portal seed (spec §2.2, §2.5, §2.12): banners (home, classroom), adverts of every
 * position, hot reads, about pages, and weekly issues grouping the demo journal, digest and
 * animation articles. Runs after the articles and lessons (and any conferences) are in, so hot reads
 * point at real rows. Idempotent like the rest of the seed.
 */
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { aboutPages, adverts, articles, banners, conferences, hotReads, lessons, weeklyIssues } from '../schema/index.js';

const HOME_BANNERS = [
  { pic: '/api/static/banners/home-1.svg', title: '每周精选 · 临床研究速递', intro: '把最新的重要研究读成一线医生的判断依据，每周四更新。', url: '/latest-periodical' },
  { pic: '/api/static/banners/home-2.svg', title: '动画解读：一图看懂试验设计', intro: '三分钟动画讲清随机、盲法与终点，适合查房前快速回顾。', url: '/animation-list' },
  { pic: '/api/static/banners/home-3.svg', title: '往期精读 · 按年月浏览', intro: '十一年期刊目录按周归档，随时回看每一期的重点文章。', url: '/period-article' },
];

const CLASSROOM_BANNERS = [
  { pic: '/api/static/banners/classroom-1.svg', title: '编辑课堂：从选题到成稿', intro: '资深编辑带你走完一篇临床论文从选题、写作到投稿的全过程。', url: '/course-resources?type=video' },
  { pic: '/api/static/banners/classroom-2.svg', title: '临床研究与实践系列课', intro: '研究设计、统计分析与报告规范，一课讲透一个关键点。', url: '/course-resources?type=img' },
  { pic: '/api/static/banners/classroom-3.svg', title: '学术会议回顾', intro: '错过现场也不要紧，会议报告与讨论要点在这里集中回看。', url: '/course-resources' },
];

const img = (name: string) => JSON.stringify([{ url: `/api/static/adverts/${name}` }]);

const ADVERTS = [
  { name: '会员年度计划', adUrl: '/personal?type=flag4', imgUrl: img('header-1.svg'), advertPosition: '页眉', ifPublish: 1, sort: 1 },
  { name: '医学写作工作坊', adUrl: '/course-resources?type=video', imgUrl: img('right-one-1.svg'), advertPosition: 'right-one', ifPublish: 1, sort: 1 },
  { name: '千言医学 App', adUrl: '/download', imgUrl: img('right-one-2.svg'), advertPosition: 'right-one', ifPublish: 1, sort: 2 },
  { name: '年度学术大会', adUrl: '/course-resources', imgUrl: img('right-two-1.svg'), advertPosition: 'right-two', ifPublish: 1, sort: 1 },
  { name: '临床研究方法课', adUrl: '/course-resources?type=img', imgUrl: img('right-two-2.svg'), advertPosition: 'right-two', ifPublish: 1, sort: 2 },
  { name: '订阅会员 专享全文', adUrl: '/personal?type=flag4', imgUrl: img('bottom-1.svg'), advertPosition: 'bottom', ifPublish: 1, sort: 1 },
  { name: '动画解读合集', adUrl: '/animation-list', imgUrl: img('bottom-2.svg'), advertPosition: 'bottom', ifPublish: 1, sort: 2 },
  // Withdrawn: never listed.
  { name: '已下线的旧活动', adUrl: '/index', imgUrl: img('bottom-1.svg'), advertPosition: 'bottom', ifPublish: 0, sort: 0 },
];

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

/** Sidebar order of spec §2.5; text written for this project. */
export const ABOUT_PAGES = [
  {
    type: 'intro',
    title: '关于我们',
    content: p(
      '千言医学是一个面向中文读者的医学期刊伴读与继续教育平台。我们每周精选国际医学期刊中对临床实践有影响的研究、综述与病例，组织专业译者和编辑完成中文译介，并配以动画解读、音频导读和专家述评。',
      '我们的读者以临床医生、医学生和医学科研人员为主。平台的目标很朴素：让一线医生用更少的时间，读懂更重要的证据。',
    ),
  },
  {
    type: 'editorial',
    title: '编辑团队',
    content: p(
      '编辑部由具有临床背景的医学编辑、统计审校和科学插画师组成，分心血管、肿瘤、内分泌、呼吸、妇儿、感染等专业组。',
      '每篇译文经过译者初译、专业编辑校对、临床专家审读三道流程；动画解读的脚本由编辑与主讲专家共同确定。',
    ),
  },
  {
    type: 'translation',
    title: '翻译免责声明',
    content: p(
      '本平台的中文内容为原文的翻译或编译，仅供学习参考。译文力求准确，但可能因语言差异存在表述偏差；如译文与原文有出入，以原文为准。',
      '引用研究结论用于临床决策或写作时，请核对原始文献。',
    ),
  },
  {
    type: 'disclaimer',
    title: '医学与药物免责声明',
    content: p(
      '本平台内容面向医疗卫生专业人士，不构成对任何个人的诊断或治疗建议。药物剂量、适应证与禁忌请以国家药品监督管理部门批准的说明书为准。',
      '普通读者如有健康问题，请咨询执业医师。',
    ),
  },
  {
    type: 'citation',
    title: '引用说明',
    content: p(
      '引用本平台的译文时，请同时注明原始文献（作者、期刊、年份、卷期与页码或 DOI）和“千言医学中文译文”字样及访问日期。',
      '动画、音频与述评为平台原创内容，转载或用于教学课件前请与我们联系。',
    ),
  },
  {
    type: 'corrections',
    title: '勘误',
    content: p(
      '我们重视每一处错误。发现译文、数据或图表有误时，请通过“联系我们”中的邮箱告知文章标题和具体位置。',
      '经核实的更正会直接修订在文章中，并在文末注明更正日期与内容。',
    ),
  },
  {
    type: 'statistics',
    title: '统计报告指南',
    content: p(
      '平台译文保留原文的统计表述：效应量与其 95% 置信区间一并报告，P 值保留原文精度，不以“显著”替代具体数值。',
      '述评作者解读结果时应区分统计学意义与临床意义，并说明主要终点与次要终点的差别。',
    ),
  },
  {
    type: 'submission',
    title: '投稿咨询',
    content: p(
      '欢迎临床医生投稿专家述评、病例讨论和研究方法类文章。来稿请注明作者单位、联系方式及利益冲突声明。',
      '编辑部一般在十个工作日内回复初审意见。',
    ),
  },
  {
    type: 'terms',
    title: '服务条款',
    serviceKey: 2,
    content: p(
      '欢迎使用千言医学。注册或使用本平台即表示您同意本服务条款。平台提供的内容仅供个人学习使用，不得转售、批量下载或用于商业目的。',
      '会员服务按所购方案的期限提供；连续订阅可随时在个人中心取消，已支付的当期费用不予退还，法律另有规定的除外。',
      '我们可能因内容授权、系统维护等原因调整部分服务，并会提前在站内公告。',
      '我们如何收集和使用您的个人信息，请见<a href="/about?type=privacy">《隐私政策》</a>。',
    ),
  },
  {
    // The registration page's two terms links store service key 2 (《服务条款与隐私政策》) or 9 (《用户协议》).
    type: 'agreement',
    title: '用户协议',
    serviceKey: 9,
    content: p(
      '您应使用真实信息注册并妥善保管账号和密码，不得将账号转让或出借他人。因账号保管不善造成的损失由您自行承担。',
      '您在平台发表的评论与投稿应遵守法律法规和学术规范，不得侵犯他人知识产权或隐私。',
    ),
  },
  {
    type: 'privacy',
    title: '隐私政策',
    content: p(
      '我们收集您注册和完善资料时提供的信息（手机号或邮箱、姓名、身份、执业机构或院校），用于账号管理、内容权限判断和服务通知。',
      '我们不会向第三方出售您的个人信息。仅在支付处理、法律要求等必要情形下，才会在最小范围内共享。',
      '您可以在个人中心查看和更正资料，或通过“联系我们”申请注销账号。',
    ),
  },
  {
    type: 'contact',
    title: '联系我们',
    content: p('编辑部邮箱：editor@qianyan.example', '会员与订阅服务：service@qianyan.example', '工作时间：周一至周五 9:00–18:00'),
  },
  {
    type: 'download',
    title: 'APP下载',
    content: p('千言医学 App 支持 iOS 与 Android。在手机浏览器中打开本站的 /download 页面，会按您的设备自动前往应用商店或下载安装包。'),
  },
];

/** Shanghai calendar date of an instant, as SQL. */
const shanghaiDay = sql`((${articles.postdate} at time zone 'UTC') + interval '8 hours')::date`;

export async function seedPortal(db: Db) {
  await db
    .insert(banners)
    .values([
      { code: 'home', content: JSON.stringify(HOME_BANNERS) },
      { code: 'classroom', content: JSON.stringify(CLASSROOM_BANNERS) },
    ])
    .onConflictDoNothing({ target: banners.code });

  const [anyAdvert] = await db.select({ id: adverts.id }).from(adverts).limit(1);
  if (!anyAdvert) await db.insert(adverts).values(ADVERTS);

  await db
    .insert(aboutPages)
    .values(ABOUT_PAGES.map((a, i) => ({ ...a, serviceKey: a.serviceKey ?? null, sort: i + 1 })))
    .onConflictDoNothing({ target: aboutPages.type });

  await seedWeeklyIssues(db);
  await seedCatalogues(db);
  await seedHotReads(db);
}

/** Groups the weekly sources (5 journal, 6 digest, 7 animation) by their Thursday into issues. */
async function seedWeeklyIssues(db: Db) {
  const weekly = and(inArray(articles.sourceId, [5, 6, 7]), isNull(articles.weeklyIssueId));
  const days = await db
    .selectDistinct({ day: sql<string>`${shanghaiDay}::text` })
    .from(articles)
    .where(weekly);
  if (days.length === 0) return;
  const sorted = days.map((d) => d.day).sort();
  const perYear = new Map<string, number>();
  const rows = sorted.map((day) => {
    const year = day.slice(0, 4);
    const n = (perYear.get(year) ?? 0) + 1;
    perYear.set(year, n);
    return { thedate: day, title: `${year}年第${n}期 · ${Number(day.slice(5, 7))}月${Number(day.slice(8, 10))}日` };
  });
  await db.insert(weeklyIssues).values(rows).onConflictDoNothing({ target: weeklyIssues.thedate });
  await db.execute(
    sql`update ${articles} set weekly_issue_id = w.id from ${weeklyIssues} w
        where w.thedate = ${shanghaiDay} and ${articles.sourceId} in (5, 6, 7) and ${articles.weeklyIssueId} is null`,
  );
}

/** Issues of the two years up to the newest that get a catalogue (older ones keep only their articles). */
const CATALOGUE_YEARS = 2;

/**
 * A catalogue (contents list) for each recent weekly issue: an article with status 2, published
 * but reachable by its link only (the issue's catalogue link and /nejm-catalog), never listed. Its
 * body links the issue's articles by section; its keywords are the issue's disease areas.
 */
async function seedCatalogues(db: Db) {
  const issues = await db
    .select({ id: weeklyIssues.id, thedate: weeklyIssues.thedate, title: weeklyIssues.title })
    .from(weeklyIssues)
    .where(and(isNull(weeklyIssues.catalogPermalinks), sql`${weeklyIssues.thedate} >= (select max(thedate) from weekly_issues) - ${`${CATALOGUE_YEARS} years`}::interval`));
  if (issues.length === 0) return;
  const members = await db
    .select({
      issue: articles.weeklyIssueId,
      sourceId: articles.sourceId,
      title: articles.title,
      permalinks: articles.permalinks,
      classes: sql<string>`coalesce((select string_agg(c.classname, '、' order by c.sort, c.id) from article_classes c where c.id = any(${articles.classIds})), '')`,
    })
    .from(articles)
    .where(and(inArray(articles.weeklyIssueId, issues.map((i) => i.id)), eq(articles.status, 1)))
    .orderBy(asc(articles.sourceId), desc(articles.postdate), desc(articles.id));
  const sections: [number, string][] = [
    [5, '期刊文章'],
    [6, '期刊文摘'],
    [7, '动画解读'],
  ];
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const rows = issues.flatMap((issue) => {
    const mine = members.filter((m) => m.issue === issue.id);
    if (mine.length === 0) return [];
    const body = sections
      .map(([source, heading]) => {
        const items = mine.filter((m) => m.sourceId === source);
        if (items.length === 0) return '';
        const links = items.map((m) => `<li><a href="/article-info?permalinks=${escape(m.permalinks)}">${escape(m.title)}</a></li>`).join('');
        return `<h2>${heading}</h2><ul>${links}</ul>`;
      })
      .join('');
    const areas = [...new Set(mine.flatMap((m) => (m.classes ? m.classes.split('、') : [])))];
    return [
      {
        sourceId: 5,
        permalinks: `QYM${issue.thedate.replaceAll('-', '')}`,
        title: `${issue.title} 目录`,
        intro: `本期共 ${mine.length} 篇：${sections
          .map(([source, heading]) => [heading, mine.filter((m) => m.sourceId === source).length] as const)
          .filter(([, n]) => n > 0)
          .map(([heading, n]) => `${heading} ${n} 篇`)
          .join('，')}。`,
        content: body,
        keyword: areas.join(','),
        postdate: new Date(`${issue.thedate}T08:00:00+08:00`),
        pubdate: issue.thedate,
        accessLevel: 'public',
        status: 2,
        linkOnly: true,
      },
    ];
  });
  if (rows.length === 0) return;
  await db.insert(articles).values(rows).onConflictDoNothing({ target: articles.permalinks });
  await db.execute(
    sql`update ${weeklyIssues} w set catalog_permalinks = 'QYM' || replace(w.thedate::text, '-', '')
        where w.catalog_permalinks is null
          and exists (select 1 from ${articles} a where a.permalinks = 'QYM' || replace(w.thedate::text, '-', '') and a.status = 2)`,
  );
}

/**
 * Eight hot reads: articles of four sources, two lessons, and a conference notice and review when
 * the courses seed has written conferences (otherwise two more articles take their places).
 */
async function seedHotReads(db: Db) {
  const [existing] = await db.select({ id: hotReads.id }).from(hotReads).limit(1);
  if (existing) return;
  const pickArticle = async (sourceId: number, skip: number[]) =>
    (
      await db
        .select({ id: articles.id, permalinks: articles.permalinks })
        .from(articles)
        .where(and(eq(articles.sourceId, sourceId), eq(articles.status, 1), sql`${articles.accessLevel} <> 'member'`))
        .orderBy(desc(articles.postdate))
        .limit(skip.length + 1)
    ).find((a) => !skip.includes(a.id));

  const rows: (typeof hotReads.$inferInsert)[] = [];
  const used: number[] = [];
  const addArticle = async (sourceId: number) => {
    const a = await pickArticle(sourceId, used);
    if (!a) return;
    used.push(a.id);
    rows.push({ relationType: 40, relationId: a.id, permalinks: a.permalinks });
  };

  await addArticle(5);
  const lessonRows = await db
    .select({ lessonResId: lessons.lessonResId })
    .from(lessons)
    .where(and(eq(lessons.status, 1), isNull(lessons.parentId), inArray(lessons.subjectSerType, [1, 4])))
    .orderBy(desc(lessons.publishdate))
    .limit(2);
  if (lessonRows[0]) rows.push({ relationType: 10, relationId: lessonRows[0].lessonResId });
  const [notice] = await db.select({ id: conferences.id }).from(conferences).where(eq(conferences.status, 2)).orderBy(asc(conferences.beginTime)).limit(1);
  const [review] = await db.select({ id: conferences.id }).from(conferences).where(eq(conferences.status, 1)).orderBy(desc(conferences.beginTime)).limit(1);
  if (notice) rows.push({ relationType: 20, relationId: notice.id });
  else await addArticle(5);
  await addArticle(7);
  if (review) rows.push({ relationType: 30, relationId: review.id });
  else await addArticle(6);
  await addArticle(6);
  if (lessonRows[1]) rows.push({ relationType: 10, relationId: lessonRows[1].lessonResId });
  await addArticle(8);
  await db.insert(hotReads).values(rows.map((r, i) => ({ ...r, sort: i + 1 })));
}
