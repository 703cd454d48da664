// Authentication before the body: a request the headers already refuse (no route, a
// method the path does not take, missing or bad credentials) is answered before its
// body arrives, and the body is read and dropped unbuffered.
import { connect } from 'node:net';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createReference } from '../index.ts';
import { serve } from './node-http.ts';

/** Send the request line, the headers and only the first KiB of a 20 MiB body; resolve with what the server answers. */
function headersOnly(port: number, lines: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(`${lines.join('\r\n')}\r\nContent-Length: ${20 * 1024 * 1024}\r\nContent-Type: application/x-www-form-urlencoded\r\n\r\n`);
      socket.write('a'.repeat(1024));
    });
    let got = '';
    socket.on('data', (d) => {
      got += d.toString();
      if (/\r\n\r\n[\s\S]*\}$/.test(got)) {
        socket.destroy();
        resolve(got);
      }
    });
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer before the body: ${got}`));
    }, 2000);
  });
}

test('an unauthenticated POST is refused with 401 before its body is sent', async () => {
  const serving = await serve(createReference(), { port: 0, host: '127.0.0.1' });
  try {
    const port = Number(new URL(serving.url).port);
    const answer = await headersOnly(port, ['POST /api/v1/messages HTTP/1.1', 'Host: x']);
    assert.match(answer, /^HTTP\/1\.1 401/);
    assert.match(answer, /"code":"UNAUTHORIZED"/);
    const bad = await headersOnly(port, ['POST /api/v1/messages HTTP/1.1', 'Host: x', `Authorization: Basic ${Buffer.from('iago@zulip.com:' + 'x'.repeat(32)).toString('base64')}`]);
    assert.match(bad, /"msg":"Invalid API key"/);
    const missing = await headersOnly(port, ['POST /api/v1/nowhere HTTP/1.1', 'Host: x']);
    assert.match(missing, /^HTTP\/1\.1 404/);
    // The server goes on answering.
    const ok = await fetch(`${serving.url}/api/v1/server_settings`);
    assert.is(ok.status, 200);
  } finally {
    await serving.close();
  }
});

test.run();
