// Validation of the JSON-decoded `narrow` parameter, mirroring zerver/lib/narrow.py
// NarrowParameter as typed_endpoint runs it (pydantic, strict mode):
//   1. convert_term (mode="before"): dict or legacy [operator, operand] pair; its
//      ValueErrors are collected like any pydantic error;
//   2. field validation in declaration order: negated (strict bool), operator (strict
//      str), operand (Any);
//   3. validate_terms (mode="after"): the operand validator chosen by the operator *as
//      sent* (aliases are not resolved yet), raising JsonableError, which pydantic does
//      not collect: it escapes at once, even past an earlier element's collected error.
// typed_endpoint reports the first collected error.
import { PARAM_TEXT } from './error-text.ts';
import { NarrowParamError } from './types.ts';

/** A term as the client sent it: operator not yet resolved through the aliases. */
export interface ParsedTerm {
  operator: string;
  operand: string | number | number[];
  negated: boolean;
}

type OperandRule = 'string' | 'string-or-int' | 'string-or-int-list' | 'required-string';

/**
 * validate_terms: operators_supporting_id, operators_supporting_ids,
 * operators_non_empty_operand; everything else must be a string. Keyed by the sent
 * name: `pm_with` and `group_pm_with` are not listed upstream, so they take strings only.
 */
const OPERAND_RULES: Readonly<Record<string, OperandRule>> = {
  channel: 'string-or-int',
  stream: 'string-or-int',
  id: 'string-or-int',
  sender: 'string-or-int',
  'group-pm-with': 'string-or-int',
  'dm-including': 'string-or-int',
  with: 'string-or-int',
  // Newer than the stored narrow.py (FL 446); takes a user like `sender` does.
  mentions: 'string-or-int',
  dm: 'string-or-int-list',
  'pm-with': 'string-or-int-list',
  search: 'required-string',
};

/**
 * Python's isinstance(x, int) for a JSON-decoded value.
 * NOTE: approximation: JSON.parse cannot tell 5 from 5.0 (Python rejects the float),
 * and Python's bool is an int (true would pass upstream as 1); we reject booleans.
 */
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isInteger(value);

function validateOperand(rule: OperandRule, operand: unknown): string | number | number[] {
  if (typeof operand === 'string') {
    if (rule === 'required-string' && operand.trim() === '') throw new NarrowParamError(PARAM_TEXT.operandBlank);
    return operand;
  }
  if (rule === 'string-or-int' && isInt(operand)) return operand;
  if (rule === 'string-or-int-list') {
    if (!Array.isArray(operand)) throw new NarrowParamError(PARAM_TEXT.operandNotStringOrIntList);
    operand.forEach((item, i) => {
      if (!isInt(item)) throw new NarrowParamError(PARAM_TEXT.operandItemNotInt(i));
    });
    return operand as number[];
  }
  throw new NarrowParamError(rule === 'string-or-int' ? PARAM_TEXT.operandNotStringOrInt : PARAM_TEXT.operandNotString);
}

const isDict = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Steps 1 and 2: the shaped term, or the text of a collected pydantic error. */
function shapeElement(element: unknown, index: number): { operator: string; operand: unknown; negated: boolean } | string {
  let operator: unknown;
  let operand: unknown;
  let negated: unknown = false;
  if (Array.isArray(element)) {
    if (element.length !== 2 || element.some((part) => typeof part !== 'string')) {
      return PARAM_TEXT.element(index, PARAM_TEXT.notStringPair);
    }
    [operator, operand] = element;
  } else if (isDict(element)) {
    if (!Object.hasOwn(element, 'operand') || element.operand === null) return PARAM_TEXT.element(index, PARAM_TEXT.operandMissing);
    if (!Object.hasOwn(element, 'operator') || element.operator === null) return PARAM_TEXT.element(index, PARAM_TEXT.operatorMissing);
    operator = element.operator;
    operand = element.operand;
    // A key that is present is validated even when null: only absence takes the default.
    if (Object.hasOwn(element, 'negated')) negated = element.negated;
  } else {
    return PARAM_TEXT.element(index, PARAM_TEXT.dictOrList);
  }
  if (typeof negated !== 'boolean') return PARAM_TEXT.fieldNotBoolean(index, 'negated');
  if (typeof operator !== 'string') return PARAM_TEXT.fieldNotString(index, 'operator');
  return { operator, operand, negated };
}

/**
 * The terms of a JSON-decoded `narrow` list. That it is a list is the endpoint's
 * parameter schema's to check (typed_endpoint's `narrow is not a list`, and GET
 * /messages's null meaning no narrow), before any of this runs.
 */
export function parseNarrowParam(raw: readonly unknown[]): ParsedTerm[] {
  let firstError: string | undefined;
  const terms: ParsedTerm[] = [];
  raw.forEach((element: unknown, index) => {
    const shaped = shapeElement(element, index);
    if (typeof shaped === 'string') {
      firstError ??= shaped;
      return;
    }
    const operand = validateOperand(OPERAND_RULES[shaped.operator] ?? 'string', shaped.operand);
    terms.push({ operator: shaped.operator, operand, negated: shaped.negated });
  });
  if (firstError !== undefined) throw new NarrowParamError(firstError);
  return terms;
}
