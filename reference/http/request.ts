// The types every front door translates to and from.
import type { RawBody, RawQuery } from './body.ts';

export interface ApiRequest {
  method: string;
  /** e.g. /api/v1/users; may carry a ?query string. */
  path: string;
  /** Query parameters, as an object or a query string. */
  query?: RawQuery;
  /** Body parameters as an object, or the raw body (form-urlencoded or multipart, per Content-Type). */
  body?: RawBody;
  headers?: Record<string, string>;
}

export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** The JSON text sent on the wire: the same bytes through every front door (or another text: an HTML error page of GET /user_uploads/...). */
  body: string;
  /**
   * A binary answer (a downloaded file, GET /user_uploads/...): every front door sends
   * these bytes instead of `body`, which is then empty, as `json` is.
   */
  bytes?: Uint8Array;
  /** The parsed body, for in-process callers. */
  json: Record<string, unknown>;
  /**
   * Set on a GET /events that found nothing and may wait (dont_block false): the body is
   * an empty `events` list, and an async front door should instead wait for the queue
   * (Reference.wait) and send what that gives. The synchronous dispatch never waits.
   */
  wait?: LongPollWait;
  /**
   * A `latency` fault (control.addFault): the async front doors send the answer only when
   * the world's clock reaches this instant (a manual clock: when advanced past it). The
   * synchronous dispatch answers at once.
   */
  delayUntilMs?: number;
  /**
   * A `disconnect` fault: there is no answer, the connection is dropped (status 0, empty
   * body). fetch's `handle` rejects with a TypeError as fetch does on a network error, msw
   * answers `Response.error()`, node:http destroys the socket.
   */
  disconnect?: true;
}

export interface LongPollWait {
  queueId: string;
  /** When a heartbeat ends the wait if nothing came (the world's clock, milliseconds). */
  deadlineMs: number;
  /** The answer once the queue has news (null: it has none yet), without dispatching the request again. */
  resume(): ApiResponse | null;
}
