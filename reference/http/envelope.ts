// The one place where results and ApiErrors become the JSON envelope.
// Success: {result: "success", msg: "", ...data, ignored_parameters_unsupported?}.
// Error: {result: "error", msg, code, ...data}. (zulip/zulip zerver/lib/response.py)
import { NO_CODE, type ApiError } from '../errors.ts';
import type { ApiResponse } from './request.ts';

const JSON_HEADERS = { 'Content-Type': 'application/json' };

export function successResponse(data: Record<string, unknown>, ignored: string[]): ApiResponse {
  const json: Record<string, unknown> = { result: 'success', msg: '', ...data };
  if (ignored.length > 0) json['ignored_parameters_unsupported'] = ignored;
  return { status: 200, headers: { ...JSON_HEADERS }, body: JSON.stringify(json), json };
}

export function errorResponse(error: ApiError): ApiResponse {
  const json: Record<string, unknown> = { result: 'error', msg: error.message, ...(error.code === NO_CODE ? {} : { code: error.code }), ...error.data };
  return { status: error.status, headers: { ...JSON_HEADERS, ...error.headers }, body: JSON.stringify(json), json };
}
