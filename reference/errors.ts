// Errors are values: one small ApiError subclass per failure, thrown by any layer and
// turned into the `{result: "error", msg, code, ...}` envelope in exactly one place
// (http/envelope.ts). This module imports nothing: actions and domain rules raise these
// without knowing that HTTP exists, as zulip/zulip zerver/lib/exceptions.py
// (JsonableError and its subclasses) stands apart from the request layer.

export type ErrorData = Record<string, unknown>;

/** The code of an error whose body has no `code` field (only 405 Method Not Allowed). */
export const NO_CODE = '';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly data: ErrorData = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** 400 BAD_REQUEST: the generic JsonableError. */
export class BadRequest extends ApiError {
  constructor(message: string, data: ErrorData = {}) {
    super(400, 'BAD_REQUEST', message, data);
  }
}

/** 404 with code BAD_REQUEST, as the real server answers for a missing draft, scheduled message, reminder. */
export class NotFoundBadRequest extends ApiError {
  constructor(message: string) {
    super(404, 'BAD_REQUEST', message);
  }
}

/** A required parameter is absent (RequestVariableMissingError). */
export class MissingArgument extends ApiError {
  constructor(name: string) {
    super(400, 'REQUEST_VARIABLE_MISSING', `Missing '${name}' argument`, { var_name: name });
  }
}

/** Both spellings of an aliased parameter were given (RequestConfusingParamsError). */
export class ConfusingArguments extends ApiError {
  constructor(a: string, b: string) {
    super(400, 'REQUEST_CONFUSING_VAR', `Can't decide between '${a}' and '${b}' arguments`, { var_name1: a, var_name2: b });
  }
}

export const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Basic realm="zulip"' };

/** 401 UNAUTHORIZED with the Basic challenge (UnauthorizedError). */
export class Unauthorized extends ApiError {
  constructor(message = 'Not logged in: API authentication or user session required') {
    super(401, 'UNAUTHORIZED', message, {}, WWW_AUTHENTICATE);
  }
}

/** 401 UNAUTHORIZED on the web app's session paths (/json/...): the Session challenge (json_unauthorized(www_authenticate="session")). */
export class SessionUnauthorized extends ApiError {
  constructor() {
    super(401, 'UNAUTHORIZED', 'Not logged in: API authentication or user session required', {}, { 'WWW-Authenticate': 'Session realm="zulip"' });
  }
}

/** 403 CSRF_FAILED: Django's CSRF check refused a web-app request (zerver/middleware.py csrf_failure). */
export class CsrfFailed extends ApiError {
  constructor(reason: string) {
    super(403, 'CSRF_FAILED', `CSRF error: ${reason}`, { reason });
  }
}

/** Key-fetching endpoints keep these codes (REST routes turn them into UNAUTHORIZED). */
export class UserDeactivated extends ApiError {
  constructor() {
    super(401, 'USER_DEACTIVATED', 'Account is deactivated');
  }
}

export class RealmDeactivated extends ApiError {
  constructor() {
    super(401, 'REALM_DEACTIVATED', 'This organization has been deactivated');
  }
}

/** POST /fetch_api_key failures (AuthenticationFailedError and subclasses). */
export class AuthenticationFailed extends ApiError {
  constructor(code = 'AUTHENTICATION_FAILED', message = 'Your username or password is incorrect') {
    super(401, code, message);
  }
}

/** Role checks (OrganizationAdministratorRequiredError and friends). */
export class RoleRequired extends ApiError {
  constructor(message: string) {
    super(400, 'UNAUTHORIZED_PRINCIPAL', message);
  }
}

/** Before feature level 208, a principal that names no usable user (PrincipalError). */
export class PrincipalError extends ApiError {
  constructor(principal: string | number) {
    super(403, 'UNAUTHORIZED_PRINCIPAL', `User not authorized to execute queries on behalf of '${principal}'`, { principal });
  }
}

/** A value the real server's old REQ validators refuse (RequestVariableConversionError). */
export class RequestVariableInvalid extends ApiError {
  constructor(name: string, value: unknown) {
    super(400, 'REQUEST_VARIABLE_INVALID', `Bad value for '${name}': ${String(value)}`, { var_name: name, bad_value: value });
  }
}

/** A group setting's `old` value is not the current one (zerver/lib/exceptions.py). */
export class ExpectationMismatch extends ApiError {
  constructor() {
    super(400, 'EXPECTATION_MISMATCH', "'old' value does not match the expected value.");
  }
}

/** A narrow the server cannot run (BadNarrowOperatorError and friends): `desc` names the part. */
export class BadNarrow extends ApiError {
  constructor(prefix: string, desc: string) {
    super(400, 'BAD_NARROW', `${prefix}: ${desc}`, { desc });
  }
}

/** @all / @everyone in a large channel without can_mention_many_users_group. */
export class StreamWildcardMentionNotAllowed extends ApiError {
  constructor() {
    super(400, 'STREAM_WILDCARD_MENTION_NOT_ALLOWED', 'You do not have permission to use channel wildcard mentions in this channel.');
  }
}

/** An unknown, expired or another user's event queue (zerver/tornado/exceptions.py BadEventQueueIdError). */
export class BadEventQueueId extends ApiError {
  constructor(queueId: string) {
    super(400, 'BAD_EVENT_QUEUE_ID', `Bad event queue ID: ${queueId}`, { queue_id: queueId });
  }
}

export class StreamDoesNotExist extends ApiError {
  constructor(message: string, data: ErrorData) {
    super(400, 'STREAM_DOES_NOT_EXIST', message, data);
  }
}

export class RouteNotFound extends ApiError {
  constructor() {
    super(404, 'BAD_REQUEST', 'Not Found');
  }
}

/**
 * 405, as zerver/lib/response.py json_method_not_allowed: no `code` field (the one
 * error body without one), and HEAD allowed wherever GET is (zerver/lib/rest.py).
 */
export class MethodNotAllowed extends ApiError {
  constructor(allowed: string[]) {
    const methods = allowed.includes('GET') && !allowed.includes('HEAD') ? [...allowed, 'HEAD'] : allowed;
    super(405, NO_CODE, 'Method Not Allowed', { allowed_methods: methods }, { Allow: methods.join(', ') });
  }
}

/**
 * 501: an endpoint the real server documents that Understudy does not serve (yet); never
 * what the real server answers, so a client can tell it from its own mistake (a 404/405).
 */
export class NotImplemented extends ApiError {
  constructor(endpoint: string) {
    super(501, 'NOT_IMPLEMENTED', `Understudy does not emulate ${endpoint} yet`);
  }
}

export class PayloadTooLarge extends ApiError {
  constructor(limit: number) {
    super(413, 'BAD_REQUEST', `Request body too large (limit: ${limit} bytes)`);
  }
}

/** An unexpected exception: a bug in Understudy, never expected behaviour. */
export class InternalError extends ApiError {
  constructor(detail: string) {
    super(500, 'INTERNAL_SERVER_ERROR', 'Internal server error', { understudy_bug: detail });
  }
}
