// What an endpoint knows of a request: its decoded parameters, its path parameters, its
// headers and the authenticated user, plus the World to hand to actions. Endpoints read
// the request here and pass plain data down; nothing below them sees a Ctx.
import { InternalError } from '../errors.ts';
import type { User } from '../state/types.ts';
import type { World } from '../world.ts';
import type { RawParams } from './params.ts';

/** A file part of a multipart/form-data body (Django's request.FILES): its field, its file name, its bytes. */
export interface UploadedFile {
  field: string;
  /** The part's file name, as Django's MultiPartParser.sanitize_file_name leaves it. */
  name: string;
  /** The part's Content-Type header, with its parameters; '' when it has none. */
  contentType: string;
  bytes: Uint8Array;
}

export class Ctx {
  constructor(
    readonly world: World,
    readonly headers: Readonly<Record<string, string>>,
    readonly params: RawParams,
    readonly pathParams: Readonly<Record<string, string>>,
    /** null on routes that admit anonymous callers (see the route table's auth policies). */
    readonly user: User | null,
  ) {}

  /**
   * Set by an endpoint that found nothing to send yet: the queue a long-poll may wait on,
   * and what to answer when it is woken (null: still nothing, wait on).
   */
  /**
   * Set by an endpoint whose answer is not the JSON envelope (a downloaded file, an HTML
   * error page, a redirect): sent as is; the endpoint's return value is then unused.
   */
  rawAnswer: { status: number; headers: Record<string, string>; text?: string; bytes?: Uint8Array } | undefined;

  /** The request's file parts (multipart/form-data), in the body's order. */
  files: readonly UploadedFile[] = [];

  waitOn: { queueId: string; resume: () => Record<string, unknown> | null } | undefined;

  get store(): World['store'] {
    return this.world.store;
  }
  /** The authenticated user. Dispatch authenticates before any endpoint runs, so on a route with auth 'user' this is never missing. */
  get me(): User {
    if (!this.user) throw new InternalError('an endpoint of an anonymous route asked for the caller');
    return this.user;
  }
  nowMs(): number {
    return this.world.nowMs();
  }
  nowSeconds(): number {
    return this.world.nowSeconds();
  }
  /** A path parameter the route pattern declared as {name} (digits only). */
  pathInt(name: string): number {
    return Number(this.pathParams[name]);
  }
}

export type Handler = (ctx: Ctx) => Record<string, unknown>;
