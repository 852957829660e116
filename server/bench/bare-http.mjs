// The reference point of the API benchmark: a bare node:http server replying a small JSON, in its
// own process like the app. Listens on PORT (0 = any free port) and prints the port on stdout.
import http from 'node:http';

const body = JSON.stringify({ code: 0, msg: 'success', data: { ok: true } });
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
