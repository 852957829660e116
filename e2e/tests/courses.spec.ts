// Courses and conferences: the course home, the card click rules, watching a lesson, a series and a
// conference notice (spec §2.11, §4).
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { loginThroughDialog, PASSWORD, snap, test } from './support';

interface Card {
  id: number;
  lessonResId: number;
  title: string;
  subjectSerType: number;
  subjectType: number;
  ifViewAuth: number;
  outsideChain: string;
}

// A toast: a live region (status, or alert for errors) in the toast stack.
const toast = (page: Page, text: string) =>
  page.locator('.qy-toasts').locator('[role="status"], [role="alert"]').filter({ hasText: text });

/** The API as one of the demo accounts. */
async function apiAs(request: APIRequestContext, accountName?: string) {
  let headers: Record<string, string> = {};
  if (accountName) {
    const login = await request.post('/api/login/login', { data: { accountName, password: PASSWORD } });
    const token = (await login.json()).data.token as string;
    headers = { Authorization: `Bearer ${token}`, token };
  }
  return {
    post: async (path: string, data: object) => (await (await request.post(path, { data, headers })).json()).data,
  };
}

/** The cards of a course tab (serial types), page by page as the course home shows them (9 a page). */
async function cardsOf(request: APIRequestContext, subjectSerType: number[]) {
  const body = await (await request.post('/api/lesson/selectLessonList', { data: { pageNo: 1, pageSize: 100, subjectSerType, sortType: 3 } })).json();
  return body.data.results as Card[];
}

test('a visitor opens the course home and is asked to log in on a course click', async ({ page }, testInfo) => {
  await page.goto('/course-resources');
  await expect(page.getByRole('heading', { level: 1, name: '课程资源' })).toBeVisible();
  await expect(page.getByRole('tab', { name: '视频课程', selected: true })).toBeVisible();
  // The 2 upcoming conference previews, each with its time in the spec's format.
  const previews = page.getByRole('region', { name: '会议预告' }).getByRole('listitem');
  await expect(previews).toHaveCount(2);
  await expect(previews.first()).toContainText(/\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}/);
  const cards = page.locator('.qy-cr-grid article');
  await expect(cards).toHaveCount(9);
  await snap(page, testInfo, 'course-resources');

  await cards.first().locator('h2 button').click();
  await expect(toast(page, '登录即可观看')).toBeVisible();
  await expect(page.getByRole('dialog', { name: '用户登录' })).toBeVisible();
  await expect(page).toHaveURL(/\/course-resources/);

  // The image-text tab follows type=img.
  await page.goto('/course-resources?type=img');
  await expect(page.getByRole('tab', { name: '图文课程', selected: true })).toBeVisible();
  await expect(page.getByText('临床研究与实践', { exact: true })).toBeVisible();
});

test('a reader without a complete profile gets 需要资料补齐才能浏览', async ({ page, request }, testInfo) => {
  // demo_reader has no real name; the course needs one (ifViewAuth 1).
  const cards = await cardsOf(request, [1, 2]);
  const index = cards.findIndex((c) => c.ifViewAuth === 1 && !c.outsideChain);
  expect(index).toBeGreaterThanOrEqual(0);
  const card = cards[index]!;
  const pageNo = Math.floor(index / 9) + 1;

  await page.goto(`/course-resources?type=video${pageNo > 1 ? `&page=${pageNo}` : ''}`);
  await loginThroughDialog(page, 'demo_reader');
  await page.locator('.qy-cr-grid article').getByRole('button', { name: card.title, exact: true }).click();
  await expect(toast(page, '需要资料补齐才能浏览')).toBeVisible();
  await expect(page).toHaveURL(/\/course-resources/);

  // Opening the lesson by its address shows the cover and the same prompt, and no media.
  await page.goto(`/course-video?id=${card.lessonResId}`);
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
  await expect(page.locator('.qy-cv-lock')).toContainText('需要资料补齐才能浏览');
  await expect(page.locator('video, audio')).toHaveCount(0);
  expect(await page.content()).not.toContain('/api/static/media/');
  expect(await page.content()).not.toContain('/api/media/');
  await snap(page, testInfo, 'course-video-profile');
});

