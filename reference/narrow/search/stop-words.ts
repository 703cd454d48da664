// The zulip_english stop-word file that zulip.english_us_search uses
// (puppet/zulip/files/postgresql/zulip_english.stop): PostgreSQL's english.stop (the
// Snowball English stop words) and every other single letter. These words are neither
// indexed nor searched for. A query made only of them matches nothing (an empty tsquery
// matches no tsvector).
export const STOP_WORDS: ReadonlySet<string> = new Set(
  (
    'i me my myself we our ours ourselves you your yours yourself yourselves he him his himself ' +
    'she her hers herself it its itself they them their theirs themselves what which who whom ' +
    'this that these those am is are was were be been being have has had having do does did ' +
    'doing a an the and but if or because as until while of at by for with about against ' +
    'between into through during before after above below to from up down in out on off over ' +
    'under again further then once here there when where why how all any both each few more ' +
    'most other some such no nor not only own same so than too very s t can will just don ' +
    'should now b c d e f g h j k l m n o p q r u v w x y z'
  ).split(' '),
);
