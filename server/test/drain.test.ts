import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';

// The real process (src/server.ts) on SIGTERM: readiness turns 503, the listener closes (new
// connections are refused), a request in flight still gets its whole reply, an idle keep-alive
// connection is not cut (a proxy may be sending on it: its request is answered, then the connection
// closes), and the exit code is 0.
const serverEntry = fileURLToPath(new URL('../src/server.ts', import.meta.url));
let dir: string;
let child: ChildProcess;
let port: number;
let output = '';
let exited: Promise<number | null>;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'qy-drain-'));
  child = spawn(process.execPath, ['--import', 'tsx', serverEntry], {
    cwd: fileURLToPath(new URL('..', import.meta.url)),
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      PGLITE_DIR: 'memory://',
      SEED_DEMO_DATA: 'false',
      QY_WEB_ROOT: join(dir, 'web'),
      QY_RELEASES_DIR: join(dir, 'releases'),
      UPLOADS_DIR: join(dir, 'uploads'),
      PAY_RECONCILE_INTERVAL_SECONDS: '0',
      PAY_RENEWAL_INTERVAL_SECONDS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  child.stdout!.on('data', (c) => (output += String(c)));
  child.stderr!.on('data', (c) => (output += String(c)));
  port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const look = () => {
      const m = output.match(/Server listening at http:\/\/127\.0\.0\.1:(\d+)/);
      if (m) {
        clearTimeout(timer);
        child.stdout!.off('data', look);
        resolve(Number(m[1]));
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', () => reject(new Error(`server exited:\n${output}`)));
  });
});
after(async () => {
  if (child.exitCode === null) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => resolve(socket));
    socket.once('error', reject);
  });
}

function reply(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    socket.on('data', (c) => (text += String(c)));
    socket.once('close', () => resolve(text));
  });
}

/** The next whole reply on a keep-alive connection (its head and a body of Content-Length bytes). */
function nextReply(socket: Socket): Promise<string> {
  return new Promise((resolve, reject) => {
    if (socket.destroyed) return reject(new Error('the connection was closed by the server'));
    let text = '';
    const onData = (c: Buffer) => {
      text += String(c);
      const end = text.indexOf('\r\n\r\n');
      const length = Number(/\r\ncontent-length: (\d+)/i.exec(text)?.[1] ?? NaN);
      if (end !== -1 && Buffer.byteLength(text.slice(end + 4)) >= length) {
        socket.off('data', onData);
        socket.off('close', onClose);
        resolve(text);
      }
    };
    const onClose = () => reject(new Error(`connection closed before a whole reply: ${JSON.stringify(text)}`));
    socket.on('data', onData);
    socket.once('close', onClose);
  });
}

describe('draining on SIGTERM', () => {
  it('finishes the request in flight, refuses new connections, exits 0', async () => {
    const body = JSON.stringify({ accountName: 'nobody-here', password: 'not-the-password' });
    const half = Math.floor(body.length / 2);
    // A request whose body arrives slowly: in flight when the signal comes.
    const slow = await open();
    const answer = reply(slow);
    slow.write(
      `POST /api/login/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body.slice(0, half)}`,
    );
    await new Promise((r) => setTimeout(r, 300));
    // A keep-alive connection that has had its reply and is idle when the signal comes.
    const idle = await open();
    const idleClosed = new Promise<void>((resolve) => idle.once('close', () => resolve()));
    const before = nextReply(idle);
    idle.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    assert.match(await before, /^HTTP\/1\.1 200 /);

    child.kill('SIGTERM');
    // New connections are refused while the slow request is still being answered.
    const refusedAt = Date.now();
    let refused = false;
    while (Date.now() - refusedAt < 5000) {
      const tried = await open().then(
        (s) => (s.destroy(), false),
        (err: NodeJS.ErrnoException) => err.code === 'ECONNREFUSED',
      );
      if (tried) {
        refused = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok(refused, 'a new connection is refused after SIGTERM');
    assert.equal(child.exitCode, null, 'still running: the request in flight is not finished');

    // The idle connection was not cut: a request sent on it now is answered, and it closes after.
    const late = nextReply(idle);
    idle.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    const lateText = await late;
    assert.match(lateText, /^HTTP\/1\.1 200 /);
    assert.match(lateText.split('\r\n\r\n')[0]!, /\r\nconnection: close/i);
    await idleClosed;

    slow.write(body.slice(half));
    const text = await answer;
    const [head, json] = text.split('\r\n\r\n');
    assert.match(head!, /^HTTP\/1\.1 200 /);
    assert.match(head!, /\r\nconnection: close/i);
    assert.equal(typeof JSON.parse(json!).code, 'number');

    assert.equal(await exited, 0);
    assert.match(output, /draining: finishing requests in flight, then closing/);
    assert.match(output, /"msg":"closed"/);
  });
});
