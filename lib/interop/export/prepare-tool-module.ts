import { err, ok, type Result } from '@/lib/runtime';
import { isPlaygroundExport, MODULE_TOOLS_NAME, PLAYGROUND_SHIM_NAMES } from './render-playground-shim';
import { readStringToken, scanModuleSource, type SourceToken } from './scan-module-source';

/** One name a module imports from `'playground'`, and what it calls it. */
export type PlaygroundImport = { imported: string; local: string };

/** A tool module taken apart to be carried into an exported file. */
export type ToolModuleParts = {
  /** The module's `import … from 'zod'` statements, verbatim, in order. */
  zodImports: string[];
  /** What it imports from `'playground'` (values and types alike). */
  playgroundImports: PlaygroundImport[];
  /** The module as written, its imports taken out and its default export bound to `const playgroundTools`. */
  body: string;
  /** Every name the module mentions (not member names or property keys): the export declares none of them. */
  identifiers: ReadonlySet<string>;
  /** The names the module exports itself. */
  exportedNames: ReadonlySet<string>;
};

/** Why a module cannot be carried over safely; `message` completes "Execute bodies are stubs: …". */
export type ModulePreparationError = {
  code: 'unscannable' | 'no-default-export' | 'foreign-import' | 'unsupported-import' | 'name-taken';
  message: string;
};

type Edit = { start: number; end: number; text: string };
type Failure = { ok: false; error: ModulePreparationError };

const CARRIED_MODULES = new Set(['zod', 'playground']);

/**
 * Takes a tool module apart for an export: finds its top-level imports and its default export
 * (`export default …` or `export { name as default }`) with `scanModuleSource`, so strings,
 * template literals, regular expressions and comments never count. Everything else stays as
 * written. Fails when the module imports anything but `'zod'` and `'playground'` (what the
 * sandbox allows), has no default export, or already uses a name the shim declares.
 */
