/**
 * The baseline for bench:api, run as its own process (as the shop is): a bare node:http server
 * answering every request with the bytes of one file. Prints its port once listening.
 * Usage: node raw-server.ts <body-file> <content-type>
 */
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [file, contentType] = process.argv.slice(2);
const body = readFileSync(file!);
const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  console.log((server.address() as { port: number }).port);
});
