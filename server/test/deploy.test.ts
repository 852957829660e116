import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// `yaml` comes with @fastify/swagger, a dependency of the server.
import { parse } from 'yaml';
import { repoRoot } from '../src/paths.js';
import { createTestApp } from './helpers.js';

// The container description (deploy/Dockerfile, deploy/compose.yaml, the nginx template) and the
// processes scripts/topology.mjs starts (scripts/lib/topology.mjs) are one topology: same services,
// same ports, same variables. Neither can drift without this failing.
const topology = (await import(join(repoRoot, 'scripts', 'lib', 'topology.mjs'))) as {
  SERVICES: string[];
  API_SERVICES: string[];
  API_CONTAINER_PORT: number;
  NGINX_CONTAINER_PORT: number;
  NGINX_TEMPLATE: string;
  NGINX_VARIABLES: string[];
  SECRETS: string[];
  liveShellDir(releasesDir: string, o?: { posix?: boolean }): string;
  apiEnv(o: Record<string, unknown>): Record<string, string>;
  renderNginx(vars: Record<string, string>): string;
  templateVariables(text: string): string[];
};

const startEnv = (await import(join(repoRoot, 'scripts', 'lib', 'startEnv.mjs'))) as { SERVER_NODE_FLAGS: string[] };

interface ComposeService {
  image?: string;
  build?: { target?: string; dockerfile?: string };
  environment?: Record<string, string>;
  ports?: string[];
  volumes?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  profiles?: string[];
  command?: string[];
}
const compose = parse(readFileSync(join(repoRoot, 'deploy', 'compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, ComposeService>;
  volumes: Record<string, unknown>;
};
const dockerfile = readFileSync(join(repoRoot, 'deploy', 'Dockerfile'), 'utf8');
const template = readFileSync(topology.NGINX_TEMPLATE, 'utf8');
const localEnv = topology.apiEnv({
  port: 8281,
  databaseUrl: 'postgres://root@127.0.0.1:5432/x',
  redisUrl: 'redis://127.0.0.1:6379',
  secrets: { AUTH_SECRET: 'a'.repeat(43), SSO_SECRET: 'b'.repeat(43) },
  webRoot: '/w',
  releasesDir: '/r',
  uploadsDir: '/u',
  publicBaseUrl: 'http://127.0.0.1:8280',
  devTools: true,
});
const sorted = (xs: Iterable<string>) => [...xs].sort();

/** The stage of the Dockerfile, from its FROM line to the next. */
function stage(name: string): string {
  const parts = dockerfile.split(/^(?=FROM )/m);
  const found = parts.find((p) => new RegExp(`^FROM \\S+ AS ${name}\\b`, 'm').test(p));
  assert.ok(found, `Dockerfile has a stage ${name}`);
  return found;
}

/** The paths of a Fastify route tree (printRoutes without common prefixes) that take POST. */
function postRoutes(tree: string): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of tree.split('\n')) {
    const m = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    stack.length = depth;
    stack.push((stack[depth - 1] ?? '') + m[2]);
    if (m[3]?.split(', ').includes('POST')) found.push(stack[depth]!);
  }
  return found;
}

