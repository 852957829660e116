import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { ok } from '../../lib/envelope.js';
import type { NewsletterService } from './newsletter.js';
import { UnsubscribeText as T } from './newsletterMessages.js';
import {
  NewsletterComposeBody,
  NewsletterJobIdBody,
  NewsletterJobListResponse,
  NewsletterJobResponse,
  NewsletterPreviewResponse,
  NewsletterSendBody,
  NewsletterTestResponse,
  UnsubscribeQuery,
} from './newsletterSchemas.js';

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

/** The reader-facing unsubscribe page (a confirmation, the result, or an invalid link). */
function page(heading: string, body: string): string {
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(T.title)}</title><style>
body{margin:0;font:15px/1.7 -apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;color:#1f2329}
main{max-width:520px;margin:64px auto;background:#fff;border-radius:8px;padding:28px 32px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 12px}button{font:inherit;padding:8px 20px;border:0;border-radius:6px;background:#b8252b;color:#fff;cursor:pointer}
a{color:#1664ff}p{margin:0 0 16px}</style></head><body><main><h1>${escapeHtml(heading)}</h1>${body}<p><a href="/index">${escapeHtml(T.home)}</a></p></main></body></html>`;
}

const tokenOf = (request: { query: unknown }) => (request.query as { token?: string }).token;

const html = (reply: FastifyReply, status: number, body: string) =>
  reply.code(status).header('cache-control', 'no-store').header('referrer-policy', 'no-referrer').type('text/html; charset=utf-8').send(body);

/**
 * The weekly newsletter under /api/editor/newsletter (editors and admins; sends and test sends
 * audited), and the readers' one-click unsubscribe at /api/newsletter/unsubscribe: POST (RFC 8058,
 * from the mail client or the confirmation page) turns the consent off; GET shows the confirmation
 * (a link scanner that fetches the address changes nothing). Registered by the editorial routes.
 */
const newsletterRoutes: FastifyPluginAsyncTypebox<{ newsletter: NewsletterService }> = async (app, { newsletter }) => {
  const editorOnly = (summary: string) => ({ tags: ['editorial'], security: [{ bearer: [] }], summary: `${summary} (editor or admin)` });
  const member = (request: { member: { id: number } | null }) => request.member?.id;

  app.post(
    '/editor/newsletter/preview',
    {
      schema: {
        ...editorOnly('The mail of a published issue (subject, intro, its articles; classIds: as a reader of those areas gets it) and how many readers a send would reach'),
        body: NewsletterComposeBody,
        response: NewsletterPreviewResponse,
      },
    },
    async (request) => ok(await newsletter.preview(member(request), request.body)),
  );
  app.post(
    '/editor/newsletter/test',
    { schema: { ...editorOnly("Sends the mail to the caller's own e-mail (subject prefixed [测试]); audited"), body: NewsletterComposeBody, response: NewsletterTestResponse } },
    async (request) => ok(await newsletter.testSend(member(request), request.body)),
  );
  app.post(
    '/editor/newsletter/send',
    {
      schema: {
        ...editorOnly('Sends the issue to the readers with the consent on and an e-mail, as a background job at ratePerSecond; an issue is sent once; audited'),
        body: NewsletterSendBody,
        response: NewsletterJobResponse,
      },
    },
    async (request) => ok(await newsletter.send(member(request), request.body)),
  );
  app.post('/editor/newsletter/jobs', { schema: { ...editorOnly('Sends, newest first, with their progress'), response: NewsletterJobListResponse } }, async (request) =>
    ok(await newsletter.jobs(member(request))),
  );
  app.post(
    '/editor/newsletter/job',
    { schema: { ...editorOnly('One send with its progress (sent, failed, skipped, pending of total)'), body: NewsletterJobIdBody, response: NewsletterJobResponse } },
    async (request) => ok(await newsletter.job(member(request), request.body.id)),
  );

  // ---- readers: one-click unsubscribe ----
  await app.register(async (pub) => {
    // RFC 8058: the mail client posts List-Unsubscribe=One-Click as a form; the confirmation page posts a form too.
    pub.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    // RFC 8058 allows multipart/form-data as well; the body says nothing the token does not.
    pub.addContentTypeParser('multipart/form-data', { parseAs: 'string' }, (_request, _body, done) => done(null, {}));
    const invalid = (reply: FastifyReply) => html(reply, 400, page(T.invalidHeading, `<p>${escapeHtml(T.invalid)}</p>`));

    pub.get('/newsletter/unsubscribe', { schema: { hide: true, querystring: UnsubscribeQuery } }, async (request, reply) => {
      const info = await newsletter.unsubscribeInfo(tokenOf(request));
      if (!info) return invalid(reply);
      const action = `/api/newsletter/unsubscribe?token=${encodeURIComponent(tokenOf(request) ?? '')}`;
      return html(
        reply,
        200,
        page(
          T.confirmHeading,
          `<p>${escapeHtml(T.confirm(info.label, info.email))}</p><form method="post" action="${escapeHtml(action)}"><p><button type="submit" name="List-Unsubscribe" value="One-Click">${escapeHtml(T.confirmButton)}</button></p></form>`,
        ),
      );
    });

    pub.post('/newsletter/unsubscribe', { schema: { hide: true, querystring: UnsubscribeQuery } }, async (request, reply) => {
      const done = await newsletter.unsubscribe(tokenOf(request));
      if (!done) return invalid(reply);
      return html(reply, 200, page(T.doneHeading, `<p>${escapeHtml(T.done(done.label))}</p>`));
    });
  });
};

export default newsletterRoutes;
