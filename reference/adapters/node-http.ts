/// <reference types="node" preserve="true" />
// The node:http front door: IncomingMessage → ApiRequest → reference.dispatch →
// ServerResponse. Types only, no behaviour, but for what only a socket can get wrong
// before dispatch sees anything: the body size limit, malformed HTTP, slow clients,
// and who may reach the test-control surface. Each of these answers with an error
// from the core (transport-errors.ts) in the usual envelope. The only file under
// reference/ that may use node:*, Buffer or process (the layering test holds this).
// Idea from honojs/node-server src/listener.ts; kept synchronous and allocation-light,
// since scripts/bench.ts holds it to ≥60% of a bare node:http server's throughput.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, maxHeaderSize, STATUS_CODES, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { errorResponse } from '../http/envelope.ts';
import { PayloadTooLarge, type ApiError } from '../errors.ts';
import type { ApiRequest, ApiResponse } from '../http/request.ts';
import {
  ChunkExtensionsTooLarge,
  CONTROL_TOKEN_HEADER,
  ControlRefused,
  ExpectationFailed,
  HeadersTooLarge,
  MalformedRequest,
  RequestTimeout,
  UriTooLong,
} from '../http/transport-errors.ts';

/** What this adapter needs of a Reference. */
export interface Dispatcher {
  dispatch(req: ApiRequest): ApiResponse;
  /** For a long-poll (`res.wait`): the answer once it stops waiting, or null if the client left. */
  wait?(req: ApiRequest, res: ApiResponse, signal?: AbortSignal): Promise<ApiResponse | null>;
  /** The answer before the body is read (no route, wrong method, bad credentials), or null. */
  preflight?(req: Omit<ApiRequest, 'body'>): ApiResponse | null;
  /** Called every second while serving: delivers what fell due with no request to prompt it. */
  tick?(): void;
}

/** One line per answered request. */
export type RequestLog = (entry: { method: string; path: string; status: number; ms: number }) => void;

export interface ListenerOptions {
  /** Larger bodies get a 413 in the usual error envelope. Default 25 MiB, the real server's nginx limit. */
  maxBodyBytes?: number;
  log?: RequestLog;
  /**
   * Who may use the test-control surface (/_understudy/). Without a token: clients on
   * the loopback interface only. With one: any client that sends it in the
   * X-Understudy-Control-Token header, and no other. Others get a JSON 403.
   */
  controlToken?: string;
}

export const DEFAULT_MAX_BODY_BYTES = 25 * 1024 * 1024;

