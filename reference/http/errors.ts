// Errors are values: one small ApiError subclass per failure, turned into the
// `{result: "error", msg, code, ...}` envelope in exactly one place (envelope.ts).
// Mirrors zulip/zulip zerver/lib/exceptions.py (JsonableError and its subclasses).

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
    super(400, 'REQUEST_CONFUSING_VAR', `Can't decide between '${a}' and '${b}' arguments`, { var_name_1: a, var_name_2: b });
  }
}

export const WWW_AUTHENTICATE = { 'WWW-Authenticate': 'Basic realm="zulip"' };

/** 401 UNAUTHORIZED with the Basic challenge (UnauthorizedError). */
export class Unauthorized extends ApiError {
  constructor(message = 'Not logged in: API authentication or user session required') {
    super(401, 'UNAUTHORIZED', message, {}, WWW_AUTHENTICATE);
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