describe('deployment files and the local topology agree', () => {
  it('compose starts the services the topology script starts, with the same roles', () => {
    for (const service of topology.SERVICES) assert.ok(compose.services[service], `compose.yaml has ${service}`);
    assert.match(compose.services.postgres!.image!, /^postgres:/);
    assert.match(compose.services.redis!.image!, /^redis:/);
    assert.match(compose.services.nginx!.image!, /^nginx:/);
    const apiImages = topology.API_SERVICES.map((s) => compose.services[s]!.image);
    assert.equal(new Set(apiImages).size, 1, 'both API instances run the same image');
    assert.equal(compose.services.publish!.image, apiImages[0], 'publish copies that image’s release');
    assert.equal(compose.services.publish!.build?.target, 'runtime');
    for (const s of topology.API_SERVICES) {
      assert.deepEqual(Object.keys(compose.services[s]!.depends_on ?? {}).sort(), ['postgres', 'publish', 'redis']);
    }
    assert.deepEqual(Object.keys(compose.services.nginx!.depends_on ?? {}).sort(), sorted(topology.API_SERVICES));
  });

  it('the API instances get the same variables in compose as in the topology script', () => {
    for (const s of topology.API_SERVICES) {
      const env = compose.services[s]!.environment!;
      assert.deepEqual(sorted(Object.keys(env)), sorted(Object.keys(localEnv)), `${s} environment`);
      assert.equal(env.NODE_ENV, 'production');
      assert.equal(env.PORT, String(topology.API_CONTAINER_PORT));
      assert.equal(env.TRUST_PROXY, localEnv.TRUST_PROXY);
      assert.match(env.DATABASE_URL!, /^postgres:\/\/[^@]+@postgres:5432\//);
      assert.equal(env.REDIS_URL, 'redis://redis:6379');
      // Secrets are never written in the file: compose requires them from deploy/.env.
      for (const secret of topology.SECRETS) assert.match(env[secret]!, new RegExp(`^\\$\\{${secret}:\\?`));
      assert.match(env.DEV_TOOLS!, /^\$\{DEV_TOOLS:-false\}$/);
      // The readiness check, not liveness, gates nginx.
      assert.ok(compose.services[s]!.healthcheck!.test.join(' ').includes(`127.0.0.1:${topology.API_CONTAINER_PORT}/api/ready`));
    }
    for (const secret of topology.SECRETS) assert.match(readFileSync(join(repoRoot, 'deploy', 'env.example'), 'utf8'), new RegExp(`^${secret}=$`, 'm'));
  });

  it('the API and nginx take the shell from the live shell release, in the releases publish writes', () => {
    const api = compose.services.api1!;
    const nginx = compose.services.nginx!;
    const publish = compose.services.publish!;
    const mount = (svc: ComposeService, target: string) => svc.volumes!.find((v) => v.split(':')[1] === target)?.split(':')[0];
    const releasesDir = api.environment!.QY_RELEASES_DIR!;
    assert.equal(mount(api, releasesDir), 'releases');
    assert.equal(mount(api, api.environment!.UPLOADS_DIR!), 'uploads');
    assert.equal(mount(nginx, nginx.environment!.QY_RELEASES_ROOT!), 'releases');
    assert.equal(nginx.environment!.QY_RELEASES_ROOT, releasesDir);
    assert.equal(mount(publish, releasesDir), 'releases');
    // The same folder as the topology script's: the link the release store keeps on the live shell.
    assert.equal(api.environment!.QY_WEB_ROOT, topology.liveShellDir(releasesDir, { posix: true }));
    assert.equal(nginx.environment!.QY_WEB_ROOT, topology.liveShellDir(releasesDir, { posix: true }));
    assert.deepEqual(Object.keys(compose.volumes).sort(), ['pgdata', 'releases', 'uploads']);
  });

  it('publish copies the image\'s releases and makes its live ones live, keeping what the volume has', () => {
    const dir = mkdtempSync(join(tmpdir(), 'qy-publish-'));
    try {
      const image = join(dir, 'image');
      const volume = join(dir, 'volume');
      const release = (root: string, app: string, version: string, file: string) => {
        mkdirSync(join(root, app, version), { recursive: true });
        writeFileSync(join(root, app, version, file), `${app} ${version}`);
      };
      // The image's build: shell 2 and mf-content b live.
      release(image, 'shell', '2', 'index.html');
      release(image, 'mf-content', 'b', 'mf-manifest.json');
      symlinkSync('2', join(image, 'shell', 'live'));
      writeFileSync(join(image, 'shell.json'), '{"version":"2"}');
      writeFileSync(join(image, 'remotes.json'), '{"mf-content":"/remotes/mf-content/b/mf-manifest.json"}');
      // The volume: an earlier deploy (shell 1, mf-content a live), and b already there, changed.
      release(volume, 'shell', '1', 'index.html');
      release(volume, 'mf-content', 'a', 'mf-manifest.json');
      release(volume, 'mf-content', 'b', 'kept.txt');
      symlinkSync('1', join(volume, 'shell', 'live'));
      writeFileSync(join(volume, 'shell.json'), '{"version":"1"}');
      writeFileSync(join(volume, 'remotes.json'), '{"mf-content":"/remotes/mf-content/a/mf-manifest.json"}');

      // The command compose runs, on these folders ($$ is compose's escape of $).
      const [shell, flags, script] = compose.services.publish!.command!;
      assert.deepEqual([shell, flags], ['sh', '-ec']);
      assert.doesNotMatch(script!.replace(/\$\$/g, ''), /\$/, 'no variable left for compose to fill');
      const local = script!.replace(/\$\$/g, '$').replace('src=/app/releases', `src=${image}`).replace('dst=/srv/qianyan/releases', `dst=${volume}`);
      for (const round of [1, 2]) {
        const r = spawnSync('sh', ['-ec', local], { encoding: 'utf8' });
        assert.equal(r.status, 0, `round ${round}: ${r.stderr}`);
        assert.match(r.stdout, /^published: shell 2, remotes \{"mf-content":"\/remotes\/mf-content\/b\/mf-manifest\.json"\}$/m);
      }
      assert.equal(readlinkSync(join(volume, 'shell', 'live')), '2');
      assert.equal(readFileSync(join(volume, 'shell', 'live', 'index.html'), 'utf8'), 'shell 2');
      assert.equal(readFileSync(join(volume, 'shell.json'), 'utf8'), '{"version":"2"}');
      assert.equal(readFileSync(join(volume, 'remotes.json'), 'utf8'), readFileSync(join(image, 'remotes.json'), 'utf8'));
      // Earlier releases stay (a tab opened on shell 1 still loads its files); a release folder in
      // the volume is never rewritten; nothing half-written is left.
      assert.equal(readFileSync(join(volume, 'shell', '1', 'index.html'), 'utf8'), 'shell 1');
      assert.deepEqual(readdirSync(join(volume, 'mf-content', 'b')), ['kept.txt']);
      assert.deepEqual(readdirSync(volume).sort(), ['mf-content', 'remotes.json', 'shell', 'shell.json']);
      assert.deepEqual(readdirSync(join(volume, 'shell')).sort(), ['1', '2', 'live']);
      // The image's own store is what the topology script serves from: the same link.
      cpSync(image, join(dir, 'copy'), { recursive: true, verbatimSymlinks: true });
      assert.equal(readFileSync(join(topology.liveShellDir(join(dir, 'copy')), 'index.html'), 'utf8'), 'shell 2');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('nginx gets every variable of the template, in compose and from the topology script', () => {
    const used = topology.templateVariables(template);
    assert.deepEqual(used, sorted(topology.NGINX_VARIABLES));
    const env = compose.services.nginx!.environment!;
    assert.deepEqual(sorted(Object.keys(env)), used);
    assert.equal(env.QY_LISTEN, String(topology.NGINX_CONTAINER_PORT));
    assert.deepEqual(
      topology.API_SERVICES.map((s, i) => env[`QY_API_${i + 1}`]),
      topology.API_SERVICES.map((s) => `${s}:${topology.API_CONTAINER_PORT}`),
    );
    assert.ok(compose.services.nginx!.ports!.some((p) => p.endsWith(`:${topology.NGINX_CONTAINER_PORT}`)));
    assert.ok(compose.services.nginx!.volumes!.includes('./nginx/default.conf.template:/etc/nginx/templates/default.conf.template:ro'));
    // The rendered file has no variable left, and nginx's own $variables are untouched.
    const rendered = topology.renderNginx(env);
    assert.doesNotMatch(rendered, /\$\{[A-Z0-9_]+\}/);
    assert.match(rendered, /proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    assert.match(rendered, /server api1:8080 /);
  });

  it('the Dockerfile builds with npm run build, keeps production dependencies only and runs as a non-root user', () => {
    // Both installs start from one stage holding every workspace's manifest (npm ci fails without one).
    const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    assert.match(stage('manifests'), /^COPY package\.json package-lock\.json \.\/$/m);
    for (const ws of workspaces) assert.match(stage('manifests'), new RegExp(`^COPY ${ws}/package\\.json ${ws}/$`, 'm'), `manifests copies ${ws}/package.json`);
    assert.doesNotMatch(stage('manifests'), /^RUN /m);
    for (const name of ['build', 'prod']) assert.match(stage(name), new RegExp(`^FROM manifests AS ${name}$`, 'm'));
    assert.equal(dockerfile.match(/^COPY \S+\/package\.json /gm)?.length, workspaces.length, 'each manifest copied once');
    assert.match(stage('build'), /^RUN npm ci\b/m);
    assert.match(stage('build'), /^RUN npm run build$/m);
    assert.match(stage('prod'), /^RUN npm ci --omit=dev --workspace @qianyan\/server\b/m);
    const runtime = stage('runtime');
    assert.doesNotMatch(runtime, /^FROM (manifests|build|prod) /m, 'runtime starts from node alone');
    assert.match(runtime, /^USER node$/m);
    assert.doesNotMatch(runtime, /^USER root/m);
    assert.match(runtime, new RegExp(`^EXPOSE ${topology.API_CONTAINER_PORT}$`, 'm'));
    assert.match(runtime, new RegExp(`PORT=${topology.API_CONTAINER_PORT}\\b`));
    // The server starts with the same V8 flags everywhere (scripts/lib/startEnv.mjs: its heap limit).
    assert.match(runtime, new RegExp(`^CMD \\[${['node', ...startEnv.SERVER_NODE_FLAGS, 'server/dist/server.js'].map((a) => `"${a.replace(/[./]/g, '\\$&')}"`).join(', ')}\\]$`, 'm'));
    const serverPackage = JSON.parse(readFileSync(join(repoRoot, 'server', 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    assert.equal(serverPackage.scripts.start, ['node', ...startEnv.SERVER_NODE_FLAGS, 'dist/server.js'].join(' '));
    assert.ok(dockerfile.trimEnd().endsWith(runtime.trimEnd()), 'runtime is the last stage (the default target)');
    // The image's release: what the API serves and publish copies; the shell is one of the releases.
    for (const path of ['server/dist', 'server/drizzle', 'releases']) assert.match(runtime, new RegExp(`^COPY --from=build /app/${path} `, 'm'));
    assert.doesNotMatch(runtime, /shell\/dist/);
    assert.match(runtime, new RegExp(`QY_RELEASES_DIR=/app/releases\\b`));
    assert.match(runtime, new RegExp(`QY_WEB_ROOT=${topology.liveShellDir('/app/releases', { posix: true })}\\b`));
    assert.match(compose.services.publish!.command!.join('\n'), /\bsrc=\/app\/releases\b/, 'publish copies from the image\'s releases');
    const ignore = readFileSync(join(repoRoot, 'deploy', 'Dockerfile.dockerignore'), 'utf8');
    for (const entry of ['**/node_modules', '**/dist', 'releases', '.env', 'deploy/.env']) assert.match(ignore, new RegExp(`^${entry.replace(/[.*]/g, '\\$&')}$`, 'm'));
  });

  it('the image holds every file the server reads from its own package at run time', () => {
    // server/src is not in the image: a file read through serverRoot (or assetsDir) must sit in a
    // folder the runtime stage copies (a word list under src/ once made the image's search fail).
    const copied = new Set([...stage('runtime').matchAll(/^COPY --from=build \/app\/server\/(\S+) /gm)].map((m) => m[1]!));
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
    const read: string[] = [];
    // paths.ts defines the roots themselves (repoRoot is serverRoot's parent).
    for (const file of sources(join(repoRoot, 'server', 'src')).filter((f) => !f.endsWith('paths.ts'))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(serverRoot|assetsDir), '([^']+)'/g)) read.push(m[1] === 'assetsDir' ? `assets/${m[2]}` : m[2]!);
    }
    assert.ok(read.some((p) => p.startsWith('assets/')), 'the scan finds the files read at run time');
    for (const path of read) assert.ok(copied.has(path.split('/')[0]!), `${path} is in a folder the image copies (${[...copied].join(', ')})`);
  });

  it('nginx sends a POST a second time only for the API\'s reads', async () => {
    // The location whose POSTs nginx may pass to the other instance after the first took them.
    const blocks = [...template.matchAll(/location ~ "([^"]+)" \{([^}]*)\}/g)].filter((m) => m[2]!.includes('non_idempotent'));
    assert.equal(blocks.length, 1, 'one location repeats POSTs');
    assert.equal(template.match(/non_idempotent/g)?.length, 1, 'and nothing else');
    const repeated = new RegExp(blocks[0]![1]!);
    // Each of these only reads (an article's or a lesson's detail at most records the reader's last
    // read time, the same row again); a route added to the API that the pattern matches must be
    // added here, after checking that it changes nothing when sent twice.
    const reads = [
      '/api/advert/selectAdvertList',
      '/api/article/getArticle',
      '/api/article/getArticleDetail',
      '/api/article/getArticleDetail2',
      '/api/article/getArticleDetailById',
      '/api/article/getMonthOfQiKanYear',
      '/api/article/getRelationVideo',
      '/api/article/newestArticle',
      '/api/article/selectAbout',
      '/api/article/selectArticleClass',
      '/api/article/selectArticleFilter',
      '/api/article/selectArticleList',
      '/api/article/selectArticleSource',
      '/api/article/selectQiKanList',
      '/api/base/getBanner',
      '/api/base/getModularSwitch',
      '/api/ConferenceAdvance/detail',
      '/api/ConferenceAdvance/list',
      '/api/ConferenceAdvance/subject',
      '/api/hotRead/selectHotReadList',
      '/api/jhHospital/selectAll',
      '/api/jhUniversity/selectAll',
      '/api/lesson/selectLessonCount',
      '/api/lesson/selectLessonDetail',
      '/api/lesson/selectLessonList',
      '/api/user/getMemberInfo',
      '/api/user/getUserInfo',
      '/api/user/selectMyFavArticle',
      '/api/user/selectMyFavLesson',
      '/api/user/selectMyReadArticle',
      '/api/user/selectMyReadLesson',
    ];
    const ctx = await createTestApp();
    try {
      const posts = postRoutes(ctx.app.printRoutes({ method: 'POST', commonPrefix: false }));
      assert.ok(posts.includes('/api/login/login') && posts.includes('/api/user/register'), 'the route list is read whole');
      for (const url of reads) assert.ok(posts.includes(url), `${url} is a POST route of the server`);
      assert.deepEqual(posts.filter((url) => repeated.test(url)).sort(), [...reads].sort());
    } finally {
      await ctx.close();
    }
  });

  it('the nginx configuration is valid for nginx itself (when nginx is installed)', (t) => {
    const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p));
    if (!nginx) return t.skip('nginx is not installed here');
    const dir = mkdtempSync(join(tmpdir(), 'qy-nginx-'));
    try {
      // The compose rendering, with the service names replaced by addresses nginx can resolve here.
      const env = { ...compose.services.nginx!.environment!, QY_LISTEN: '127.0.0.1:8080', QY_API_1: '127.0.0.1:8081', QY_API_2: '127.0.0.1:8082' };
      writeFileSync(join(dir, 'default.conf'), topology.renderNginx(env));
      writeFileSync(
        join(dir, 'nginx.conf'),
        `pid ${dir}/nginx.pid;\nevents {}\nhttp { include /etc/nginx/mime.types; access_log off; include ${dir}/default.conf; }\n`,
      );
      const r = spawnSync(nginx, ['-t', '-q', '-p', dir, '-e', join(dir, 'error.log'), '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
