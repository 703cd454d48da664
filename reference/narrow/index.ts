// The narrow language's public surface, for the messages endpoint.
export { compileNarrow, type CompileOptions } from './compile-narrow.ts';
export {
  NarrowError,
  NarrowParamError,
  TOPIC_POLICY,
  type CompiledNarrow,
  type Highlight,
  type NarrowChannel,
  type NarrowEnv,
  type Source,
  type Term,
} from './types.ts';
export { indexedStems } from './search/search-operator.ts';
export { parseNarrowParam, type ParsedTerm } from './parse-narrow-param.ts';
export { isSpectatorCompatible, isWebPublicNarrow, withoutInHome } from './spectator.ts';
