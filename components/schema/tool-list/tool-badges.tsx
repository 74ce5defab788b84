import type { ReactNode } from 'react';
import type { CompiledToolSummary } from '@/lib/client/compile';
import { Badge } from '@/components/ui/badge';

const RISK_LABEL = { read: 'read-only', write: 'write', destructive: 'destructive' } as const;
const RISK_TONE = { read: 'green', write: 'amber', destructive: 'red' } as const;

/** The metadata of one tool as a row of badges, after `leading` (where a server's tool names its server). */
export function ToolBadges({ tool, leading }: { tool: CompiledToolSummary; leading?: ReactNode }) {
  return (
    <div className="flex flex-wrap gap-1">
      {leading}
      <StrictBadge tool={tool} />
      {tool.namespace && (
        <Badge tone="violet" title="Grouped under a Responses namespace tool">
          ns:{tool.namespace}
        </Badge>
      )}
      {tool.deferLoading && (
        <Badge tone="blue" title="Only name and description are offered until Tool Search loads it">
          deferred
        </Badge>
      )}
      <Badge title={tool.executionMode === 'parallel' ? 'May run concurrently with neighbouring parallel calls' : 'A barrier: runs alone'}>
        {tool.executionMode}
      </Badge>
      <Badge tone={RISK_TONE[tool.risk]}>{RISK_LABEL[tool.risk]}</Badge>
      {tool.needsApproval !== false && (
        <Badge tone="amber" title={tool.needsApproval === 'dynamic' ? 'needsApproval is a function of the arguments' : undefined}>
          {tool.needsApproval === 'dynamic' ? 'approval: dynamic' : 'needs approval'}
        </Badge>
      )}
      <Badge title="How arguments are validated">{tool.schemaSource}</Badge>
    </div>
  );
}

function StrictBadge({ tool }: { tool: CompiledToolSummary }) {
  if (!tool.strict) {
    return (
      <Badge testId="strict-badge" data={{ strict: 'off' }} title="Sent with strict: false">
        strict off
      </Badge>
    );
  }
  if (tool.strictCheck === 'accepted') {
    return (
      <Badge tone="green" testId="strict-badge" data={{ strict: 'ok' }} title="Accepted by OpenAI strict mode as authored">
        strict ✓
      </Badge>
    );
  }
  if (tool.strictCheck === 'strictified' && tool.strictDropped > 0) {
    return (
      <Badge
        tone="amber"
        testId="strict-badge"
        data={{ strict: 'strictified', conversion: 'drops' }}
        title={`Sent in strict mode after a conversion that removes ${tool.strictDropped} keyword${tool.strictDropped === 1 ? '' : 's'} strict mode does not support: arguments are still validated against them, but the model no longer sees them. Open the row for each one.`}
      >
        strict: {tool.strictDropped} dropped
      </Badge>
    );
  }
  if (tool.strictCheck === 'strictified') {
    return (
      <Badge
        tone="green"
        testId="strict-badge"
        data={{ strict: 'strictified', conversion: 'routine' }}
        title="Accepted by OpenAI strict mode after the routine conversion (objects closed, optional fields sent as nullable); nothing the model reads is lost. Nulls for optional fields are dropped before validation."
      >
        strict ✓
      </Badge>
    );
  }
  return (
    <Badge tone="red" testId="strict-badge" data={{ strict: 'violations' }} title="OpenAI strict mode rejects this schema and it cannot be strictified: a turn will refuse to start">
      strict ✗
    </Badge>
  );
}
