// The floors the API benchmark compares against, each in its own process: the fastest a Node process
// answers a small JSON body on this machine (`http`: bare node:http), and the fastest an Express 5 app
// does (`express`: production mode, etag and x-powered-by off). Started by bench/api/run.ts:
//   node bench/api/floor.mjs http|express <port>
// Prints "listening <port>" once ready.
import { createServer } from 'node:http';
import express from 'express';

const [kind, portArg] = process.argv.slice(2);
const port = Number(portArg);
const body = JSON.stringify({ status: 'ok', message: 'hello' });

let server;
if (kind === 'http') {
  server = createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  });
} else if (kind === 'express') {
  const app = express();
  app.set('etag', false);
  app.disable('x-powered-by');
  app.get('/', (_req, res) => {
    res.json({ status: 'ok', message: 'hello' });
  });
  server = createServer(app);
} else {
  process.stderr.write('usage: node floor.mjs http|express <port>\n');
  process.exit(2);
}
server.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
