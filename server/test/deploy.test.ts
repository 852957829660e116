import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// `yaml` comes with @fastify/swagger, a dependency of the server.
import { parse } from 'yaml';
import { repoRoot } from '../src/paths.js';

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
  apiEnv(o: Record<string, unknown>): Record<string, string>;
  renderNginx(vars: Record<string, string>): string;
  templateVariables(text: string): string[];
};

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

  it('the API reads the shell and the releases where publish writes them and nginx serves them', () => {
    const api = compose.services.api1!;
    const nginx = compose.services.nginx!;
    const mount = (svc: ComposeService, target: string) => svc.volumes!.find((v) => v.split(':')[1] === target)?.split(':')[0];
    assert.equal(mount(api, api.environment!.QY_WEB_ROOT!), 'web');
    assert.equal(mount(api, api.environment!.QY_RELEASES_DIR!), 'releases');
    assert.equal(mount(api, api.environment!.UPLOADS_DIR!), 'uploads');
    assert.equal(mount(nginx, nginx.environment!.QY_WEB_ROOT!), 'web');
    assert.equal(mount(nginx, nginx.environment!.QY_RELEASES_ROOT!), 'releases');
    assert.equal(mount(compose.services.publish!, api.environment!.QY_WEB_ROOT!), 'web');
    assert.equal(mount(compose.services.publish!, api.environment!.QY_RELEASES_DIR!), 'releases');
    for (const v of ['web', 'releases', 'uploads', 'pgdata']) assert.ok(v in compose.volumes, `volume ${v}`);
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
    assert.match(stage('build'), /^RUN npm ci\b/m);
    assert.match(stage('build'), /^RUN npm run build$/m);
    assert.match(stage('prod'), /^RUN npm ci --omit=dev --workspace @qianyan\/server\b/m);
    const runtime = stage('runtime');
    assert.match(runtime, /^USER node$/m);
    assert.doesNotMatch(runtime, /^USER root/m);
    assert.match(runtime, new RegExp(`^EXPOSE ${topology.API_CONTAINER_PORT}$`, 'm'));
    assert.match(runtime, new RegExp(`PORT=${topology.API_CONTAINER_PORT}\\b`));
    assert.match(runtime, /^CMD \["node", "server\/dist\/server\.js"\]$/m);
    assert.ok(dockerfile.trimEnd().endsWith(runtime.trimEnd()), 'runtime is the last stage (the default target)');
    // Every workspace's manifest is copied before `npm ci`, or the install fails.
    const workspaces = (JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces;
    for (const ws of workspaces) {
      for (const name of ['build', 'prod']) assert.match(stage(name), new RegExp(`^COPY ${ws}/package\\.json ${ws}/$`, 'm'), `${name} copies ${ws}/package.json`);
    }
    // The image's release: what the API serves and publish copies.
    for (const path of ['server/dist', 'server/drizzle', 'shell/dist', 'releases']) assert.match(runtime, new RegExp(`^COPY --from=build /app/${path} `, 'm'));
    const ignore = readFileSync(join(repoRoot, 'deploy', 'Dockerfile.dockerignore'), 'utf8');
    for (const entry of ['**/node_modules', '**/dist', 'releases', '.env', 'deploy/.env']) assert.match(ignore, new RegExp(`^${entry.replace(/[.*]/g, '\\$&')}$`, 'm'));
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
