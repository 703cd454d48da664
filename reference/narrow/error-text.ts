// Every message the narrow language can answer, in one table, so that a wording fix
// is one edit. Sources: zerver/lib/narrow.py (NarrowParameter, NarrowBuilder,
// update_narrow_terms_containing_with_operator), zerver/lib/validator.py
// (check_string, check_string_or_int, check_string_or_int_list, check_required_string),
// zerver/lib/typed_endpoint.py (ERROR_TEMPLATES, parse_value_for_parameter).

/** Malformed `narrow` parameter: BAD_REQUEST (NarrowParamError). */
export const PARAM_TEXT = {
  /**
   * A ValueError from NarrowParameter.convert_term surfaces as typed_endpoint's
   * value_error template: `Invalid {var_name}: {msg}` with pydantic's "Value error, " prefix.
   * As zerver/tests/test_message_flags.py::test_update_flags_for_narrow_misuse expects.
   */
  element: (index: number, text: string) => `Invalid narrow[${index}]: Value error, ${text}`,
  notStringPair: 'element is not a string pair',
  operandMissing: 'operand is missing',
  operatorMissing: 'operator is missing',
  dictOrList: 'dict or list required',
  /** Pydantic strict field errors: var name is narrow + json.dumps of each loc part. */
  fieldNotString: (index: number, field: string) => `narrow[${index}]["${field}"] is not a string`,
  fieldNotBoolean: (index: number, field: string) => `narrow[${index}]["${field}"] is not a boolean`,
  /** Validator messages, raised as JsonableError from validate_terms: no wrapper. */
  operandNotString: 'operand is not a string',
  operandNotStringOrInt: 'operand is not a string or integer',
  operandNotStringOrIntList: 'operand is not a string or an integer list',
  operandItemNotInt: (index: number) => `operand[${index}] is not an integer`,
  operandBlank: 'operand cannot be blank.',
} as const;

/** BAD_NARROW descs (NarrowError); the envelope prefixes `Invalid narrow operator: `. */
export const NARROW_TEXT = {
  unknownOperator: (operator: string) => `unknown operator ${operator}`,
  unknownHas: (operand: string) => `unknown 'has' operand ${operand}`,
  unknownIn: (operand: string) => `unknown 'in' operand ${operand}`,
  unknownIs: (operand: string) => `unknown 'is' operand ${operand}`,
  unknownChannel: (operand: string) => `unknown channel ${operand}`,
  unknownWebPublicChannel: (operand: string) => `unknown web-public channel ${operand}`,
  unknownChannels: (operand: string) => `unknown channels operand ${operand}`,
  unknownUser: (operand: string) => `unknown user ${operand}`,
  unknownUserIn: (operand: string) => `unknown user in ${operand}`,
  invalidMessageId: 'Invalid message ID',
  channelAndDm: 'No message can be both a channel message and direct message',
  invalidWith: "Invalid 'with' operator",
  /** InvalidOperatorCombinationError: `Invalid narrow operator combination: {desc}`. */
  duplicateWith: "Duplicate 'with' operators.",
} as const;

/** Python's str() of an operand, as the real server formats it into descs. */
export function pythonStr(operand: string | number | number[]): string {
  if (Array.isArray(operand)) return `[${operand.join(', ')}]`;
  return String(operand);
}
