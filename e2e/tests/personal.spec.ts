// The personal centre of a practising doctor: edit and save the profile, change the avatar and the
// username, then the favourites and reading records with a filter, at desktop and mobile widths.
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import zlib from 'node:zlib';
import { isMobile, PASSWORD, snap, test } from './support';

const DOCTOR = 'demo_doctor';
const DOCTOR_MOBILE = '13800000003';

/** A small real PNG (solid colour, 48×48), made here so the test needs no fixture file. */
function makePng(width = 48, height = 48, rgb: [number, number, number] = [179, 32, 43]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const raw = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The API as the doctor (for choosing filters that have results). */
async function doctorApi(request: APIRequestContext) {
  const login = await request.post('/api/login/login', { data: { accountName: DOCTOR_MOBILE, password: PASSWORD } });
  const token = (await login.json()).data.token as string;
  const headers = { Authorization: `Bearer ${token}`, token };
  return {
    post: async (path: string, data: object) => (await (await request.post(path, { data, headers })).json()).data,
  };
}

/** Chooses an option of a select by its label (a plain look-alike hands over to antd's select, opened, when pressed). */
async function choose(page: Page, select: ReturnType<Page['locator']>, option: string) {
  await select.click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option }).first().click();
}

const main = (page: Page) => page.locator('#qy-main');
// A toast: a live region (status, or alert for errors) in the toast stack.
const toast = (page: Page, text: string) =>
  page.locator('.qy-toasts').locator('[role="status"], [role="alert"]').filter({ hasText: text });

