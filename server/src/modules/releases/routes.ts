import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { ReleaseSettings } from '../../config.js';
import { Envelope, ok } from '../../lib/envelope.js';
import { AppError } from '../../lib/errors.js';
import { smokeCheck } from './smoke.js';
import { PREVIEW_COOKIE, previewTokensOf } from './visitor.js';
import { PREVIEW_TOKEN, ReleaseError, SHELL, type ReleaseState } from './state.js';

/** Codes of the release service's refusals (the envelope's `code`). */
export const ReleaseCode = {
  /** No token, or not one of RELEASE_TOKENS (HTTP 401). */
  unauthorized: 10401,
  /** The change was refused and nothing changed: a stale expectation, an unmet need, a failed smoke check (HTTP 409). */
  refused: 10409,
} as const;

const AppName = Type.String({ pattern: '^(shell|mf-[a-z]+)$', maxLength: 64 });
const Version = Type.String({ pattern: '^[A-Za-z0-9_][A-Za-z0-9_.@+-]*$', maxLength: 128 });
const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);
const Note = Type.Optional(Type.String({ maxLength: 500 }));

const HistoryEntrySchema = Type.Object({
  at: Type.String(),
  app: Type.String(),
  action: Type.String(),
  from: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  to: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  percent: Type.Optional(Type.Integer()),
  removed: Type.Optional(Type.Array(Type.String())),
  by: Type.String(),
  note: Type.Optional(Type.String()),
});

const ReleaseRow = Type.Object({
  version: Type.String(),
  commit: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  builtAt: Type.Optional(Type.String()),
  shared: Type.Record(Type.String(), Type.String(), { description: 'the shell: the singletons it provides; a remote: the ranges it needs' }),
  live: Type.Boolean(),
  previous: Type.Boolean(),
  canary: Type.Boolean(),
});

const AppStatus = Type.Object({
  app: Type.String(),
  live: Type.Union([Type.String(), Type.Null()]),
  previous: Type.Union([Type.String(), Type.Null()]),
  canary: Type.Union([Type.Object({ version: Type.String(), percent: Type.Integer() }), Type.Null()]),
  releases: Type.Array(ReleaseRow),
});

/**
 * The release service: what `npm run release` does, over HTTP, for CI and for several instances
 * (RELEASE_STATE=database). Every call but opening a preview needs `Authorization: Bearer <token>`
 * of RELEASE_TOKENS; the token's name is who the history records.
 */
