/**
 * Function words that say nothing about which tool fits. `find`, `search`, `get` and `list`
 * are not among them: tool names are made of exactly those words.
 */
const STOP_WORDS = new Set(
  (
    'a an the and or but nor then also of to in on at for from by with into onto about as ' +
    'is are was were be been being am it its this that these those me my mine i you your we our ours us they them their ' +
    'please can could would should will shall may might must do does did what which who whom how when where why ' +
    'all some any there here just now tell give let make using use via tool tools'
  ).split(' '),
);

/** Whether a lower-case word is too common to tell tools apart. */
export function isStopWord(word: string): boolean {
  return STOP_WORDS.has(word);
}

/**
 * The one tokenizer of every tool ranking (the runtime's Tool Search and the auto model's
 * choice of tools), for tool text and queries alike: splits camelCase, PascalCase acronyms,
 * snake_case, kebab-case, dotted names and letter/digit runs; lower-cases; drops stop words;
 * folds inflections (see `foldInflection`). A word mixing letters and digits is kept whole as
 * well as split, so `base64` matches both "base64" and "base 64".
 */
export function tokenizeToolText(text: string): string[] {
  const words = text
    .replace(/(\p{Ll}|\p{N})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu}+)(\p{Lu}\p{Ll})/gu, '$1 $2')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u);
  const terms: string[] = [];
  for (const word of words) {
    const parts = /\p{L}/u.test(word) && /\p{N}/u.test(word) ? [word, ...word.split(/(?<=\p{L})(?=\p{N})|(?<=\p{N})(?=\p{L})/u)] : [word];
    for (const part of parts) {
      if (part.length < 2 || isStopWord(part)) continue;
      terms.push(foldInflection(part));
    }
  }
  return terms;
}

/**
 * A light, deterministic English inflection folder, applied to indexed text and queries alike
 * so both sides meet on the same key (which need not be a real word):
 * plurals (`invoices` → `invoic`, `queries` → `queri`, `matches` → `match`, `addresses` →
 * `address`), `-ing`/`-ed` (`invoicing`, `invoiced` → `invoic`; `running` → `run`), a final
 * silent `e` (`invoice` → `invoic`) and a final consonant `y` (`query` → `queri`). Words of up
 * to three letters and words with digits are left alone. It is not a full stemmer: irregular
 * forms (`children`), and a few words ending in `-as` (`alias`), do not fold together; prefix
 * and fuzzy matching in the index catch most of those.
 */
export function foldInflection(word: string): string {
  if (word.length <= 3 || /\p{N}/u.test(word)) return word;
  let folded = foldVerbEnding(foldPlural(word));
  if (folded.length > 3 && folded.endsWith('e')) folded = folded.slice(0, -1);
  if (folded.length > 3 && /[^aeiou]y$/.test(folded)) folded = `${folded.slice(0, -1)}i`;
  return folded;
}

function foldPlural(word: string): string {
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}i`;
  if (word.endsWith('sses') || /(?:x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s') && !/(?:ss|us|is)$/.test(word)) return word.slice(0, -1);
  return word;
}

/** `-ing`/`-ed` only when a stem with a vowel remains, so `string` and `need` stay whole. */
function foldVerbEnding(word: string): string {
  for (const suffix of ['ing', 'ed']) {
    if (!word.endsWith(suffix)) continue;
    const stem = word.slice(0, -suffix.length);
    if (stem.length < 3 || !/[aeiouy]/.test(stem)) return word;
    // `running` → `run`, but `adding` stays `add` and `calling` `call`.
    return /([b-df-hj-kmnp-rtv-y])\1$/.test(stem) && stem.length > 3 ? stem.slice(0, -1) : stem;
  }
  return word;
}