test('a doctor with a profile watches a lesson and its view count rises', async ({ page, request }, testInfo) => {
  const doctor = await apiAs(request, 'demo_doctor');
  const cards = await cardsOf(request, [1, 2]);
  // The first single video lesson the doctor may watch (not a member lesson).
  let lesson: { lessonResId: number; title: string; viewCount: number } | undefined;
  for (const c of cards.filter((x) => x.subjectSerType === 1 && x.subjectType === 2 && !x.outsideChain)) {
    const d = await doctor.post('/api/lesson/selectLessonDetail', { id: c.lessonResId });
    if (d.blockedBy === '') {
      lesson = d;
      break;
    }
  }
  expect(lesson).toBeDefined();

  await page.goto(`/course-video?id=${lesson!.lessonResId}`);
  // A visitor sees the cover and the login prompt, and no media.
  await expect(page.locator('.qy-cv-lock')).toContainText('登录即可观看');
  await expect(page.locator('video')).toHaveCount(0);
  await snap(page, testInfo, 'course-video-visitor');

  await loginThroughDialog(page, 'demo_doctor');
  // The page reloads the lesson after the login: the player comes.
  const video = page.locator('.qy-cv-player video');
  await expect(video).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: lesson!.title })).toBeVisible();
  await expect(page.locator('.qy-cv-meta time')).toHaveText(/^\d{4}-\d{2}-\d{2}$/);
  for (const r of ['0.5x', '1x', '1.5x', '2x']) await expect(page.getByRole('button', { name: r, exact: true })).toBeVisible();
  await page.getByRole('button', { name: '2x', exact: true }).click();

  const before = (await doctor.post('/api/lesson/selectLessonDetail', { id: lesson!.lessonResId })).viewCount as number;
  const counted = page.waitForResponse((r) => r.url().endsWith('/api/user/addVideoCount') && r.status() === 200);
  await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
  });
  await counted;
  await expect
    .poll(async () => (await doctor.post('/api/lesson/selectLessonDetail', { id: lesson!.lessonResId })).viewCount)
    .toBe(before + 1);
  expect(await video.evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(2);
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime)).toBeGreaterThan(0);
  // The lesson plays from a short-lived signed URL; the same path unsigned is refused.
  const src = (await video.getAttribute('src'))!;
  expect(src).toMatch(/^\/api\/media\/[^?]+\?.*exp=\d+&sig=/);
  expect((await request.get(src.replace(/[?&]exp=.*$/, ''))).status()).toBe(403);
  await snap(page, testInfo, 'course-video-playing');
});

test('a series page lists its lessons, which open the lesson page', async ({ page, request }, testInfo) => {
  // A series with several lessons (an editor's journey may have published a newer one with a single lesson).
  const cards = await cardsOf(request, [1, 2]);
  const api = await apiAs(request);
  let index = -1;
  let lessons: { title: string }[] = [];
  for (const [i, card] of cards.entries()) {
    if (card.subjectSerType !== 2) continue;
    lessons = (await api.post('/api/lesson/selectLessonDetail', { id: card.lessonResId })).childLessonList;
    if (lessons.length >= 2) {
      index = i;
      break;
    }
  }
  expect(index).toBeGreaterThanOrEqual(0);
  const series = cards[index]!;
  const pageNo = Math.floor(index / 9) + 1;
  await page.goto(`/course-resources?type=video${pageNo > 1 ? `&page=${pageNo}` : ''}`);
  await loginThroughDialog(page, 'demo_doctor');
  await page.locator('.qy-cr-grid article').getByRole('button', { name: series.title, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/series-courses\\?id=${series.lessonResId}$`));
  await expect(page.getByRole('heading', { level: 1, name: series.title })).toBeVisible();
  const catalogue = page.getByRole('region', { name: '课程目录' }).getByRole('link');
  await expect(catalogue).toHaveCount(lessons.length);
  await expect(catalogue.first()).toContainText('（第1讲）');
  await expect(catalogue.first()).toContainText(/\d{4}-\d{2}-\d{2}/);
  await snap(page, testInfo, 'series-courses');
  await catalogue.first().click();
  await expect(page).toHaveURL(/\/course-video\?id=\d+/);
  await expect(page.getByRole('link', { name: /返回系列课程/ })).toBeVisible();
});

test('a conference notice shows its times as YYYY年MM月DD日 HH:mm, and a review its media', async ({ page, request }, testInfo) => {
  const api = await apiAs(request);
  const notices = (await api.post('/api/ConferenceAdvance/list', { pageNo: 1, pageSize: 2, lessAdvStatus: 2 })).results;
  const notice = notices[0];
  const shanghai = (iso: string) => {
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
        .formatToParts(new Date(iso))
        .map((x) => [x.type, x.value]),
    );
    return `${p.year}年${p.month}月${p.day}日 ${p.hour}:${p.minute}`;
  };

  await page.goto('/course-resources');
  await page.getByRole('region', { name: '会议预告' }).getByRole('link', { name: new RegExp(notice.title) }).click();
  await expect(page).toHaveURL(new RegExp(`/meeting-notice\\?id=${notice.lessonAdvId}$`));
  await expect(page.getByRole('heading', { level: 1, name: notice.title })).toBeVisible();
  await expect(page.getByTestId('meeting-begin')).toHaveText(shanghai(notice.beginTime));
  await expect(page.getByTestId('meeting-end')).toHaveText(shanghai(notice.endTime));
  await expect(page.getByTestId('meeting-begin')).toHaveText(/^\d{4}年\d{2}月\d{2}日 \d{2}:\d{2}$/);
  await expect(page.getByText(notice.sponsor, { exact: true })).toBeVisible();
  await snap(page, testInfo, 'meeting-notice');

  const reviews = (await api.post('/api/ConferenceAdvance/list', { pageNo: 1, pageSize: 10, lessAdvStatus: 1 })).results;
  await page.goto(`/meeting-review?id=${reviews[0].lessonAdvId}`);
  await expect(page.getByRole('heading', { level: 1, name: reviews[0].title })).toBeVisible();
  await expect(page.getByText('登录后即可观看会议回顾')).toBeVisible();
  await loginThroughDialog(page, 'demo_doctor');
  await expect(page.locator('.qy-cv-player video')).toBeVisible();
  expect(await page.locator('.qy-cv-player video').getAttribute('src')).toMatch(/^\/api\/media\/[^?]+\?.*exp=\d+&sig=/);
  await snap(page, testInfo, 'meeting-review');
});
