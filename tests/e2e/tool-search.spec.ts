import { expect, test, type Locator, type Page } from '@playwright/test';
import { openPreset } from './helpers';

/** A cold dev server compiles the page and the sandbox on first use. */
const TURN_TIMEOUT = 45_000;

function cardNamed(scope: Page | Locator, name: string): Locator {
  return scope.locator(`[data-testid^="call-card-"][data-name="${name}"]`);
}

async function numberAttribute(locator: Locator, name: string): Promise<number> {
  return Number(await locator.getAttribute(name));
}

test.describe('tool search', () => {
  // The catalog page renders 41 tool cards; a cold dev server compiles it on the first visit.
  test.describe.configure({ timeout: 120_000 });

  test('the catalog preset: not loaded, search, two namespaced calls, and the tokens saved', async ({ page }) => {
    await openPreset(page, 'tool-search-catalog');
    const end = page.getByTestId('turn-end');
    await expect(end).toBeVisible({ timeout: TURN_TIMEOUT });
    await expect(end).toHaveAttribute('data-reason', 'completed');

    const early = cardNamed(page.getByTestId('iteration-1'), 'crm.lookup_account');
    await expect(early).toHaveAttribute('data-status', 'rejected');
    await expect(early.getByTestId('input-error')).toHaveAttribute('data-code', 'not-loaded');
    await expect(early.getByTestId('call-output')).toContainText('Call tool_search first');
    await expect(early.getByTestId('tool-namespace').first()).toHaveText('crm.');

    const search = page.getByTestId('iteration-2').locator('[data-testid^="tool-search-"][data-execution]');
    await expect(search).toHaveCount(1);
    await expect(search).toHaveAttribute('data-execution', 'client');
    await expect(search).toContainText('lookup account and list invoices');
    const matches = (await search.getAttribute('data-matches'))?.split(' ') ?? [];
    expect(matches).toEqual(expect.arrayContaining(['crm.lookup_account', 'billing.list_invoices']));

    const loadedCalls = page.getByTestId('iteration-3');
    for (const name of ['crm.lookup_account', 'billing.list_invoices']) {
      await expect(cardNamed(loadedCalls, name)).toHaveAttribute('data-status', 'success');
    }
    await expect(loadedCalls.getByTestId('dispatch-batch')).toHaveAttribute('data-mode', 'parallel');
    await expect(loadedCalls.getByTestId('newly-loaded')).toContainText('lookup_account');

    const meter = page.getByTestId('context-meter');
    await expect(meter).toHaveAttribute('data-requests', '4');
    const sent = await numberAttribute(meter, 'data-sent');
    const allLoaded = await numberAttribute(meter, 'data-all-loaded');
    expect(sent).toBeGreaterThan(0);
    expect(sent).toBeLessThan(allLoaded);
    await expect(meter).toContainText('tool tokens saved');

    const first = page.getByTestId('iteration-tokens-1');
    const third = page.getByTestId('iteration-tokens-3');
    await expect(first).toHaveAttribute('data-deferred', '37');
    expect(await numberAttribute(first, 'data-sent')).toBeLessThan(await numberAttribute(third, 'data-sent'));
    expect(await numberAttribute(third, 'data-sent')).toBeLessThan(await numberAttribute(third, 'data-all-loaded'));
    await expect(page.getByTestId('deferral-note')).toHaveCount(0);
  });

  test('the auto model searches on its own before calling deferred tools', async ({ page }) => {
    await openPreset(page, 'tool-search-auto');
    const end = page.getByTestId('turn-end');
    await expect(end).toBeVisible({ timeout: TURN_TIMEOUT });
    await expect(end).toHaveAttribute('data-reason', 'completed');
    await expect(page.getByTestId('iteration-1').locator('[data-testid^="tool-search-"][data-execution]')).toHaveCount(1);
    await expect(cardNamed(page.getByTestId('iteration-2'), 'weather.get_forecast')).toHaveAttribute('data-status', 'success');
    await expect(cardNamed(page.getByTestId('iteration-2'), 'tickets.search_tickets')).toHaveAttribute('data-status', 'success');
  });
});
