import { afterEach, describe, expect, it } from 'vitest';
import { createTurnRegistry, type TurnControlBus, type TurnControlMessage } from '@/lib/server/turn-registry';
import { createPostgresTurnBus, type PostgresTurnBus } from '@/lib/sessions/create-postgres-turn-bus';
import { POSTGRES_SKIP_NOTE, TEST_DATABASE_URL } from './session-fixtures';

/** An in-process stand-in for NOTIFY: every subscriber hears every message, the sender's own included. */
function createLocalBus(): TurnControlBus & { sent: TurnControlMessage[] } {
  const handlers: ((message: TurnControlMessage) => void)[] = [];
  const sent: TurnControlMessage[] = [];
  return {
    sent,
    publish(message) {
      sent.push(message);
      queueMicrotask(() => handlers.forEach((handler) => handler(message)));
    },
    subscribe(handler) {
      handlers.push(handler);
    },
  };
}

function startTurn(registry: ReturnType<typeof createTurnRegistry>, turnId: string) {
  const controller = new AbortController();
  registry.register(turnId, 'client', controller);
  const approval = registry.awaitApproval(turnId, 'call_1', new AbortController().signal);
  return { controller, approval };
}

describe('turn registry across instances', () => {
  it('stays in-process without a bus', () => {
    const registry = createTurnRegistry();
    expect(registry.deliverApproval('turn_elsewhere', 'call_1', { approved: true })).toBe('unknown-turn');
    expect(registry.abort('turn_elsewhere')).toBe(false);
  });

  it('forwards an approval and an abort for a turn another instance runs', async () => {
    const bus = createLocalBus();
    const running = createTurnRegistry({ bus });
    const other = createTurnRegistry({ bus });
    const { controller, approval } = startTurn(running, 'turn_a');

    expect(other.deliverApproval('turn_a', 'call_1', { approved: true, reason: 'from B' })).toBe('forwarded');
    await expect(approval).resolves.toEqual({ approved: true, reason: 'from B' });
    expect(other.abort('turn_a')).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.signal.aborted).toBe(true);
    expect(bus.sent).toEqual([
      { kind: 'approval', turnId: 'turn_a', callId: 'call_1', decision: { approved: true, reason: 'from B' } },
      { kind: 'abort', turnId: 'turn_a' },
    ]);
  });

  it('delivers locally without publishing when the turn runs here', async () => {
    const bus = createLocalBus();
    const registry = createTurnRegistry({ bus });
    const { approval } = startTurn(registry, 'turn_here');
    expect(registry.deliverApproval('turn_here', 'call_1', { approved: false })).toBe('delivered');
    await expect(approval).resolves.toEqual({ approved: false });
    expect(registry.deliverApproval('turn_here', 'call_2', { approved: false })).toBe('no-pending-approval');
    expect(bus.sent).toEqual([]);
  });
});

describe.skipIf(!TEST_DATABASE_URL)(`turn registry across instances on PostgreSQL LISTEN/NOTIFY${POSTGRES_SKIP_NOTE}`, () => {
  const buses: PostgresTurnBus[] = [];
  afterEach(async () => {
    await Promise.all(buses.splice(0).map((bus) => bus.close()));
  });

  it('passes an approval and an abort from one registry to the other through the server', async () => {
    const channel = `turn_control_test_${process.pid}`;
    const busA = createPostgresTurnBus({ connectionString: TEST_DATABASE_URL!, channel });
    const busB = createPostgresTurnBus({ connectionString: TEST_DATABASE_URL!, channel });
    buses.push(busA, busB);
    await Promise.all([busA.ready, busB.ready]);
    const instanceA = createTurnRegistry({ bus: busA });
    const instanceB = createTurnRegistry({ bus: busB });

    const { controller, approval } = startTurn(instanceA, 'turn_pg');
    expect(instanceB.deliverApproval('turn_pg', 'call_1', { approved: true, reason: 'approved on B' })).toBe('forwarded');
    await expect(approval).resolves.toEqual({ approved: true, reason: 'approved on B' });

    const aborted = new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
    expect(instanceB.abort('turn_pg')).toBe(true);
    await aborted;
    expect(controller.signal.reason).toBe('aborted by the user');
  });
});
