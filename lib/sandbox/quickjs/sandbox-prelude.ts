/**
 * The script evaluated in every sandbox context after Zod. It evaluates to a function
 * `(host, zod, settingsJson) => api`: `host` holds the host functions (sleep, log, settle, files),
 * `api` the entry points the host calls. Everything crossing the boundary is a string, a number
 * or a boolean; results are JSON text parsed by the host. The api object never reaches the
 * global scope, and the builtins it relies on are captured before user code can replace them.
 * Envelope of every api result: `{"ok":true,"value":...}` or `{"ok":false,"failure":{code,message}}`.
 * Validation answers carry Zod's issues as data, never worded here.
 * The declarations users see for `'playground'` are in `playground-types.ts`.
 */
export const SANDBOX_PRELUDE = String.raw`(function (host, zodLib, settingsJson) {
  'use strict';
  var stringify = JSON.stringify;
  var parse = JSON.parse;
  var objectKeys = Object.keys;
  var isArray = Array.isArray;
  var freeze = Object.freeze;
  var promiseThen = Promise.prototype.then;
  var PromiseConstructor = Promise;
  var ErrorConstructor = Error;
  var RealDate = Date;
  var reflectConstruct = Reflect.construct;
  var settings = parse(settingsJson);
  var z = zodLib.z;
  var markers = new WeakMap();
  var tools = [];
  // Distinct "definitions" objects, by identity: a module shares one among many tools, so it is
  // copied out once, not once per tool.
  var definitionSets = [];
  var calls = {};
  var importProblems = [];
  var evaluating = false;
  var clock = 0;
  var randomState = 0;

  // Seeded mulberry32 and a virtual clock that only sleeps advance: replays see the same values.
  function random() {
    randomState = (randomState + 0x6d2b79f5) | 0;
    var t = randomState;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  Math.random = random;
  function SandboxDate() {
    var args = Array.prototype.slice.call(arguments);
    if (!new.target) return new RealDate(clock).toString();
    return reflectConstruct(RealDate, args.length === 0 ? [clock] : args, new.target);
  }
  SandboxDate.prototype = RealDate.prototype;
  SandboxDate.now = function () { return clock; };
  SandboxDate.parse = RealDate.parse;
  SandboxDate.UTC = RealDate.UTC;
  Object.defineProperty(RealDate.prototype, 'constructor', { value: SandboxDate, writable: true, configurable: true });
  globalThis.Date = SandboxDate;

  function isZodSchema(value) {
    return value !== null && typeof value === 'object' && typeof value.safeParse === 'function' && '_zod' in value;
  }
  function isPlainObject(value) {
    return value !== null && typeof value === 'object' && !isArray(value);
  }
  function plain(value) {
    if (value === undefined || value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
    return String(value);
  }
  // Zod's issues as plain data, worded by the host (lib/runtime/validation) like every other
  // validator's: only the fields Zod documents, each a JSON primitive, nested unions included.
  var ISSUE_FIELDS = ['code', 'message', 'expected', 'origin', 'minimum', 'maximum', 'inclusive', 'format', 'pattern', 'divisor', 'note'];
  function plainList(list, read) {
    var out = [];
    for (var i = 0; i < list.length; i++) out.push(read(list[i]));
    return out;
  }
  function pathSegment(key) { return typeof key === 'number' ? key : String(key); }
  function rawIssue(issue) {
    var raw = { path: isArray(issue.path) ? plainList(issue.path, pathSegment) : [] };
    for (var i = 0; i < ISSUE_FIELDS.length; i++) {
      var value = issue[ISSUE_FIELDS[i]];
      if (value !== undefined) raw[ISSUE_FIELDS[i]] = plain(value);
    }
    if (isArray(issue.keys)) raw.keys = plainList(issue.keys, String);
    if (isArray(issue.values)) raw.values = plainList(issue.values, plain);
    if (isArray(issue.options)) raw.options = plainList(issue.options, plain);
    if (isArray(issue.errors)) raw.errors = plainList(issue.errors, function (branch) { return isArray(branch) ? rawIssues(branch) : []; });
    return raw;
  }
  function rawIssues(zodIssues) { return plainList(zodIssues, rawIssue); }
  function describeThrown(value) {
    if (value instanceof ErrorConstructor) {
      var name = String(value.name || 'Error');
      return (name === 'Error' ? '' : name + ': ') + String(value.message);
    }
    var text;
    try { text = stringify(value); } catch (error) { text = undefined; }
    if (text === undefined) text = typeof value === 'symbol' ? value.toString() : String(value);
    return 'Threw a non-Error value: ' + text;
  }
  function failureOf(value) {
    var message = value instanceof ErrorConstructor ? String(value.message) : '';
    if (message === 'out of memory') return { code: 'limit-exceeded', message: 'The tool exceeded the sandbox memory limit of ' + settings.memoryLimitMegabytes + ' MB.' };
    if (message === 'string too long') return { code: 'limit-exceeded', message: 'The tool built a string longer than the sandbox allows.' };
    if (message === 'stack overflow') return { code: 'limit-exceeded', message: 'Maximum call stack size exceeded: is there unbounded recursion?' };
    if (message === 'interrupted') return { code: 'timeout', message: 'The tool was interrupted at its deadline.' };
    return { code: 'threw', message: describeThrown(value) };
  }
  function succeed(value) { return stringify({ ok: true, value: value }); }
  function fail(failure) { return stringify({ ok: false, failure: failure }); }
  function guarded(fn) {
    return function () {
      try { return fn.apply(undefined, arguments); } catch (error) { return fail(failureOf(error)); }
    };
  }

  function defineTool(options) {
    var marker = freeze({ __playgroundTool: true, name: isPlainObject(options) && typeof options.name === 'string' ? options.name : undefined });
    markers.set(marker, { options: isPlainObject(options) ? options : {}, stack: String(new ErrorConstructor().stack) });
    return marker;
  }
  var playgroundModule = freeze({ __esModule: true, defineTool: defineTool });
  function requireModule(name) {
    if (name === 'zod') return zodLib;
    if (name === 'playground') return playgroundModule;
    var message = "Cannot import '" + String(name) + "': tool modules can import only 'zod' and 'playground'.";
    if (!evaluating) throw new ErrorConstructor(message);
    // Reported at the import and evaluation goes on, so the module's other tools still compile.
    importProblems.push({ message: message, stack: String(new ErrorConstructor().stack) });
    return {};
  }

  function convertSchema(schema) {
    if (!isZodSchema(schema)) return { error: 'schema must be a Zod schema such as z.object({...}); for a plain JSON Schema use jsonSchema.' };
    try { return { value: z.toJSONSchema(schema, settings.jsonSchemaOptions) }; }
    catch (error) { return { error: 'z.toJSONSchema cannot represent this schema as JSON Schema: ' + describeThrown(error) }; }
  }
  function copyJson(value, field) {
    try { return { value: parse(stringify(value)) }; }
    catch (error) { return { error: field + ' must be plain JSON data: ' + describeThrown(error) }; }
  }
  function describeTool(record, index) {
    var o = record.options;
    // The plain options as written (settings.plainToolOptions names them); the host checks and defaults them.
    var d = { index: index, stack: record.stack, options: {} };
    for (var i = 0; i < settings.plainToolOptions.length; i++) {
      var option = settings.plainToolOptions[i];
      var value = o[option];
      if (value !== undefined) d.options[option] = plain(value);
    }
    d.hasSchema = o.schema !== undefined;
    d.hasJsonSchema = o.jsonSchema !== undefined;
    d.executeKind = typeof o.execute === 'function' ? 'function' : o.execute === undefined ? 'missing' : 'invalid';
    d.needsApproval = typeof o.needsApproval === 'function' ? 'dynamic' : plain(o.needsApproval);
    if (o.tags !== undefined) d.tags = isArray(o.tags) ? plainList(o.tags, plain) : plain(o.tags);
    d.hasOutputSchema = o.outputSchema !== undefined;
    d.hasDescribeActivity = typeof o.describeActivity === 'function';
    d.hasDescribeCompletedActivity = typeof o.describeCompletedActivity === 'function';
    d.problems = [];
    var converted;
    if (d.hasSchema && !d.hasJsonSchema) converted = convertSchema(o.schema);
    else if (d.hasJsonSchema && !d.hasSchema) converted = isPlainObject(o.jsonSchema) ? copyJson(o.jsonSchema, 'jsonSchema') : { error: 'jsonSchema must be a JSON Schema object.' };
    if (converted && converted.error) d.problems.push(converted.error);
    else if (converted) d.parameters = converted.value;
    if (o.definitions !== undefined) {
      var setIndex = definitionSets.indexOf(o.definitions);
      if (setIndex < 0) { setIndex = definitionSets.length; definitionSets.push(o.definitions); }
      d.definitionsIndex = setIndex;
    }
    if (d.hasOutputSchema && isZodSchema(o.outputSchema)) {
      // Only describes the output (a prefill for typed outputs); validation stays with Zod.
      var outputConverted = convertSchema(o.outputSchema);
      if (outputConverted.value) d.outputParameters = outputConverted.value;
    } else if (d.hasOutputSchema) {
      var output = isPlainObject(o.outputSchema) ? copyJson(o.outputSchema, 'outputSchema') : { error: 'outputSchema must be a Zod schema or a JSON Schema object.' };
      if (output.error) d.problems.push(output.error);
      else d.outputJsonSchema = output.value;
    }
    return d;
  }

  function evaluateModule(factory) {
    var module = { exports: {} };
    var result = { tools: [], problems: [], thrown: null, exportProblem: null };
    evaluating = true;
    try { factory(requireModule, module, module.exports); }
    catch (error) { result.thrown = { message: describeThrown(error), stack: error instanceof ErrorConstructor ? String(error.stack) : '' }; }
    evaluating = false;
    result.problems = importProblems.slice();
    if (result.thrown) return stringify(result);
    var exported = isPlainObject(module.exports) ? module.exports.default : undefined;
    var items = isArray(exported) ? exported : markers.has(exported) ? [exported] : null;
    if (!items) {
      result.exportProblem = 'The module must default-export an array of tools: export default [defineTool({ ... })].';
      return stringify(result);
    }
    for (var i = 0; i < items.length; i++) {
      var record = markers.get(items[i]);
      if (!record) { result.problems.push({ message: 'Item ' + i + ' of the default export was not created with defineTool({ ... }).', stack: '' }); continue; }
      tools.push(record);
      result.tools.push(describeTool(record, tools.length - 1));
    }
    result.definitions = [];
    for (var j = 0; j < definitionSets.length; j++) {
      var set = isPlainObject(definitionSets[j]) ? copyJson(definitionSets[j], 'definitions') : { value: definitionSets[j] };
      if (set.error) result.problems.push({ message: set.error, stack: '' });
      result.definitions.push(set.error ? {} : set.value);
    }
    return stringify(result);
  }

  function optionsAt(index) {
    var record = tools[index];
    if (!record) throw new ErrorConstructor('No tool at index ' + index + '.');
    return record.options;
  }
  function validateArguments(index, argsJson) {
    var parsed = optionsAt(index).schema.safeParse(parse(argsJson));
    if (parsed.success) return succeed({ valid: true, data: parsed.data === undefined ? null : parsed.data });
    return succeed({ valid: false, issues: rawIssues(parsed.error.issues) });
  }
  function evaluateNeedsApproval(index, argsJson) {
    var needsApproval = optionsAt(index).needsApproval;
    return succeed(typeof needsApproval === 'function' ? Boolean(needsApproval(parse(argsJson))) : needsApproval === true);
  }
  function validateOutput(index, valueJson) {
    var outputSchema = optionsAt(index).outputSchema;
    if (!isZodSchema(outputSchema)) return succeed({ issues: [] });
    var parsed = outputSchema.safeParse(parse(valueJson));
    return succeed({ issues: parsed.success ? [] : rawIssues(parsed.error.issues) });
  }
  function describeActivity(index, argsJson) {
    var describe = optionsAt(index).describeActivity;
    return succeed(typeof describe === 'function' ? String(describe(parse(argsJson))) : null);
  }
  function describeCompletedActivity(index, argsJson, outputJson) {
    var describe = optionsAt(index).describeCompletedActivity;
    return succeed(typeof describe === 'function' ? String(describe(parse(argsJson), parse(outputJson))) : null);
  }

  function isToolReturn(value) {
    if (!isPlainObject(value) || !('content' in value)) return false;
    return objectKeys(value).every(function (key) { return key === 'content' || key === 'details' || key === 'endTurn'; });
  }
  function normalizeOutput(options, value) {
    var result;
    if (value === undefined) result = { content: null };
    else if (typeof value === 'string') result = { content: value };
    else if (isToolReturn(value)) result = { content: value.content === undefined ? null : value.content, details: value.details, endTurn: value.endTurn === true ? true : undefined };
    else result = { content: value };
    if (isZodSchema(options.outputSchema)) {
      // The host turns these into the output-invalid failure, worded as every output mismatch is.
      var checked = options.outputSchema.safeParse(result.content);
      if (!checked.success) result.outputIssues = rawIssues(checked.error.issues);
    }
    var json;
    try { json = succeed(result); }
    catch (error) {
      var failure = failureOf(error);
      return fail(failure.code === 'threw' ? { code: 'output-invalid', message: 'The output is not JSON-serializable: ' + describeThrown(error) } : failure);
    }
    if (json.length > settings.outputLimitCharacters) {
      return fail({ code: 'limit-exceeded', message: 'The output is ' + json.length + ' characters as JSON; the limit is ' + settings.outputLimitCharacters + ' (1 MB).' });
    }
    return json;
  }
  function formatLogArguments(args) {
    var parts = [];
    for (var i = 0; i < args.length; i++) {
      var value = args[i];
      if (typeof value === 'string') parts.push(value);
      else if (value instanceof ErrorConstructor) parts.push(describeThrown(value));
      else {
        var text;
        try { text = stringify(value); } catch (error) { text = undefined; }
        parts.push(text === undefined ? String(value) : text);
      }
    }
    return parts.join(' ');
  }
  var files = freeze({
    read: function (path) { var text = host.readFile(String(path)); return typeof text === 'string' ? text : undefined; },
    write: function (path, text) { host.writeFile(String(path), String(text)); },
    list: function () { return parse(host.listFiles()); },
    delete: function (path) { return host.deleteFile(String(path)) === true; },
  });
  function finishCall(token, produce) {
    var text;
    try { text = produce(); } catch (error) { text = fail(failureOf(error)); }
    delete calls[token];
    host.settle(token, text);
  }
  function startCall(index, token, argsJson, callId, timeoutMs) {
    var options = optionsAt(index);
    if (typeof options.execute !== 'function') return fail({ code: 'threw', message: 'This tool has no execute: a person answers its calls.' });
    var signal = { aborted: false };
    calls[token] = signal;
    var ctx = freeze({
      callId: callId, timeoutMs: timeoutMs, signal: signal, files: files,
      sleep: function (ms) {
        var start = clock;
        var wait = Number(ms) > 0 ? Number(ms) : 0;
        return promiseThen.call(host.sleep(token, wait), function () { if (clock < start + wait) clock = start + wait; });
      },
      log: function () { host.log(token, formatLogArguments(arguments)); },
    });
    var pending;
    try { pending = PromiseConstructor.resolve(options.execute(parse(argsJson), ctx)); }
    catch (error) { pending = PromiseConstructor.reject(error); }
    promiseThen.call(pending,
      function (value) { finishCall(token, function () { return normalizeOutput(options, value); }); },
      function (error) { finishCall(token, function () { return fail(failureOf(error)); }); });
    return succeed(null);
  }
  function abortCall(token) {
    var signal = calls[token];
    if (signal) signal.aborted = true;
    delete calls[token];
    return succeed(null);
  }
  function configure(seed, clockStart) {
    randomState = seed | 0;
    clock = clockStart;
    return succeed(null);
  }

  // Zod builds its internals lazily: the first schemas of a context cost ~90 ms. Paying that
  // here, while the context is warmed in the background, keeps it out of compiles and turns.
  (function warmUp() {
    var warm = z.object({
      a: z.string().min(1).max(5).describe('a'), b: z.number().int().min(0).optional(), c: z.boolean().default(false),
      d: z.enum(['x', 'y']), e: z.array(z.object({ f: z.string().nullable() })), g: z.union([z.string(), z.number()]),
      h: z.literal('k'), i: z.record(z.string(), z.number()), j: z.discriminatedUnion('t', [z.object({ t: z.literal('a') }), z.object({ t: z.literal('b') })]),
    });
    z.toJSONSchema(warm, settings.jsonSchemaOptions);
    warm.safeParse({ a: 'x', d: 'x', e: [{ f: null }], g: 1, h: 'k', i: {}, j: { t: 'a' } });
    warm.safeParse({ a: 1 });
  })();

  return freeze({
    evaluateModule: evaluateModule,
    configure: guarded(configure),
    validateArguments: guarded(validateArguments),
    evaluateNeedsApproval: guarded(evaluateNeedsApproval),
    validateOutput: guarded(validateOutput),
    describeActivity: guarded(describeActivity),
    describeCompletedActivity: guarded(describeCompletedActivity),
    startCall: guarded(startCall),
    abortCall: guarded(abortCall),
  });
})`;

/** The entry points of the prelude's api object, called by the host with primitive arguments. */
export type SandboxApiMethod =
  | 'configure'
  | 'validateArguments'
  | 'evaluateNeedsApproval'
  | 'validateOutput'
  | 'describeActivity'
  | 'describeCompletedActivity'
  | 'startCall'
  | 'abortCall';