const releaseRoutes: FastifyPluginAsyncTypebox<{ state: ReleaseState; settings: ReleaseSettings; now: () => Date; apps: () => Promise<string[]> }> = async (app, opts) => {
  const { state, settings } = opts;
  const tags = ['releases'];
  const security = [{ releaseToken: [] }];

  /** The name of the caller's token, or a 401. Compared by hash, in constant time. */
  function caller(request: FastifyRequest): string {
    const m = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
    if (m) {
      const hash = createHash('sha256').update(m[1]!).digest();
      const found = settings.tokens.find((t) => timingSafeEqual(Buffer.from(t.hash, 'hex'), hash));
      if (found) return found.name;
    }
    throw new AppError(ReleaseCode.unauthorized, settings.tokens.length ? 'a release token is required (Authorization: Bearer …)' : 'the release service is off: set RELEASE_TOKENS', 401);
  }

  /** A refused change answers 409 with the rule's own words; nothing was changed. */
  async function refusing<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ReleaseError) throw new AppError(ReleaseCode.refused, err.message, 409);
      throw err;
    }
  }

  async function status(name: string) {
    const [current, previous] = await Promise.all([state.read(), state.previous(name)]);
    const live = current.live[name] ?? null;
    const canary = current.canary[name] ?? null;
    return {
      app: name,
      live,
      previous,
      canary,
      releases: state.releases.list(name).map((r) => ({
        version: r.version,
        commit: r.commit ?? null,
        builtAt: r.builtAt,
        shared: (name === SHELL ? r.provides : r.requires) ?? {},
        live: r.version === live,
        previous: r.version === previous,
        canary: r.version === canary?.version,
      })),
    };
  }

  app.get(
    '/api/releases',
    { schema: { tags, security, summary: 'Every app: its live, previous and canary release and its releases with commit, build time and shared versions', response: { 200: Envelope(Type.Object({ state: Type.String(), apps: Type.Array(AppStatus) })) } } },
    async (request) => {
      caller(request);
      const names = await opts.apps();
      return ok({ state: state.kind, apps: await Promise.all(names.map(status)) });
    },
  );

  app.get(
    '/api/releases/history',
    { schema: { tags, security, summary: 'Every change, oldest first (append-only)', querystring: Type.Object({ app: Type.Optional(AppName) }), response: { 200: Envelope(Type.Array(HistoryEntrySchema)) } } },
    async (request) => {
      caller(request);
      return ok(await state.history(request.query.app));
    },
  );

  app.post(
    '/api/releases/activate',
    {
      schema: {
        tags,
        security,
        summary: 'Make a release live after its smoke check; `expected` (the live version seen, null: none) makes it a compare-and-swap',
        body: Type.Object({ app: AppName, version: Version, expected: Type.Optional(Nullable(Version)), note: Note }),
        response: { 200: Envelope(HistoryEntrySchema) },
      },
    },
    async (request) => {
      const by = caller(request);
      const { app: name, version, expected, note } = request.body;
      return ok(
        await refusing(async () => {
          await smokeCheck(state.releases, name, version);
          return state.activate(name, version, { expected, by, note });
        }),
      );
    },
  );

  app.post(
    '/api/releases/adopt',
    {
      schema: {
        tags,
        security,
        summary: "Make the releases folder's live releases live for every instance, as one checked change (after a deployment publishes a new image's releases)",
        body: Type.Object({ note: Note }),
        response: { 200: Envelope(Type.Array(HistoryEntrySchema)) },
      },
    },
    async (request) => {
      const by = caller(request);
      return ok(
        await refusing(async () => {
          const folder = state.releases.live();
          for (const [name, version] of Object.entries(folder)) if (state.releases.hasRelease(name, version)) await smokeCheck(state.releases, name, version);
          return state.adoptFolder({ by, note: request.body?.note });
        }),
      );
    },
  );

  app.post(
    '/api/releases/rollback',
    { schema: { tags, security, summary: 'Back to the release live before the current one', body: Type.Object({ app: AppName, note: Note }), response: { 200: Envelope(HistoryEntrySchema) } } },
    async (request) => {
      const by = caller(request);
      return ok(await refusing(() => state.rollback(request.body.app, { by, note: request.body.note })));
    },
  );

  app.post(
    '/api/releases/canary',
    {
      schema: {
        tags,
        security,
        summary: "Start or change a remote's canary (a share of visitors, sticky per visitor), or end it (version null)",
        body: Type.Object({ app: AppName, version: Nullable(Version), percent: Type.Optional(Type.Integer({ minimum: 1, maximum: 99 })), expected: Type.Optional(Nullable(Version)), note: Note }),
        response: { 200: Envelope(HistoryEntrySchema) },
      },
    },
    async (request) => {
      const by = caller(request);
      const { app: name, version, percent, expected, note } = request.body;
      return ok(
        await refusing(async () => {
          if (version) await smokeCheck(state.releases, name, version);
          return state.setCanary(name, version, { percent, expected, by, note });
        }),
      );
    },
  );

  app.post(
    '/api/releases/prune',
    { schema: { tags, security, summary: 'Remove old releases: all but the newest `keep`, never the live, previous or canary one', body: Type.Object({ app: AppName, keep: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })) }), response: { 200: Envelope(Type.Array(Type.String())) } } },
    async (request) => {
      const by = caller(request);
      return ok(await refusing(() => state.prune(request.body.app, { keep: request.body.keep ?? 5, by })));
    },
  );

  app.post(
    '/api/releases/previews',
    {
      schema: {
        tags,
        security,
        summary: "A tester's link: whoever opens it sees this release of the remote on the live site, nobody else",
        body: Type.Object({ app: AppName, version: Version }),
        response: { 200: Envelope(Type.Object({ url: Type.String(), expiresAt: Type.String() })) },
      },
    },
    async (request) => {
      const by = caller(request);
      const { app: name, version } = request.body;
      const preview = await refusing(async () => {
        await smokeCheck(state.releases, name, version);
        return state.createPreview(name, version, { by, ttlMs: settings.previewTtlMs, now: opts.now() });
      });
      return ok({ url: `/api/releases/preview?token=${preview.token}`, expiresAt: preview.expiresAt.toISOString() });
    },
  );

  // Opening a preview link: the token goes into a cookie of this browser only, then the site opens.
  app.get(
    '/api/releases/preview',
    { schema: { tags, summary: 'Open a preview link (sets the preview cookie of this browser); ?end=1 ends every preview', querystring: Type.Object({ token: Type.Optional(Type.String({ maxLength: 64 })), end: Type.Optional(Type.String({ maxLength: 1 })) }) } },
    async (request, reply) => {
      const cookie = (value: string, maxAge: number) =>
        `${PREVIEW_COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${request.protocol === 'https' ? '; Secure' : ''}`;
      if (request.query.end) {
        reply.header('set-cookie', cookie('', 0));
        return reply.redirect('/', 303);
      }
      const token = request.query.token ?? '';
      const found = PREVIEW_TOKEN.test(token) ? await state.previewsOf([token], opts.now()) : {};
      if (Object.keys(found).length === 0) throw AppError.notFound('this preview link is unknown or has expired');
      const tokens = [...previewTokensOf(request.headers.cookie).filter((t) => t !== token), token].slice(-5);
      reply.header('set-cookie', cookie(tokens.join('.'), Math.ceil(settings.previewTtlMs / 1000)));
      return reply.redirect('/', 303);
    },
  );
};

export default releaseRoutes;
