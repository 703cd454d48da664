// Language aliases → Pygments lexer names, for the data-code-language attribute
// (zerver/lib/markdown/fenced_code.py: find_lexer_class_by_name(lang).name; a
// language Pygments does not know keeps the user's spelling, lowercased).
// NOTE: approximation: a subset of Pygments' lexers, the ones people use in chat.

const LEXERS: Readonly<Record<string, readonly string[]>> = {
  Python: ['python', 'py', 'sage', 'python3', 'py3', 'bazel', 'starlark'],
  'Python 2.x': ['python2', 'py2'],
  'Python console session': ['pycon', 'python-console'],
  JavaScript: ['javascript', 'js'],
  TypeScript: ['typescript', 'ts'],
  JSX: ['jsx', 'react'],
  JSON: ['json', 'json-object'],
  Java: ['java'],
  Kotlin: ['kotlin'],
  Scala: ['scala'],
  C: ['c'],
  'C++': ['cpp', 'c++'],
  'C#': ['csharp', 'c#', 'cs'],
  'Objective-C': ['objective-c', 'objectivec', 'obj-c', 'objc'],
  Go: ['go', 'golang'],
  Rust: ['rust', 'rs'],
  Ruby: ['ruby', 'rb', 'duby'],
  PHP: ['php', 'php3', 'php4', 'php5'],
  Perl: ['perl', 'pl'],
  Lua: ['lua'],
  Haskell: ['haskell', 'hs'],
  Elixir: ['elixir', 'ex', 'exs'],
  Erlang: ['erlang'],
  Clojure: ['clojure', 'clj'],
  Dart: ['dart'],
  Swift: ['swift'],
  Bash: ['bash', 'sh', 'ksh', 'zsh', 'shell', 'openrc'],
  'Bash Session': ['console', 'shell-session'],
  PowerShell: ['powershell', 'pwsh', 'posh', 'ps1', 'psm1'],
  SQL: ['sql'],
  HTML: ['html'],
  XML: ['xml'],
  CSS: ['css'],
  YAML: ['yaml'],
  TOML: ['toml'],
  INI: ['ini', 'cfg', 'dosini'],
  Docker: ['docker', 'dockerfile'],
  Makefile: ['make', 'makefile', 'mf', 'bsdmake'],
  Diff: ['diff', 'udiff'],
  Markdown: ['markdown', 'md'],
  TeX: ['tex', 'latex'],
  'Text only': ['text'],
};

const BY_ALIAS: ReadonlyMap<string, string> = new Map(
  Object.entries(LEXERS).flatMap(([name, aliases]) => aliases.map((alias) => [alias, name] as const)),
);

/** The canonical name for a (lowercased) fence language. */
export function languageName(lang: string): string {
  return BY_ALIAS.get(lang) ?? lang;
}
