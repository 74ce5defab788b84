import { formatArguments, formatScript, type Preset } from './preset';

const source = `import { z } from 'zod';
import { defineTool } from 'playground';

// The scripted model sends these tools deliberately broken arguments. The runtime repairs
// each one with a named rung of its repair ladder (shown on the call card as raw → repaired),
// and refuses to guess when the text is ambiguous.
export default [
  defineTool({
    name: 'get_weather',
    description: 'Current weather for a city, optionally with a three-day forecast.',
    schema: z.object({
      city: z.string().describe('City name, e.g. "Oslo"'),
      include_forecast: z.boolean().describe('Also return the next three days'),
    }),
    isReadOnly: true,
    describeActivity: (args) => \`Weather in \${args.city}\`,
    execute: async (args, ctx) => {
      await ctx.sleep(40);
      const today = \`\${args.city}: 14 °C, light wind\`;
      return args.include_forecast ? \`\${today}. Next days: 15 °C, 12 °C, 16 °C\` : today;
    },
  }),
  defineTool({
    name: 'current_time',
    description: 'The current time in UTC.',
    schema: z.object({}),
    isReadOnly: true,
    execute: async () => '2025-01-01T12:00:00Z',
  }),
];
`;

const weather = (city: string, includeForecast: boolean) => formatArguments({ city, include_forecast: includeForecast });

const script = formatScript([
  {
    calls: [
      // strip-code-fence
      { name: 'get_weather', arguments: '```json\n' + weather('Oslo', false) + '\n```' },
      // strip-tag-wrapper
      { name: 'get_weather', arguments: '<arguments>' + weather('Lima', true) + '</arguments>' },
      // extract-json-from-prose
      { name: 'get_weather', arguments: 'Sure, here you go: ' + weather('Kyoto', false) + ' Let me know if you need more.' },
      // unwrap-double-encoded
      { name: 'get_weather', arguments: JSON.stringify(weather('Quito', false)) },
      // fix-syntax: a trailing comma
      { name: 'get_weather', arguments: '{"city": "Cairo", "include_forecast": true,}' },
      // fix-syntax: Python literals and single quotes
      { name: 'get_weather', arguments: "{'city': 'Perth', 'include_forecast': True}" },
      // close-truncated: the closing brace never arrived
      { name: 'get_weather', arguments: '{"city": "Reykjavik", "include_forecast": false' },
      // empty-to-object: no arguments at all for a tool that takes none
      { name: 'current_time', arguments: '' },
      // Refused: two different objects; the ladder will not pick one
      { name: 'get_weather', arguments: weather('Oslo', false) + weather('Bergen', true) },
    ],
  },
  {
    text: 'One call was refused, so I will retry Bergen on its own.',
    calls: [{ name: 'get_weather', arguments: weather('Bergen', true) }],
  },
  { text: 'Weather collected for eight cities.' },
]);

/** Each rung of the repair ladder, staged by the scripted model, and one refusal. */
export const repairLadderPreset: Preset = {
  id: 'repair-ladder',
  title: 'The repair ladder',
  summary:
    'Eight malformed argument strings, each fixed by a named rung (code fence, tag wrapper, prose, double encoding, syntax, truncation, empty), and one refused because it holds two different objects.',
  source,
  script,
  model: { provider: 'scripted' },
  message: 'What is the weather in Oslo, Lima, Kyoto, Quito, Cairo, Perth, Reykjavik and Bergen? And what time is it?',
  permissionMode: 'auto',
  mode: 'chat',
};
