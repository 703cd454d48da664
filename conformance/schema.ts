// The scenario file format, the target profile and the expectations file, as zod
// schemas. scenarios/README.md is the prose version of this file: keep them in step.
import { z } from 'zod';

export const ROLES = ['owner', 'admin', 'moderator', 'member', 'member2', 'member3', 'guest', 'bot'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What a scenario may need of a target. `manual_clock`: a clock that only control moves
 * (`understudy serve --clock manual`); a scenario with an `advance_clock` step needs it
 * whether or not it says so (scenarioNeeds).
 */
export const CAPABILITIES = ['control', 'jwt_secret', 'manual_clock'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export const CONTROL_ACTIONS = [
  'add_user',
  'set_config',
  'advance_clock',
  'events',
  'push_bouncer',
  'push_seal',
  'push_outbox',
  'push_add_legacy',
  'push_legacy',
  'vidprov_token',
] as const;
export type ControlAction = (typeof CONTROL_ACTIONS)[number];

export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Who sends the request: a profile role, nobody, explicit credentials, or a raw Authorization header. */
export const As = z.union([
  z.enum([...ROLES, 'anonymous']),
  z.strictObject({ email: z.string(), api_key: z.string() }),
  z.strictObject({ authorization: z.string() }),
], { error: `"as" is a role (${ROLES.join(', ')}), "anonymous", {"email", "api_key"} or {"authorization"}` });
export type As = z.infer<typeof As>;

/** Any JSON value; operator objects ({"$type": ...}) are checked by the loader. */
export const Pattern: z.ZodType<unknown> = z.unknown();

export const Length = z.union([
  z.int().min(0),
  z.strictObject({ min: z.int().min(0).optional(), max: z.int().min(0).optional() }),
]);
export type Length = z.infer<typeof Length>;

/** An HTTP status, or a range of them ({"min": 400, "max": 499}: any 4xx). */
export const Status = z.union(
  [z.int().min(100).max(599), z.strictObject({ min: z.int().min(100).max(599).optional(), max: z.int().min(100).max(599).optional() })],
  { error: 'status is an HTTP status from 100 to 599, or a range {"min": 400, "max": 499}' },
);
export type Status = z.infer<typeof Status>;

export const Expect = z.strictObject({
  status: Status.optional(),
  result: z.enum(['success', 'error']).optional(),
  code: z.string().optional(),
  msg: z.string().optional(),
  msg_contains: z.union([z.string(), z.array(z.string())]).optional(),
  json_subset: Pattern.optional(),
  json_paths: z.record(z.string(), Pattern).optional(),
  absent: z.array(z.string()).optional(),
  len: z.record(z.string(), Length).optional(),
  headers: z.record(z.string(), z.union([Pattern, z.null()])).optional(),
  /** The answer's body is exactly these bytes (base64): a downloaded file. */
  body_base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'body_base64 is standard base64').optional(),
  /** The answer's body has this SHA-256 (lower-case hex): a large downloaded file. */
  body_sha256: z.string().regex(/^[0-9a-f]{64}$/, 'body_sha256 is 64 lower-case hex digits').optional(),
});
export type Expect = z.infer<typeof Expect>;

/** Saved variables: name → path into the response JSON (or the control result). */
export const Save = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'variable names are identifiers'), z.string());

const Params = z.record(z.string(), z.unknown());

/**
 * A file sent as a part of a multipart/form-data body: its field name, its file name,
 * its Content-Type (none if left out) and its content, as text (UTF-8) or as base64 bytes.
 */
export const FilePart = z
  .strictObject({
    name: z.string(),
    filename: z.string(),
    content_type: z.string().optional(),
    content: z.string().optional(),
    content_base64: z.string().regex(/^[A-Za-z0-9+/]*={0,2}$/, 'content_base64 is standard base64').optional(),
  })
  .refine((f) => (f.content === undefined) !== (f.content_base64 === undefined), { message: 'a file has "content" or "content_base64", one of them' });
export type FilePart = z.infer<typeof FilePart>;

