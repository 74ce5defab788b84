/** What a user's words offer the auto model's argument generator, besides quoted strings. */
export type MessageValues = {
  /** Named places: capitalized words after "in", "at", "for", "to", "from", "near", then any other capitalized word not opening a sentence. */
  places: string[];
  /** Numbers as written ("42", "#653", "2.5"), in message order. */
  numbers: number[];
  /** Words that mix letters and digits ("ord_123", "ABC-42"), for id-like fields. */
  ids: string[];
  /** Every word, lowercased, for finding the enum members the message mentions. */
  words: string[];
  /** E-mail addresses ("alice@example.com"). */
  emails: string[];
  /** Web addresses ("https://example.com/docs"). */
  urls: string[];
  /** `owner/name` pairs ("octocat/hello-world"): a repository, a package, a team. */
  pairs: { owner: string; name: string }[];
};

/** A capitalized word; an apostrophe or hyphen only inside it ("Côte-d'Ivoire", not "Lagos'"). */
const NAME = "[A-Z](?:\\p{Ll}|['’-](?=\\p{Ll}))+";
const PLACE_AFTER = new RegExp(`\\b(?:in|at|for|to|from|near|around)\\s+(${NAME}(?:\\s+(?:${NAME}|de|del|la|le|of|upon)){0,3})`, 'gu');
const CAPITALIZED = new RegExp(`(?<![.!?]\\s)(?<!^)\\b(${NAME}(?:\\s+${NAME}){0,2})`, 'gu');
/** Capitalized words that are no place, whatever their position. */
const NOT_PLACES = new Set(['I', 'The', 'Please', 'What', 'When', 'Where', 'Which', 'Who', 'How', 'Then', 'And', 'Also', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday', 'Celsius', 'Fahrenheit']);
const NUMBER = /(?<![\w.])#?(\d+(?:\.\d+)?)(?![\w.]*[A-Za-z_])/g;
const ID = /\b(?=[\w-]*\d)(?=[\w-]*[A-Za-z])[A-Za-z][\w-]*\d[\w-]*\b/g;
const WORD = /[\p{L}\p{N}_-]+/gu;
const EMAIL = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g;
const URL_TEXT = /\bhttps?:\/\/[^\s"'<>)\]]+[^\s"'<>)\].,;:!?]/g;
/** `owner/name`: two name-like parts, neither a path with an extension nor part of a longer path. */
const PAIR = /(?<![\w./-])([A-Za-z0-9][\w.-]*)\/([A-Za-z0-9][\w-]*(?:\.[A-Za-z][\w-]*)?)(?![\w/-])/g;

/** The values in `text` a tool's arguments may take, each kind in the order written. */
export function readMessageValues(text: string): MessageValues {
  // Quoted text is taken as written elsewhere (`extractQuotedValues`), not read for places or numbers.
  const quotedOut = text.replace(/"[^"\n]*"|`[^`\n]*`|(?<!\w)'[^'\n]*'(?!\w)/g, ' ');
  const emails = unique([...quotedOut.matchAll(EMAIL)].map((match) => match[0]));
  const urls = unique([...quotedOut.matchAll(URL_TEXT)].map((match) => match[0]));
  // Addresses are read whole above; their parts are no places, numbers or ids.
  const unquoted = quotedOut.replace(URL_TEXT, ' ').replace(EMAIL, ' ');
  const pairs = [...unquoted.matchAll(PAIR)]
    .filter((match) => !/\.[A-Za-z]{1,5}$/.test(match[2] ?? ''))
    .map((match) => ({ owner: match[1] ?? '', name: match[2] ?? '' }));
  const places: string[] = [];
  const addPlace = (value: string) => {
    const trimmed = value.trim();
    if (!NOT_PLACES.has(trimmed.split(/\s+/)[0] ?? '') && !places.includes(trimmed)) places.push(trimmed);
  };
  for (const match of unquoted.matchAll(PLACE_AFTER)) addPlace(match[1] ?? '');
  for (const match of unquoted.matchAll(CAPITALIZED)) addPlace(match[1] ?? '');
  const numbers = [...unquoted.matchAll(NUMBER)].map((match) => Number(match[1]));
  const ids = [...new Set([...unquoted.matchAll(ID)].map((match) => match[0]))];
  const words = [...new Set([...text.toLowerCase().matchAll(WORD)].map((match) => match[0]))];
  return { places, numbers, ids, words, emails, urls, pairs };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}
