// A small English suffix stripper, so that "run", "runs" and "running" meet, as they
// do under PostgreSQL's english_stem (Snowball) behind zulip.english_us_search.
// It is applied alike to the query and to the messages, so what matters is that
// inflections of one word land on one stem, not that the stem is a real word.
// NOTE: approximation: no irregular forms (ran/run), no derivational suffixes
// (-ness, -ation, -ly), and no hunspell dictionary (zulip.english_us_search consults
// english_us_hunspell before english_stem); some distinct words share a stem
// (hope/hop) and a few inflections miss (use/used).
const VOWEL = /[aeiouy]/;

/** running → runn → run; but keep -ll, -ss, -zz (falling → fall). */
function undouble(word: string): string {
  const last = word.charAt(word.length - 1);
  return word.length >= 4 && last === word.charAt(word.length - 2) && !'lsz'.includes(last) && !VOWEL.test(last) ? word.slice(0, -1) : word;
}

export function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let w = word;
  // Plurals and third person: classes → class, parties → party, cats → cat (not bus, this, glass).
  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('s') && !/(?:ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // Past tense and gerund: tried → try, jumped → jump, hoping → hop (not need, thing).
  // Snowball step 1a: -ied after a single letter keeps its e (tied → tie).
  if (w.endsWith('ied')) w = w.length > 4 ? `${w.slice(0, -3)}y` : w.slice(0, -1);
  else {
    const suffix = w.endsWith('ing') ? 'ing' : w.endsWith('ed') ? 'ed' : '';
    const base = w.slice(0, w.length - suffix.length);
    if (suffix !== '' && base.length >= 3 && VOWEL.test(base)) w = undouble(base);
  }
  // A final silent e, so that hope, hopes, hoped and hoping agree.
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  // party / parties / partied → parti; day stays day.
  if (w.endsWith('y') && w.length > 3 && !VOWEL.test(w.charAt(w.length - 2))) w = `${w.slice(0, -1)}i`;
  return w;
}