test('a doctor edits the profile, changes avatar and username, and sees favourites and reading records', async ({ page, request }, testInfo) => {
  test.slow(); // one long journey through every part of the personal centre
  const mobile = isMobile(testInfo);
  // Logged out, the personal centre says 请先登录 and opens the login dialog itself.
  await page.goto('/personal');
  const login = page.getByRole('dialog', { name: '用户登录' });
  await login.getByLabel('账号').fill(DOCTOR_MOBILE);
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(login).toBeHidden();
  const card = main(page).getByRole('complementary', { name: '账户概览' });
  await expect(card).toBeVisible();
  await expect(main(page).getByRole('heading', { name: '基本资料' })).toBeVisible();
  // The value cell next to a label of the read mode (two pairs share a table row on wide screens).
  const row = (label: string) =>
    main(page).getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::td[1]');
  await expect(row('医院')).not.toContainText('未填写');
  await snap(page, testInfo, 'personal-profile-read');

  // Edit mode: change the post (职务) and save.
  const before = (await row('职务').innerText()).trim();
  const nextPost = before === '科主任' ? '普通医生' : '科主任';
  await main(page).getByRole('button', { name: /编\s*辑/ }).click();
  const form = main(page).locator('form.qy-profile-form');
  await expect(form).toBeVisible();
  await expect(form.getByLabel('姓名')).not.toHaveValue('');
  await expect(form.getByRole('combobox', { name: '医院' })).toBeEnabled();
  await snap(page, testInfo, 'personal-profile-edit');
  const postItem = form.locator('.ant-form-item', { has: page.locator('label', { hasText: /^职务$/ }) });
  await choose(page, postItem.locator('.ant-select'), nextPost);
  await form.getByRole('button', { name: '保存' }).click();
  await expect(toast(page, '保存成功')).toBeVisible();
  await expect(row('职务')).toContainText(nextPost);

  // Avatar: a generated PNG through File/uploadFile and updateAvatar; card and header show it.
  const avatar = card.locator('img.qy-personal__avatar');
  const oldSrc = (await avatar.count()) ? await avatar.getAttribute('src') : null;
  await card.locator('input[type=file]').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: makePng() });
  await expect(toast(page, '修改成功').first()).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /\/api\/uploads\/.+\.png$/);
  expect(await avatar.getAttribute('src')).not.toBe(oldSrc);
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  if (!mobile) await expect(page.locator('#qy-header img').first()).toHaveAttribute('src', (await avatar.getAttribute('src'))!);
  await snap(page, testInfo, 'personal-avatar-changed');

  // Username: change it, see it, and change it back (both projects share the database).
  const temporary = `doctor_${testInfo.project.name}`;
  for (const name of [temporary, DOCTOR]) {
    await main(page).getByRole('button', { name: '修改用户名' }).click();
    const dialog = page.getByRole('dialog', { name: '修改用户名' });
    await dialog.getByLabel('新用户名').fill('');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog.getByText('请输入用户名')).toBeVisible();
    await dialog.getByLabel('新用户名').fill(name);
    if (name === temporary) await snap(page, testInfo, 'personal-username-dialog');
    await dialog.getByRole('button', { name: '确定' }).click();
    await expect(dialog).toBeHidden();
    await expect(row('用户名')).toContainText(name);
    await expect(card.getByText(name, { exact: true })).toBeVisible();
  }

  // The password dialog's rules (nothing is changed).
  await main(page).getByRole('button', { name: '修改登录密码' }).click();
  const pwd = page.getByRole('dialog', { name: '修改密码' });
  await pwd.getByLabel('原密码').fill('12345');
  await pwd.getByLabel('新密码', { exact: true }).fill('abcdef');
  await pwd.getByLabel('确认新密码').fill('abcdeg');
  await pwd.getByRole('button', { name: '确定' }).click();
  await expect(pwd.getByText('密码至少6位')).toBeVisible();
  await expect(pwd.getByText('两次输入密码不一致!')).toBeVisible();
  await snap(page, testInfo, 'personal-password-dialog');
  await pwd.getByRole('button', { name: '取消' }).click();
  await expect(pwd).toBeHidden();

  // Favourites, filtered by type 文章.
  const api = await doctorApi(request);
  await page.goto('/personal?type=flag2');
  const favList = main(page).getByRole('region', { name: '我的收藏' });
  await expect(favList.locator('article').first()).toBeVisible();
  const favFiltered = page.waitForRequest((r) => r.url().includes('/api/user/selectMyFavArticle') && /"sourceIds"/.test(r.postData() ?? ''));
  if (mobile) {
    await favList.getByRole('button', { name: /筛选/ }).click();
    const drawer = page.locator('.qy-rec-drawer');
    await drawer.getByText('文章', { exact: true }).click();
    await snap(page, testInfo, 'personal-favourites-drawer');
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
  } else {
    await choose(page, favList.getByRole('combobox', { name: '类型' }), '文章');
  }
  const favRequest = await favFiltered;
  await page.keyboard.press('Escape');
  expect(JSON.parse(favRequest.postData()!)).toMatchObject({ pageNo: 1, pageSize: 20, sourceIds: [1, 5, 6, 9, 10, 11] });
  const favTotal = (await api.post('/api/user/selectMyFavArticle', { pageNo: 1, pageSize: 20, sourceIds: [1, 5, 6, 9, 10, 11] })).page.total as number;
  if (favTotal > 0) await expect(favList.getByText(`共 ${favTotal} 条`)).toBeVisible();
  else await expect(favList.getByText('未搜索到相关内容')).toBeVisible();
  await snap(page, testInfo, 'personal-favourites');

  // Reading records, filtered by a specialty that has some.
  const specialties: [number, string][] = [[2, '肿瘤'], [4, '心脑血管'], [3, '糖尿病'], [7, '呼吸'], [8, '妇产儿科'], [9, '感染'], [1, '其他']];
  let chosen = specialties[0]!;
  let readTotal = 0;
  for (const s of specialties) {
    readTotal = (await api.post('/api/user/selectMyReadArticle', { pageNo: 1, pageSize: 20, articleClassIds: [s[0]] })).page.total;
    chosen = s;
    if (readTotal > 0) break;
  }
  await page.goto('/personal?type=flag3');
  const readList = main(page).getByRole('region', { name: '阅读记录' });
  await expect(readList.locator('article').first()).toBeVisible();
  if (mobile) {
    await readList.getByRole('button', { name: /筛选/ }).click();
    const drawer = page.locator('.qy-rec-drawer');
    await drawer.getByText(chosen[1], { exact: true }).click();
    await drawer.getByRole('button', { name: /确\s*定/ }).click();
  } else {
    await choose(page, readList.getByRole('combobox', { name: '专业' }), chosen[1]);
  }
  await page.keyboard.press('Escape');
  await expect(readList.getByText(`共 ${readTotal} 条`)).toBeVisible();
  await expect(readList.locator('article').first()).toContainText(chosen[1]);
  await snap(page, testInfo, 'personal-reading');

  // Courses sub-tab of the reading records.
  await readList.getByText('课程', { exact: true }).click();
  await expect(readList.locator('article').first().or(readList.getByText('未搜索到相关内容'))).toBeVisible();
  await snap(page, testInfo, 'personal-reading-courses');
});