export function createNodeListener(reference: Dispatcher, options: ListenerOptions = {}): RequestListener {
  const limit = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const log = options.log;
  const controlAllowed = controlCheck(options.controlToken);

  const head = (req: IncomingMessage, headers: Record<string, string>): ApiRequest => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const apiRequest: ApiRequest = { method: req.method ?? 'GET', path: q === -1 ? url : url.slice(0, q), headers };
    if (q !== -1) apiRequest.query = url.slice(q + 1);
    return apiRequest;
  };
  const answer = (req: IncomingMessage, res: ServerResponse, headers: Record<string, string>, started: number, body: Uint8Array | undefined): void => {
    const apiRequest = head(req, headers);
    if (body !== undefined) apiRequest.body = body;
    const out = reference.dispatch(apiRequest);
    if (out.disconnect) {
      // A `disconnect` fault: no answer, the connection dropped.
      res.destroy();
      if (log) log({ method: req.method ?? 'GET', path: req.url ?? '/', status: 0, ms: performance.now() - started });
      return;
    }
    if ((out.wait === undefined && out.delayUntilMs === undefined) || reference.wait === undefined) {
      send(req, res, out, started, log);
      return;
    }
    // A long-poll, or a late answer (a `latency` fault): no CPU while it waits; a closed connection ends the wait.
    const gone = new AbortController();
    res.on('close', () => {
      if (!res.writableEnded) gone.abort(); // the client left before its answer (aborting costs a DOMException)
    });
    void reference.wait(apiRequest, out, gone.signal).then((later) => {
      if (later !== null && !res.writableEnded && !res.destroyed) send(req, res, later, started, log);
    });
  };

  return (req, res) => {
    const started = log ? performance.now() : 0;
    const headers = flatHeaders(req);
    if (req.url?.startsWith('/_understudy') && !controlAllowed(req, headers)) {
      refuse(req, res, new ControlRefused(options.controlToken !== undefined), started, log);
      return;
    }
    const declared = headers['content-length'];
    if (declared === undefined && headers['transfer-encoding'] === undefined) {
      answer(req, res, headers, started, undefined); // no body: answer at once
      return;
    }
    if (declared !== undefined && Number(declared) > limit) {
      refuse(req, res, new PayloadTooLarge(limit), started, log);
      return;
    }
    // No route, a wrong method or bad credentials: answered from the headers alone, the
    // body read and dropped unbuffered, so an unauthenticated request costs O(headers).
    const framed = declared !== undefined || /(?:^|,)\s*chunked\s*$/i.test(headers['transfer-encoding'] ?? '');
    const early = framed ? reference.preflight?.(head(req, headers)) : undefined; // bad framing: the parser's 400 first
    if (early) {
      send(req, res, early, started, log);
      req.resume();
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
        refuse(req, res, new PayloadTooLarge(limit), started, log);
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
  const bytes = out.bytes !== undefined ? Buffer.from(out.bytes.buffer, out.bytes.byteOffset, out.bytes.byteLength) : encode(out.body);
  res.writeHead(out.status, { ...out.headers, 'Content-Length': String(bytes.length) });
  res.end(req.method === 'HEAD' ? undefined : bytes);
  if (log) log({ method: req.method ?? 'GET', path: req.url ?? '/', status: out.status, ms: performance.now() - started });
}

/**
 * An error now, before the body is read; then the body is read and dropped (within the
 * request timeout). Closing the connection with the body unread could reset it before
 * the client has read the answer.
 */
function refuse(req: IncomingMessage, res: ServerResponse, error: ApiError, started: number, log: RequestLog | undefined): void {
  send(req, res, errorResponse(error), started, log);
  req.resume();
}

/** Is this control request allowed: from a loopback peer, or with the token when there is one? */
function controlCheck(token: string | undefined): (req: IncomingMessage, headers: Record<string, string>) => boolean {
  if (token === undefined) return (req) => isLoopback(req.socket.remoteAddress);
  // Digests, so that the comparison takes the same time whatever the length of the guess.
  const digest = (text: string) => createHash('sha256').update(text).digest();
  const expected = digest(token);
  return (_req, headers) => {
    const given = headers[CONTROL_TOKEN_HEADER];
    return given !== undefined && timingSafeEqual(digest(given), expected);
  };
}

export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

// ---- What node:http answers by itself, with an empty body, unless told otherwise --------

export interface ProtocolErrorOptions {
  log?: RequestLog;
}

/**
 * JSON answers for what never reaches the request listener: requests Node's HTTP parser
 * rejects (400, or 414/431 past maxHeaderSize, 413 for chunk extensions), clients too
 * slow for server.headersTimeout/requestTimeout (408), CONNECT (through dispatch, which
 * routes nothing for it), and Expect headers other than 100-continue (417). serve() sets
 * this up; call it on a server of your own that uses createNodeListener.
 */
export function answerProtocolErrors(server: Server, reference: Dispatcher, options: ProtocolErrorOptions = {}): void {
  const log = options.log;
  server.on('clientError', (err: Error & { code?: string; reason?: unknown; rawPacket?: Buffer }, socket: Duplex) => {
    if (answered.has(socket)) return;
    // As node:http's own handler does (lib/_http_server.js, socketOnError): never write into a response already under way.
    const inFlight = (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent === true) {
      socket.destroy();
      return;
    }
    const error = protocolError(err, server);
    writeRaw(socket, errorResponse(error));
    log?.({ method: '-', path: `(${err.code ?? 'unreadable request'})`, status: error.status, ms: 0 });
  });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    const out = reference.dispatch({ method: req.method ?? 'CONNECT', path: req.url ?? '/', headers: flatHeaders(req) });
    socket.resume(); // the socket has left the HTTP parser: drain what else the client sends
    writeRaw(socket, out);
    log?.({ method: req.method ?? 'CONNECT', path: req.url ?? '/', status: out.status, ms: 0 });
  });
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => refuse(req, res, new ExpectationFailed(), performance.now(), log));
}

