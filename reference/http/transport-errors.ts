// Errors a front door raises before a request reaches dispatch: malformed HTTP, slow
// clients, oversized request lines and headers, refused control requests. They are
// ApiErrors like any other, so their bytes come from envelope.ts too; a front door
// only picks the one that applies.
import { ApiError } from '../errors.ts';

/** 400: the bytes are not an HTTP/1.1 request the server can read. */
export class MalformedRequest extends ApiError {
  constructor(detail: string) {
    super(400, 'BAD_REQUEST', `Malformed HTTP request: ${detail}`);
  }
}

/** 408: the request line and headers, or the whole request, did not arrive in time. */
export class RequestTimeout extends ApiError {
  constructor(headersSeconds: number, requestSeconds: number) {
    super(408, 'BAD_REQUEST', `Request timeout (limits: headers within ${headersSeconds} s, the whole request within ${requestSeconds} s)`);
  }
}

/** 413: chunk extensions past the HTTP parser's limit. */
export class ChunkExtensionsTooLarge extends ApiError {
  constructor() {
    super(413, 'BAD_REQUEST', 'Chunk extensions too large');
  }
}

/** 414: a request line longer than the limit on the request line and headers. */
export class UriTooLong extends ApiError {
  constructor(limit: number) {
    super(414, 'BAD_REQUEST', `URI too long (limit: ${limit} bytes for the request line and headers)`);
  }
}

/** 431: headers past the limit on the request line and headers. */
export class HeadersTooLarge extends ApiError {
  constructor(limit: number) {
    super(431, 'BAD_REQUEST', `Request headers too large (limit: ${limit} bytes for the request line and headers)`);
  }
}

/** 417: an Expect header other than 100-continue. */
export class ExpectationFailed extends ApiError {
  constructor() {
    super(417, 'BAD_REQUEST', 'Expectation failed: only "Expect: 100-continue" is supported');
  }
}

export const CONTROL_TOKEN_HEADER = 'x-understudy-control-token';

/** 403: a test-control request (/_understudy/) from a client the server does not serve it to. */
export class ControlRefused extends ApiError {
  constructor(tokenRequired: boolean) {
    super(
      403,
      'BAD_REQUEST',
      tokenRequired
        ? 'The test-control surface requires the token given with --control-token, in the X-Understudy-Control-Token header'
        : 'The test-control surface is served to loopback clients only (start the server with --control-token to allow others)',
    );
  }
}