/** The newest code sent to a phone or e-mail, from the local outbox (a dev tool, as in accounts.spec). */
async function codeSentTo(request: APIRequestContext, to: string): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(async () => {
      const body = (await (await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`)).json()) as { data: { code: string | null }[] };
      code = body.data[0]?.code ?? null;
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code!;
}

test('a reader changes the mobile number (image captcha, SMS code) and the e-mail', async ({ page, request }, testInfo) => {
  const suffix = `${Date.now()}`.slice(-6);
  const phone = `199${suffix}${testInfo.project.name === 'mobile' ? '02' : '01'}`;
  const email = `reader${suffix}.${testInfo.project.name}@example.com`;
  await page.goto('/personal');
  const login = page.getByRole('dialog', { name: '用户登录' });
  await login.getByLabel('账号').fill('demo_reader');
  await login.getByLabel('密码').fill(PASSWORD);
  await login.getByRole('button', { name: '登录', exact: true }).click();
  await expect(login).toBeHidden();
  const row = (label: string) =>
    main(page).getByRole('rowheader', { name: label, exact: true }).locator('xpath=following-sibling::td[1]');

  // Mobile: the number is checked, then 图片验证码, then the SMS code (codeType 1) and the change.
  await main(page).getByRole('button', { name: '修改手机' }).click();
  const dialog = page.getByRole('dialog', { name: '修改手机号' });
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(dialog.getByText('请输入手机号', { exact: true })).toBeVisible();
  // Typed as a person types, key by key, into fields focused by a click: the captcha dialog opens
  // over the 修改手机号 dialog, and the two must not fight over the focus.
  const pageErrors: string[] = [];
  page.on('pageerror', (err) => pageErrors.push(err.message));
  await dialog.getByLabel('新手机号').click();
  await page.keyboard.type(phone);
  const captchaReply = page.waitForResponse((r) => r.url().includes('/api/captchaImage'));
  await dialog.getByRole('button', { name: '获取验证码' }).click();
  const captcha = page.getByRole('dialog', { name: '图片验证码' });
  await expect(captcha).toBeVisible();
  const { uuid } = (await (await captchaReply).json()).data as { uuid: string };
  const answer = (await (await request.get(`/api/dev/captchaAnswer?uuid=${uuid}`)).json()).data.answer as string;
  const answerBox = captcha.getByLabel('计算结果');
  await answerBox.click();
  await expect(answerBox).toBeFocused();
  await page.keyboard.type(answer);
  await expect(answerBox).toHaveValue(answer);
  await snap(page, testInfo, 'personal-mobile-captcha');
  await captcha.getByRole('button', { name: '确定' }).click();
  await expect(captcha).toBeHidden();
  await expect(dialog.getByRole('button', { name: /重新发送\(\d+s\)/ })).toBeDisabled();
  await dialog.getByLabel('验证码').click();
  await page.keyboard.type(await codeSentTo(request, phone));
  expect(pageErrors).toEqual([]);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '修改手机号成功')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(row('手机')).toContainText(`${phone.slice(0, 3)}****${phone.slice(7)}`);

  // E-mail: no captcha; the code goes to the new address.
  await main(page).getByRole('button', { name: '修改邮箱' }).click();
  const mailDialog = page.getByRole('dialog', { name: '修改邮箱' });
  await mailDialog.getByLabel('新邮箱').fill(email);
  await mailDialog.getByRole('button', { name: '获取验证码' }).click();
  await expect(mailDialog.getByRole('button', { name: /重新发送\(\d+s\)/ })).toBeDisabled();
  await mailDialog.getByLabel('验证码').fill(await codeSentTo(request, email));
  await snap(page, testInfo, 'personal-email-dialog');
  await mailDialog.getByRole('button', { name: '确定' }).click();
  await expect(toast(page, '修改邮箱成功')).toBeVisible();
  await expect(row('邮箱')).toContainText(email);
});
