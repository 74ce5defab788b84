import type { GroupSummary, PassRate } from '@/lib/evaluation';
import { formatPercent } from '@/lib/evaluation';
import { colourOfModel, describeGroup, listModels } from './group-palette';

export type PassKChartProps = {
  groups: readonly GroupSummary[];
  /** The assertion to plot (its index), or `all` for every assertion holding. */
  assertion: number | 'all';
  label: string;
};

const WIDTH = 560;
const HEIGHT = 220;
const MARGIN = { top: 12, right: 16, bottom: 34, left: 44 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;

/** pass^k for k = 1…N, one line per model × variant (A dashed), as plain SVG, with the numbers at a few k below it. */
export function PassKChart({ groups, assertion, label }: PassKChartProps) {
  const lines = groups.flatMap((group) => {
    const rate = assertion === 'all' ? group.allAssertions : group.assertions[assertion];
    return rate ? [{ group, rate }] : [];
  });
  if (lines.length === 0) return null;
  const models = listModels(groups);
  const maxK = Math.max(...lines.map((line) => line.rate.runs));
  const x = (k: number) => MARGIN.left + (maxK === 1 ? PLOT_WIDTH / 2 : ((k - 1) / (maxK - 1)) * PLOT_WIDTH);
  const y = (value: number) => MARGIN.top + (1 - value) * PLOT_HEIGHT;
  const kTicks = chooseKTicks(maxK);
  return (
    <figure data-testid="pass-k-chart" className="space-y-2">
      <figcaption className="text-xs font-medium">
        pass^k of “{label}”: the chance that all k of k runs pass
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`pass^k of ${label} for k = 1 to ${maxK}`} className="w-full max-w-[640px] text-fg-muted">
        {[0, 0.25, 0.5, 0.75, 1].map((value) => (
          <g key={value}>
            <line x1={MARGIN.left} x2={WIDTH - MARGIN.right} y1={y(value)} y2={y(value)} stroke="currentColor" strokeOpacity={value === 0 ? 0.5 : 0.15} />
            <text x={MARGIN.left - 6} y={y(value) + 3.5} textAnchor="end" fontSize={11} fill="currentColor">
              {value * 100}%
            </text>
          </g>
        ))}
        {kTicks.map((k) => (
          <text key={k} x={x(k)} y={HEIGHT - MARGIN.bottom + 15} textAnchor="middle" fontSize={11} fill="currentColor">
            {k}
          </text>
        ))}
        <text x={MARGIN.left + PLOT_WIDTH / 2} y={HEIGHT - 4} textAnchor="middle" fontSize={11} fill="currentColor">
          k (tries that must all pass)
        </text>
        {lines.map(({ group, rate }) => (
          <PassKLine key={describeGroup(group)} group={group} rate={rate} colour={colourOfModel(models, group.model)} x={x} y={y} />
        ))}
      </svg>
      <PassKTable lines={lines} kTicks={kTicks} colours={(model) => colourOfModel(models, model)} />
    </figure>
  );
}

type PassKLineProps = { group: GroupSummary; rate: PassRate; colour: string; x: (k: number) => number; y: (value: number) => number };

function PassKLine({ group, rate, colour, x, y }: PassKLineProps) {
  const points = rate.passHatK.map((value, index) => `${x(index + 1).toFixed(1)},${y(value).toFixed(1)}`).join(' ');
  return (
    <g data-testid="pass-k-line" data-group={describeGroup(group)}>
      <polyline points={points} fill="none" stroke={colour} strokeWidth={2} strokeDasharray={group.variant === 'A' ? '6 4' : undefined} />
      {rate.passHatK.length <= 30 &&
        rate.passHatK.map((value, index) => (
          <circle key={index} cx={x(index + 1)} cy={y(value)} r={2.5} fill={colour}>
            <title>{`${describeGroup(group)}: pass^${index + 1} = ${formatPercent(value)}`}</title>
          </circle>
        ))}
    </g>
  );
}

type PassKTableProps = { lines: Array<{ group: GroupSummary; rate: PassRate }>; kTicks: number[]; colours: (model: string) => string };

/** The plotted numbers at the labelled k, so nobody has to read values off the lines. */
function PassKTable({ lines, kTicks, colours }: PassKTableProps) {
  return (
    <table data-testid="pass-k-table" className="w-full max-w-[640px] text-left font-mono text-[11px] tabular-nums">
      <thead className="text-fg-muted">
        <tr>
          <th className="py-0.5 pr-3 font-sans font-medium">model · variant</th>
          {kTicks.map((k) => (
            <th key={k} className="px-1.5 text-right font-medium">
              pass^{k}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {lines.map(({ group, rate }) => (
          <tr key={describeGroup(group)} data-testid="pass-k-row" data-group={describeGroup(group)} className="border-t border-border">
            <td className="py-0.5 pr-3 font-sans">
              <span aria-hidden className="mr-1.5 inline-block h-0.5 w-4 align-middle" style={{ background: colours(group.model), opacity: group.variant === 'A' ? 0.6 : 1 }} />
              {describeGroup(group)}
            </td>
            {kTicks.map((k) => (
              <td key={k} className="px-1.5 text-right">
                {k <= rate.runs ? formatPercent(rate.passHatK[k - 1] ?? 0) : '–'}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** 1, the last k, and up to four round values between them. */
function chooseKTicks(maxK: number): number[] {
  const step = [1, 2, 5, 10, 20, 25, 50].find((candidate) => maxK / candidate <= 5) ?? 50;
  const ticks = new Set([1]);
  // A round tick too close to the last would print over it.
  for (let k = step; k < maxK - step / 2; k += step) ticks.add(k);
  ticks.add(maxK);
  return [...ticks];
}
