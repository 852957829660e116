import { containerName, hasOwnLayout, matches, ownerOf } from './routes';

describe('route owners (spec §2.1, ARCHITECTURE §3.5)', () => {
  it.each([
    ['/', 'mf-content'],
    ['/index', 'mf-content'],
    ['/about', 'mf-content'],
    ['/search', 'mf-content'],
    ['/article-info', 'mf-content'],
    ['/article-transfer', 'mf-content'],
    ['/article-particulars', 'mf-content'],
    ['/commentary', 'mf-content'],
    ['/animation-list', 'mf-content'],
    ['/animation-particulars', 'mf-content'],
    ['/audio-list', 'mf-content'],
    ['/audio-particulars', 'mf-content'],
    ['/clinical-research-list', 'mf-content'],
    ['/period-article', 'mf-content'],
    ['/latest-periodical', 'mf-content'],
    ['/nejm-catalog', 'mf-content'],
    ['/nejm-list', 'mf-content'],
    ['/nejm-catalyst-list', 'mf-content'],
    ['/nejm-evidence-list', 'mf-content'],
    ['/nejm-periodical-list', 'mf-content'],
    ['/professional-article-list', 'mf-content'],
    ['/professional-more', 'mf-content'],
    ['/course-resources', 'mf-courses'],
    ['/course-video', 'mf-courses'],
    ['/series-courses', 'mf-courses'],
    ['/meeting-notice', 'mf-courses'],
    ['/meeting-review', 'mf-courses'],
    ['/register', 'mf-account'],
    ['/wechat/wxlogin', 'mf-account'],
    ['/wxloginBindPhone', 'mf-account'],
    ['/personal', 'mf-account'],
    ['/qrcode-member-ali-pay/123/abc-token', 'mf-payment'],
    ['/editor', 'mf-editorial'],
    ['/editor/article/12', 'mf-editorial'],
    ['/download', 'shell'],
  ])('%s belongs to %s', (path, owner) => {
    expect(ownerOf(path)).toBe(owner);
  });

  it('ignores a trailing slash', () => {
    expect(ownerOf('/personal/')).toBe('mf-account');
    expect(ownerOf('/download/')).toBe('shell');
  });

  it.each(['/no-such-page', '/indexx', '/article', '/nejm-', '/personal/extra', '/qrcode-member-ali-pay', '/downloads'])(
    '%s has no owner (the 404 page)',
    (path) => {
      expect(ownerOf(path)).toBeNull();
    },
  );

  it('matches a prefix pattern only when something follows the prefix', () => {
    expect(matches('/article-*', '/article-info')).toBe(true);
    expect(matches('/article-*', '/article-')).toBe(false);
  });

  it('gives the editorial console its own layout, and only it', () => {
    expect(hasOwnLayout('/editor')).toBe(true);
    expect(hasOwnLayout('/editor/article/3')).toBe(true);
    expect(hasOwnLayout('/editors')).toBe(false);
    expect(hasOwnLayout('/index')).toBe(false);
    expect(hasOwnLayout('/download')).toBe(false);
  });

  it('names Module Federation containers with underscores', () => {
    expect(containerName('mf-content')).toBe('mf_content');
  });
});
