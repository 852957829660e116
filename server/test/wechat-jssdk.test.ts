import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { WechatSettings } from '../src/config.js';
import { jssdkSignature, WechatJssdk } from '../src/providers/payment/jssdk.js';

// The share card (shared/src/wechat/share.ts) sends the page's address without its #fragment; WeChat
// checks the signature against that address, so the server signs exactly it.
describe('WeChat JSSDK signature', () => {
  const settings = {
    provider: 'wechat',
    openAppId: 'wx-open',
    openAppSecret: 's',
    mpAppId: 'wx-mp',
    mpAppSecret: 'mp-secret',
    openBase: 'https://open.invalid',
    apiBase: 'https://api.invalid',
  } as WechatSettings;
  const fetched: string[] = [];
  const fakeFetch = (async (url: string) => {
    fetched.push(url);
    const body = url.includes('/cgi-bin/token') ? { access_token: 'tok', expires_in: 7200 } : { ticket: 'jsapi-T', expires_in: 7200 };
    return new Response(JSON.stringify(body));
  }) as unknown as typeof fetch;
  const jssdk = new WechatJssdk(settings, () => new Date('2026-03-01T08:00:00Z'), fakeFetch);

  it('signs the page URL the client sends, query kept, with the ticket from WeChat', async () => {
    const url = 'https://www.qianyan.example/article-info?permalinks=QYJ0001&from=singlemessage';
    const c = await jssdk.config(url);
    assert.equal(c.appId, 'wx-mp');
    assert.equal(c.timestamp, String(Date.parse('2026-03-01T08:00:00Z') / 1000));
    assert.equal(c.signature, jssdkSignature('jsapi-T', c.nonceStr, c.timestamp, url));
    assert.ok(c.jsApiList.includes('updateAppMessageShareData') && c.jsApiList.includes('updateTimelineShareData'));
  });

  it('drops a #fragment before signing, and reuses the cached ticket', async () => {
    const c = await jssdk.config('https://www.qianyan.example/course-video?id=7#intro');
    assert.equal(c.signature, jssdkSignature('jsapi-T', c.nonceStr, c.timestamp, 'https://www.qianyan.example/course-video?id=7'));
    assert.equal(fetched.filter((u) => u.includes('getticket')).length, 1);
  });

  it('matches the documented signature algorithm (SHA-1 of the sorted fields)', () => {
    // WeChat's own worked example in its JS-SDK documentation (附录1).
    assert.equal(
      jssdkSignature('sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg', 'Wm3WZYTPz0wzccnW', '1414587457', 'http://mp.weixin.qq.com?params=value'),
      '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    );
  });
});
