import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { CallPermission } from '@/lib/runtime';

const DECISION_TONES: Record<CallPermission['decision'], BadgeTone> = { allow: 'green', ask: 'violet', deny: 'red' };
const RISK_TONES: Record<CallPermission['risk'], BadgeTone> = { read: 'neutral', write: 'amber', destructive: 'red' };

/** The permission gate's verdict on a call, with its risk class and the reason as text. */
export function PermissionBadge({ permission }: { permission: CallPermission }) {
  return (
    <div className="flex flex-wrap items-center gap-1.5 text-[11px]" data-testid="permission">
      <Badge tone={RISK_TONES[permission.risk]} title="Risk class">
        {permission.risk}
      </Badge>
      <Badge tone={DECISION_TONES[permission.decision]} data={{ decision: permission.decision }}>
        {permission.decision}
      </Badge>
      <span className="text-fg-muted">{permission.reason}</span>
    </div>
  );
}