function protocolError(err: Error & { code?: string; reason?: unknown; rawPacket?: Buffer }, server: Server): ApiError {
  switch (err.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new RequestTimeout(server.headersTimeout / 1000, server.requestTimeout / 1000);
    case 'HPE_HEADER_OVERFLOW':
      return requestLineOverflow(err.rawPacket) ? new UriTooLong(maxHeaderSize) : new HeadersTooLarge(maxHeaderSize);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ChunkExtensionsTooLarge();
    case 'HPE_PAUSED_H2_UPGRADE':
      return new MalformedRequest('HTTP/2 is not served here, only HTTP/1.1');
    default:
      return new MalformedRequest(typeof err.reason === 'string' ? err.reason : (err.code ?? err.message));
  }
}

/**
 * Did the parser give up inside the request line? The packet it was reading starts
 * with a method and a space, and no line ends within the limit. (A request line
 * trickled in small pieces is not recognised: it gets 431.)
 */
function requestLineOverflow(packet: Buffer | undefined): boolean {
  if (packet === undefined || !/^[A-Za-z]+ /.test(packet.toString('latin1', 0, 32))) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > maxHeaderSize;
}

/** Sockets answered by writeRaw: the parser may report the same error again as the rest arrives. */
const answered = new WeakSet<Duplex>();

/**
 * An answer written straight to a socket that has no ServerResponse. The connection is
 * closed once the client has closed its side (or after a second): closing at once
 * could reset it before the client has read the answer.
 */
function writeRaw(socket: Duplex, out: ApiResponse): void {
  const body = Buffer.from(out.body, 'utf8');
  const headers = { ...out.headers, 'Content-Length': String(body.length), Connection: 'close' };
  const head = [`HTTP/1.1 ${out.status} ${STATUS_CODES[out.status] ?? ''}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  answered.add(socket);
  socket.end(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`, 'latin1'), body]));
  socket.once('end', () => socket.destroy());
  setTimeout(() => socket.destroy(), 1000).unref();
}

export interface ServeOptions extends ListenerOptions {
  /** 0 picks a free port. */
  port: number;
  host: string;
  /** Slow clients: the request line and headers must arrive within this (default 10 s)... */
  headersTimeoutMs?: number;
  /** ...and the whole request within this (default 30 s); else a JSON 408 and the connection closed. */
  requestTimeoutMs?: number;
  /** Connections open at once (default 4096: a thousand waiting long-polls and room to spare); past it, node:http closes new ones unanswered. */
  maxConnections?: number;
}

export const DEFAULT_HEADERS_TIMEOUT_MS = 10_000;
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CONNECTIONS = 4096;

export interface Serving {
  server: Server;
  /** e.g. http://127.0.0.1:9991 (with the port actually bound). */
  url: string;
  close(): Promise<void>;
}

export function serve(reference: Dispatcher, options: ServeOptions): Promise<Serving> {
  const headersTimeout = options.headersTimeoutMs ?? DEFAULT_HEADERS_TIMEOUT_MS;
  const server = createServer(
    {
      headersTimeout,
      requestTimeout: Math.max(headersTimeout, options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS),
      // How often node:http looks for connections past those timeouts (its default: 30 s):
      // a late client is answered at most this long after its timeout.
      connectionsCheckingInterval: Math.min(100, Math.max(10, headersTimeout / 4)),
    },
    createNodeListener(reference, options),
  );
  server.maxConnections = options.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
  answerProtocolErrors(server, reference, options.log ? { log: options.log } : {});
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