export function prepareToolModule(source: string): Result<ToolModuleParts, ModulePreparationError> {
  const scanned = scanModuleSource(source);
  if (!scanned.ok) return fail('unscannable', `the module could not be read safely (${scanned.error.message} at line ${scanned.error.line}).`);
  const tokens = scanned.value;
  const edits: Edit[] = [];
  const zodImports: string[] = [];
  const playgroundImports: PlaygroundImport[] = [];
  const exportedNames = new Set<string>();
  const defaults: DefaultExport[] = [];
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index]!;
    if (token.kind !== 'identifier' || tokens[index - 1]?.text === '.') continue;
    if (token.text === 'import' && tokens[index + 1]?.text === '(') return fail('unsupported-import', 'the module loads a module with import(…), which the export cannot carry over.');
    if (token.depth !== 0) continue;
    if (token.text === 'import' && tokens[index + 1]?.text !== '.') {
      const statement = readImport(tokens, index);
      if (!statement.ok) return statement;
      const { last, specifier, clause } = statement.value;
      if (!CARRIED_MODULES.has(specifier)) return fail('foreign-import', `the module imports '${specifier}'; only imports of 'playground' and 'zod' can be carried over.`);
      const text = source.slice(token.start, tokens[last]!.end);
      if (specifier === 'zod') zodImports.push(text);
      else {
        const names = readPlaygroundClause(clause);
        if (!names.ok) return names;
        playgroundImports.push(...names.value);
      }
      edits.push(removal(source, token.start, tokens[last]!.end));
      index = last;
    } else if (token.text === 'export') {
      const statement = readExport(source, tokens, index);
      if (!statement.ok) return statement;
      const { last, names, defaultExport, edit } = statement.value;
      for (const name of names) exportedNames.add(name);
      if (defaultExport) defaults.push(defaultExport);
      if (edit) edits.push(edit);
      index = last;
    }
  }
  if (defaults.length === 0) return fail('no-default-export', 'the module has no default export of its tools (export default [defineTool({ … })]).');
  if (defaults.length > 1) return fail('no-default-export', 'the module has more than one default export.');
  const identifiers = listMentionedNames(tokens);
  const taken = [...PLAYGROUND_SHIM_NAMES].filter((name) => identifiers.has(name));
  if (taken.length > 0) return fail('name-taken', `the module uses ${taken.map((name) => `\`${name}\``).join(', ')}, which the export needs for its own code.`);
  let body = applyEdits(source, edits).replace(/^\s*\n/, '').trimEnd();
  const defaultExport = defaults[0];
  if (defaultExport?.kind === 'binding') body += `\n\nconst ${MODULE_TOOLS_NAME} = ${defaultExport.name};`;
  return ok({ zodImports, playgroundImports, body: `${body}\n`, identifiers, exportedNames });
}

/**
 * The identifiers a module mentions, leaving out member names (`a.name`) and property keys
 * (`{ name: … }`, `, name: …`), which cannot clash with a declaration. Over-counting only renames.
 */
function listMentionedNames(tokens: readonly SourceToken[]): Set<string> {
  const names = new Set<string>();
  tokens.forEach((token, index) => {
    if (token.kind !== 'identifier') return;
    const previous = tokens[index - 1]?.text;
    if (previous === '.' || ((previous === '{' || previous === ',') && tokens[index + 1]?.text === ':')) return;
    names.add(token.text);
  });
  return names;
}

function fail(code: ModulePreparationError['code'], message: string): Failure {
  return err({ code, message });
}

/** `import … from '…'` (with attributes and a semicolon) from `index`, its clause and its module. */
function readImport(tokens: readonly SourceToken[], index: number): Result<{ last: number; specifier: string; clause: SourceToken[] }, ModulePreparationError> {
  let from = index;
  if (tokens[index + 1]?.kind !== 'string') {
    from = index + 1;
    while (!(tokens[from]?.text === 'from' && tokens[from]?.depth === 0 && tokens[from + 1]?.kind === 'string')) {
      const token = tokens[from];
      if (!token || (token.depth === 0 && (token.text === ';' || token.text === '='))) {
        return fail('unsupported-import', 'the module has an import the export cannot carry over (import … = …, or one without a module name).');
      }
      from += 1;
    }
  }
  const specifier = tokens[from + 1]!;
  let last = from + 1;
  if ((tokens[last + 1]?.text === 'with' || tokens[last + 1]?.text === 'assert') && tokens[last + 2]?.text === '{') last = findClosing(tokens, last + 2);
  if (tokens[last + 1]?.text === ';') last += 1;
  return ok({ last, specifier: readStringToken(specifier), clause: tokens.slice(index + 1, from === index ? index + 1 : from) });
}

/** The names of `{ defineTool, type ToolContext as Context }`, with or without a leading `type`. */
function readPlaygroundClause(clause: readonly SourceToken[]): Result<PlaygroundImport[], ModulePreparationError> {
  if (clause.length === 0) return ok([]);
  const start = clause[0]?.text === 'type' && clause[1]?.text === '{' ? 1 : 0;
  if (clause[start]?.text !== '{' || clause.at(-1)?.text !== '}') {
    return fail('unsupported-import', "the module imports 'playground' as a whole or by default; only named imports (import { defineTool } from 'playground') can be carried over.");
  }
  const imports: PlaygroundImport[] = [];
  for (const specifier of splitList(clause.slice(start + 1, -1))) {
    // `type X`, `type X as Y`: an even length means the first word is the `type` modifier.
    const words = specifier.length % 2 === 0 ? specifier.slice(1) : specifier;
    const first = words[0];
    if (!first) continue;
    const imported = first.kind === 'string' ? readStringToken(first) : first.text;
    if (!isPlaygroundExport(imported)) return fail('unsupported-import', `the module imports ${imported} from 'playground', which has no such export.`);
    imports.push({ imported, local: words[2]?.text ?? imported });
  }
  return ok(imports);
}

/** How a module default-exports its tools: in place (`export default …`) or by naming a binding. */
type DefaultExport = { kind: 'in-place' } | { kind: 'binding'; name: string };
type ExportStatement = { last: number; names: string[]; defaultExport?: DefaultExport; edit?: Edit };

/** One top-level `export …` from `index`: what it exports, and the edit a default export needs. */
function readExport(source: string, tokens: readonly SourceToken[], index: number): Result<ExportStatement, ModulePreparationError> {
  const token = tokens[index]!;
  const next = tokens[index + 1];
  if (next?.text === 'default') {
    if (tokens[index + 2]?.text === 'interface') return fail('no-default-export', 'the module default-exports an interface, not its tools.');
    return ok({ last: index + 1, names: [], defaultExport: { kind: 'in-place' }, edit: { start: token.start, end: next.end, text: `const ${MODULE_TOOLS_NAME} =` } });
  }
  if (next?.text === '=') return fail('no-default-export', 'the module uses export =, not a default export of its tools.');
  if (next?.text === '{' || next?.text === '*') {
    const close = next.text === '{' ? findClosing(tokens, index + 1) : index + 1;
    const fromModule = tokens[close + 1]?.text === 'from' ? tokens[close + 2] : undefined;
    if (fromModule) {
      const specifier = readStringToken(fromModule);
      if (specifier !== 'zod') return fail(specifier === 'playground' ? 'unsupported-import' : 'foreign-import', `the module re-exports from '${specifier}', which the export cannot carry over.`);
      return ok({ last: close + 2, names: next.text === '{' ? listExportedNames(tokens.slice(index + 2, close)) : [] });
    }
    const specifiers = splitList(tokens.slice(index + 2, close));
    const kept = specifiers.filter((words) => words.at(-1)?.text !== 'default');
    const defaultSpecifier = specifiers.find((words) => words.at(-1)?.text === 'default');
    const names = listExportedNames(tokens.slice(index + 2, close));
    const last = tokens[close + 1]?.text === ';' ? close + 1 : close;
    if (!defaultSpecifier) return ok({ last, names });
    const bound = (defaultSpecifier.length % 2 === 0 ? defaultSpecifier.slice(1) : defaultSpecifier)[0]?.text ?? '';
    const rest = kept.map((words) => source.slice(words[0]!.start, words.at(-1)!.end)).join(', ');
    const edit = kept.length === 0 ? removal(source, token.start, tokens[last]!.end) : { start: token.start, end: tokens[last]!.end, text: `export { ${rest} };` };
    return ok({ last, names: names.filter((name) => name !== 'default'), defaultExport: { kind: 'binding', name: bound }, edit });
  }
  return ok({ last: index, names: readDeclaredName(tokens, index + 1) });
}

/** The name of `export const x`, `export async function x`, `export abstract class X`, `export enum X`. */
function readDeclaredName(tokens: readonly SourceToken[], index: number): string[] {
  let at = index;
  while (tokens[at]?.text === 'declare' || tokens[at]?.text === 'async' || tokens[at]?.text === 'abstract') at += 1;
  const keyword = tokens[at]?.text;
  if (keyword === 'type' || keyword === 'interface') return [];
  if (tokens[at + 1]?.text === '*') at += 1;
  const name = tokens[at + 1];
  return name?.kind === 'identifier' ? [name.text] : [];
}

function listExportedNames(specifierTokens: readonly SourceToken[]): string[] {
  return splitList(specifierTokens)
    .map((words) => words.at(-1))
    .filter((word): word is SourceToken => word !== undefined)
    .map((word) => (word.kind === 'string' ? readStringToken(word) : word.text));
}

/** Splits the tokens between braces at their top-level commas. */
function splitList(inner: readonly SourceToken[]): SourceToken[][] {
  const depth = inner[0]?.depth ?? 0;
  const items: SourceToken[][] = [[]];
  for (const token of inner) {
    if (token.text === ',' && token.depth === depth) items.push([]);
    else items.at(-1)!.push(token);
  }
  return items.filter((item) => item.length > 0);
}

/** The index of the bracket closing the one at `index` (brackets share their depth). */
function findClosing(tokens: readonly SourceToken[], index: number): number {
  const depth = tokens[index]?.depth;
  for (let at = index + 1; at < tokens.length; at += 1) {
    if (tokens[at]?.depth === depth && tokens[at]?.kind === 'punctuator') return at;
  }
  return tokens.length - 1;
}

/** Removes `start…end` and, when nothing else is on its line, the rest of that line. */
function removal(source: string, start: number, end: number): Edit {
  const rest = /^[ \t]*(?:\r?\n|$)/.exec(source.slice(end));
  return { start, end: end + (rest ? rest[0].length : 0), text: '' };
}

function applyEdits(source: string, edits: readonly Edit[]): string {
  let text = source;
  for (const edit of [...edits].sort((a, b) => b.start - a.start)) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return text;
}
