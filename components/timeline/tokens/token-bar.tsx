export type TokenBarProps = {
  /** Sent tokens as a fraction of the all-loaded payload, in [0, 1]. */
  sentFraction: number;
  label: string;
};

/** A thin bar: the filled part is what was sent, the whole is everything loaded up front. */
export function TokenBar({ sentFraction, label }: TokenBarProps) {
  return (
    <div role="img" aria-label={label} title={label} className="h-1.5 w-full overflow-hidden rounded-full bg-emerald-500/20">
      <div className="h-full rounded-full bg-sky-500" style={{ width: `${(sentFraction * 100).toFixed(2)}%` }} />
    </div>
  );
}
