// The node:http front door: IncomingMessage → ApiRequest → reference.dispatch →
// ServerResponse. Types only, no behaviour (the one exception: the body size limit,
// which only a socket can exceed before dispatch sees anything). The only file under
// reference/ that may use node:*, Buffer or process (the layering test holds this).
// Idea from honojs/node-server src/listener.ts; kept synchronous and allocation-light,
// since scripts/bench.ts holds it to ≥60% of a bare node:http server's throughput.
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { errorResponse } from '../http/envelope.ts';
import { PayloadTooLarge } from '../errors.ts';
import type { ApiRequest, ApiResponse } from '../http/request.ts';

/** What this adapter needs of a Reference. */
export interface Dispatcher {
  dispatch(req: ApiRequest): ApiResponse;
  /** For a long-poll (`res.wait`): the answer once it stops waiting, or null if the client left. */
  wait?(req: ApiRequest, res: ApiResponse, signal?: AbortSignal): Promise<ApiResponse | null>;
  /** Called every second while serving: delivers what fell due with no request to prompt it. */
  tick?(): void;
}

/** One line per answered request. */
export type RequestLog = (entry: { method: string; path: string; status: number; ms: number }) => void;

export interface ListenerOptions {
  /** Larger bodies get a 413 in the usual error envelope. Default 25 MiB, the real server's nginx limit. */
  maxBodyBytes?: number;
  log?: RequestLog;
}

export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

export function createNodeListener(reference: Dispatcher, options: ListenerOptions = {}): RequestListener {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log;

  const answer = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, started: number, body: Uint8Array | undefined): void => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const apiRequest: ApiRequest = { method: req.method ?? 'GET', path, headers };
    if (q !== -1) apiRequest.query = url.slice(q + 1);
    if (body !== undefined) apiRequest.body = body;
    const out = reference.dispatch(apiRequest);
    if (out.wait === undefined || reference.wait === undefined) {
      send(req, res, out, started, log);
      return;
    }
    // A long-poll: no CPU while it waits; a closed connection ends the wait.
    const gone = new AbortController();
    res.on('close', () => gone.abort());
    void reference.wait(apiRequest, out, gone.signal).then((later) => {
      if (later !== null && !res.writableEnded && !res.destroyed) send(req, res, later, started, log);
    });
  };

  return (req, res) => {
    const started = log ? performance.now() : 0;
    const headers = flatHeaders(req);
    const declared = headers['content-length'];
    if (declared === undefined && headers['transfer-encoding'] === undefined) {
      answer(req, res, headers, started, undefined); // no body: answer at once
      return;
    }
    if (declared !== undefined && Number(declared) > limit) {
      tooLarge(req, res, limit, started, log);
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    let rejected = false;
    req.on('data', (chunk: Buffer) => {
      if (rejected) return;
      size += chunk.length;
      if (size > limit) {
        rejected = true;
        chunks.length = 0;
        tooLarge(req, res, limit, started, log);
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => {
      if (rejected) return;
      answer(req, res, headers, started, chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size));
    });
    req.on('error', () => res.destroy());
  };
}

/** Headers whose repeats node:http drops (message.headers in the node:http docs): the first wins. */
const FIRST_WINS = new Set([
  'age', 'authorization', 'content-length', 'content-type', 'etag', 'expires', 'from', 'host', 'if-modified-since',
  'if-unmodified-since', 'last-modified', 'location', 'max-forwards', 'proxy-authorization', 'referer', 'retry-after',
  'server', 'user-agent',
]);

/**
 * Header names lower-cased, repeats merged as node:http merges them into req.headers
 * (cookie with "; ", most with ", ", some dropped). Read from rawHeaders: req.headers is
 * built lazily, and building it costs more than this one copy.
 */
function flatHeaders(req: IncomingMessage): Record<string, string> {
  const out: Record<string, string> = {};
  const raw = req.rawHeaders;
  for (let i = 0; i < raw.length; i += 2) {
    const key = (raw[i] as string).toLowerCase();
    const value = raw[i + 1] as string;
    const seen = out[key];
    if (seen === undefined) out[key] = value;
    else if (!FIRST_WINS.has(key)) out[key] = `${seen}${key === 'cookie' ? '; ' : ', '}${value}`;
  }
  return out;
}

/** The last body sent and its bytes: replayed answers (the response cache) are the same string. */
let lastBody = '';
let lastBytes = Buffer.alloc(0);
function encode(body: string): Buffer {
  if (body !== lastBody) {
    lastBytes = Buffer.from(body, 'utf8');
    lastBody = body;
  }
  return lastBytes;
}

function send(req: IncomingMessage, res: ServerResponse, out: ApiResponse, started: number, log: RequestLog | undefined): void {
  const bytes = encode(out.body);
  res.writeHead(out.status, { ...out.headers, 'Content-Length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  if (log) log({ method: req.method ?? 'GET', path: req.url ?? '/', status: out.status, ms: performance.now() - started });
}

/** 413 now; the rest of the body is drained and dropped, and the connection closed after the reply. */
function tooLarge(req: IncomingMessage, res: ServerResponse, limit: number, started: number, log: RequestLog | undefined): void {
  res.setHeader('Connection', 'close');
  send(req, res, errorResponse(new PayloadTooLarge(limit)), started, log);
  req.resume();
}

export interface ServeOptions extends ListenerOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
}

export interface Serving {
  server: Server;
  /** e.g. http://127.0.0.1:9991 (with the port actually bound). */
  url: string;
  close(): Promise<void>;
}

export function serve(reference: Dispatcher, options: ServeOptions): Promise<Serving> {
  const server = createServer(createNodeListener(reference, options));
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      const ticking = reference.tick && setInterval(() => reference.tick?.(), 1000).unref();
      server.once('close', () => clearInterval(ticking));
      const { port } = server.address() as AddressInfo;
      const host = options.host.includes(':') ? `[${options.host}]` : options.host;
      resolve({
        server,
        url: `http://${host}:${port}`,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((err) => (err ? fail(err) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
