import { afterEach, describe, expect, it } from 'vitest';
import { createTurnRegistry, type TurnControlBus, type TurnControlMessage } from '@/lib/server/turns/registry/turn-registry';
import { createPostgresTurnBus, type PostgresTurnBus } from '@/lib/server/turns';
import { POSTGRES_SKIP_NOTE, TEST_DATABASE_URL } from '../sessions/session-fixtures';

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
  const token = registry.register(turnId, 'client', controller);
  const approval = registry.awaitApproval(turnId, 'call_1', new AbortController().signal);
  return { controller, approval, token };
}

describe('turn registry across instances', () => {
  it('runs what waits for a turn to end when it is unregistered, or at once when it is not running', () => {
    const registry = createTurnRegistry();
    const ended: string[] = [];
    registry.register('turn_slot', 'client', new AbortController());
    registry.whenEnded('turn_slot', () => ended.push('slot released'));
    expect(ended).toEqual([]);
    registry.unregister('turn_slot');
    registry.unregister('turn_slot');
    expect(ended).toEqual(['slot released']);
    registry.whenEnded('turn_gone', () => ended.push('released at once'));
    expect(ended).toEqual(['slot released', 'released at once']);
  });

  it('stays in-process without a bus', () => {
    const registry = createTurnRegistry();
    expect(registry.deliverApproval('turn_elsewhere', 'token', 'call_1', { approved: true })).toBe('unknown-turn');
    expect(registry.abort('turn_elsewhere', 'token')).toBe('unknown-turn');
  });

  it('refuses every control of a running turn without its token, and gives no token twice', async () => {
    const registry = createTurnRegistry();
    const { controller, approval, token } = startTurn(registry, 'turn_mine');
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(registry.register('turn_other', 'client', new AbortController())).not.toBe(token);
    expect(registry.deliverApproval('turn_mine', 'guess', 'call_1', { approved: true })).toBe('forbidden');
    expect(registry.deliverOutput('turn_mine', '', 'call_1', 'x')).toBe('forbidden');
    expect(registry.abort('turn_mine', `${token}x`)).toBe('forbidden');
    expect(registry.accessTape('turn_mine', 'guess')).toEqual({ kind: 'forbidden' });
    expect(controller.signal.aborted).toBe(false);
    expect(registry.accessTape('turn_mine', token)).toEqual({ kind: 'live', tape: [] });
    expect(registry.deliverApproval('turn_mine', token, 'call_1', { approved: true })).toBe('delivered');
    await expect(approval).resolves.toEqual({ approved: true });
    registry.unregister('turn_mine');
    // Once it ended, its stored copy answers (checked against the token's hash kept with it).
    expect(registry.accessTape('turn_mine', token)).toEqual({ kind: 'unknown-turn' });
  });

  it('forwards an approval and an abort for a turn another instance runs', async () => {
    const bus = createLocalBus();
    const running = createTurnRegistry({ bus });
    const other = createTurnRegistry({ bus });
    const { controller, approval, token } = startTurn(running, 'turn_a');

    // Another client's forwarded controls reach the running instance, which ignores them.
    expect(other.abort('turn_a', 'not-the-token')).toBe('forwarded');
    expect(other.deliverApproval('turn_a', 'not-the-token', 'call_1', { approved: false })).toBe('forwarded');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.signal.aborted).toBe(false);

    expect(other.deliverApproval('turn_a', token, 'call_1', { approved: true, reason: 'from B' })).toBe('forwarded');
    await expect(approval).resolves.toEqual({ approved: true, reason: 'from B' });
    expect(other.abort('turn_a', token)).toBe('forwarded');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(controller.signal.aborted).toBe(true);
    expect(bus.sent.at(-2)).toEqual({ kind: 'approval', turnId: 'turn_a', token, callId: 'call_1', decision: { approved: true, reason: 'from B' } });
    expect(bus.sent.at(-1)).toEqual({ kind: 'abort', turnId: 'turn_a', token });
  });

  it('delivers locally without publishing when the turn runs here', async () => {
    const bus = createLocalBus();
    const registry = createTurnRegistry({ bus });
    const { approval, token } = startTurn(registry, 'turn_here');
    expect(registry.deliverApproval('turn_here', token, 'call_1', { approved: false })).toBe('delivered');
    await expect(approval).resolves.toEqual({ approved: false });
    expect(registry.deliverApproval('turn_here', token, 'call_2', { approved: false })).toBe('no-pending-approval');
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

    const { controller, approval, token } = startTurn(instanceA, 'turn_pg');
    expect(instanceB.abort('turn_pg', 'not-the-token')).toBe('forwarded');
    expect(instanceB.deliverApproval('turn_pg', token, 'call_1', { approved: true, reason: 'approved on B' })).toBe('forwarded');
    await expect(approval).resolves.toEqual({ approved: true, reason: 'approved on B' });
    // The forged abort went out before the approval and was ignored: the turn was still waiting for it.
    expect(controller.signal.aborted).toBe(false);

    const aborted = new Promise((resolve) => controller.signal.addEventListener('abort', resolve, { once: true }));
    expect(instanceB.abort('turn_pg', token)).toBe('forwarded');
    await aborted;
    expect(controller.signal.reason).toBe('aborted by the user');
  });
});