export const RequestStep = z
  .strictObject({
    note: z.string().optional(),
    as: As,
    method: z.enum(METHODS),
    /** Starts with "/", or with a template (a saved URL such as an upload's) that must expand to one. */
    path: z.string().regex(/^(?:\/|\$\{)/, 'must start with "/" or with a template that gives one'),
    params: Params.optional(),
    /** How a body carries the parameters: form-encoded (the default) or multipart/form-data. */
    encoding: z.enum(['form', 'multipart']).optional(),
    /** Files sent as parts of a multipart/form-data body (after the parameters); the body is multipart whatever `encoding` says. */
    files: z.array(FilePart).optional(),
    headers: z.record(z.string(), z.string()).optional(),
    expect: Expect,
    save: Save.optional(),
  })
  .refine((step) => step.encoding !== 'multipart' || (step.method !== 'GET' && step.method !== 'HEAD'), {
    message: '"encoding": "multipart" is for a body: GET and HEAD send their parameters in the query string',
    path: ['encoding'],
  })
  .refine((step) => step.files === undefined || (step.method !== 'GET' && step.method !== 'HEAD' && step.encoding !== 'form'), {
    message: '"files" go in a multipart/form-data body: not with GET or HEAD, nor with "encoding": "form"',
    path: ['files'],
  });
export type RequestStep = z.infer<typeof RequestStep>;

/** What a control step may expect of its result: the keys of Expect that look at a JSON body. */
export const ControlExpect = Expect.pick({ json_subset: true, json_paths: true, absent: true, len: true });
export type ControlExpect = z.infer<typeof ControlExpect>;

export const ControlStep = z.strictObject({
  note: z.string().optional(),
  control: z.enum(CONTROL_ACTIONS),
  params: Params.optional(),
  expect: ControlExpect.optional(),
  save: Save.optional(),
});
export type ControlStep = z.infer<typeof ControlStep>;

export const Step = z.union([RequestStep, ControlStep]);
export type Step = z.infer<typeof Step>;

export const Scenario = z.strictObject({
  $schema: z.string().optional(),
  id: z.string().regex(/^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)+$/, 'ids look like area/name'),
  what: z.string().min(1),
  source: z.union([z.string(), z.array(z.string())]).optional(),
  needs: z.array(z.enum(CAPABILITIES)).optional(),
  steps: z.array(Step).min(1),
});
export type Scenario = z.infer<typeof Scenario>;

export function isControlStep(step: Step): step is ControlStep {
  return 'control' in step;
}

/** What a scenario needs of its target: what it declares, and the manual clock if it moves the clock. */
export function scenarioNeeds(scenario: Scenario): Capability[] {
  const needs = new Set<Capability>(scenario.needs ?? []);
  if (scenario.steps.some((s) => isControlStep(s) && s.control === 'advance_clock')) needs.add('manual_clock');
  return [...needs];
}

const Credentials = z.union([
  z.strictObject({ email: z.string(), password: z.string(), api_key: z.string().optional() }),
  z.strictObject({ email: z.string(), api_key: z.string() }),
]);
export type Credentials = z.infer<typeof Credentials>;

/**
 * A target profile: where the server is, who the fixture users are, what the target
 * offers. base_url is where the runner goes unless told otherwise (--target); the
 * default realm's profile has none (the in-process reference plays that realm).
 */
export const Profile = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  base_url: z.url().optional(),
  users: z.partialRecord(z.enum(ROLES), Credentials),
  capabilities: z
    .strictObject({
      control: z.boolean().optional(),
      /** Sent in X-Understudy-Control-Token with every control request (a server started with --control-token). */
      control_token: z.string().optional(),
      jwt_secret: z.string().optional(),
    })
    .default({}),
});
export type Profile = z.infer<typeof Profile>;

/** Known divergences of one target: scenario id → reason. May only shrink. */
export const Expectations = z.strictObject({
  $schema: z.string().optional(),
  description: z.string().optional(),
  expected_failures: z.record(z.string(), z.string().min(1)),
});
export type Expectations = z.infer<typeof Expectations>;
