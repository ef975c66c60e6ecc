// Child process: a bare node:http server answering every request with the same bytes from
// memory (the file given), as JSON — the ceiling the API is compared with.
//
//   node bench/lib/bare-server.ts <file>
import { readFileSync } from 'node:fs';
import http from 'node:http';

const body = readFileSync(process.argv[2]!);
const server = http.createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  response.end(body);
});
server.keepAliveTimeout = 72_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  process.stdout.write(`READY ${JSON.stringify({ url: `http://127.0.0.1:${address.port}` })}\n`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.on(signal, () => server.close(() => process.exit(0)));
