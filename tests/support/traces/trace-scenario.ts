/**
 * A tool of a fixture run: its definition and what it does (a throw is a failed call). `annotations`
 * go into its recorded definition (MCP's readOnlyHint / destructiveHint); `offered: false` keeps it
 * out of the recorded definitions, though the app runs its calls.
 */
export type FixtureTool = { name: string; description: string; parameters: Record<string, unknown>; execute: (args: Record<string, unknown>) => unknown; annotations?: Record<string, boolean>; offered?: false };

/**
 * What the fixture's model answers on one step: text, calls (several at once are parallel calls), or
 * both. A call's `text` is its arguments as the model wrote them, when not `args` as JSON.
 */
export type FixtureStep = { text?: string; calls?: { id: string; name: string; args: Record<string, unknown>; text?: string }[] };

/** One agent run, made by each library's own loop against a model that answers `steps` in order. */
export type TraceScenario = { system?: string; prompt: string; tools: FixtureTool[]; steps: FixtureStep[] };

const weather: FixtureTool = {
  name: 'get_weather',
  description: 'Current weather for a city.',
  parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
  execute: (args) => {
    if (args.city === 'Atlantis') throw new Error('No station in Atlantis.');
    return { city: args.city, celsius: args.city === 'Paris' ? 18 : 24 };
  },
};

const advice: FixtureTool = {
  name: 'suggest_outfit',
  description: 'What to wear at a temperature.',
  parameters: { type: 'object', properties: { celsius: { type: 'number' } }, required: ['celsius'], additionalProperties: false },
  execute: (args) => (Number(args.celsius) > 20 ? 'A T-shirt.' : 'A light jacket.'),
};

/** Two parallel calls (one of them fails), then a call that reads a result, then the answer. */
export const WEATHER_SCENARIO: TraceScenario = {
  system: 'You are a terse travel assistant.',
  prompt: 'Weather in Paris and Atlantis, and what should I wear in Paris?',
  tools: [weather, advice],
  steps: [
    {
      calls: [
        { id: 'call_paris', name: 'get_weather', args: { city: 'Paris' } },
        { id: 'call_atlantis', name: 'get_weather', args: { city: 'Atlantis' } },
      ],
    },
    { text: 'Paris is 18 °C; Atlantis has no station.', calls: [{ id: 'call_outfit', name: 'suggest_outfit', args: { celsius: 18 } }] },
    { text: 'Paris: 18 °C, wear a light jacket. Atlantis: no data.' },
  ],
};

/** A user message that continues a scenario's conversation, and what the model answers to it; `alone`: the app sends it without the conversation so far. */
export type FollowUp = { prompt: string; steps: FixtureStep[]; alone?: boolean };

/** A second user message after `WEATHER_SCENARIO`: one call, then the answer. */
export const WEATHER_FOLLOW_UP: FollowUp = {
  prompt: 'And in Rome?',
  steps: [{ calls: [{ id: 'call_rome', name: 'get_weather', args: { city: 'Rome' } }] }, { text: 'Rome: 24 °C, a T-shirt.' }],
};

/**
 * An app that ran four calls the runtime handles otherwise, all from one response: arguments its
 * schema rejects, arguments in Python quotes (repaired), a tool it never offered, a destructive tool
 * (the gate asks).
 */
export const LENIENT_APP: TraceScenario = {
  prompt: 'Weather in Oslo, the forecast, and cancel booking B1.',
  tools: [
    {
      name: 'get_weather',
      description: 'Current weather for a city.',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false },
      execute: (args) => ({ city: args.city, celsius: 7 }),
    },
    { name: 'forecast', description: 'Tomorrow.', parameters: { type: 'object', properties: {} }, execute: () => 'Sunny.', offered: false },
    {
      name: 'cancel_booking',
      description: 'Cancels a booking.',
      parameters: { type: 'object', properties: { booking: { type: 'string' } }, required: ['booking'] },
      execute: () => 'Cancelled.',
      annotations: { destructiveHint: true },
    },
  ],
  steps: [
    {
      calls: [
        { id: 'call_number', name: 'get_weather', args: { city: 42 } },
        { id: 'call_quotes', name: 'get_weather', args: { city: 'Oslo' }, text: "{'city': 'Oslo'}" },
        { id: 'call_hidden', name: 'forecast', args: {} },
        { id: 'call_cancel', name: 'cancel_booking', args: { booking: 'B1' } },
      ],
    },
    { text: 'Oslo is 7 °C, sunny tomorrow; B1 is cancelled.' },
  ],
};
