import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ToolsChangedRow } from '@/components/timeline/rows';
import type { ToolChange } from '@/lib/runtime';

const text = (change: ToolChange) => renderToStaticMarkup(createElement(ToolsChangedRow, { change })).replace(/<[^>]+>/g, '');

describe('ToolsChangedRow', () => {
  it('names the server and what the next request offers differently', () => {
    expect(text({ at: 5, server: 'shop', added: ['shop.search'], removed: ['shop.legacy_search'], changed: ['shop.status'] })).toBe(
      'Tools changed on shop(the server sent tools/list_changed; this request offers its new listing):added shop.search;removed shop.legacy_search;changed shop.status.',
    );
    expect(text({ at: 5, server: 'shop', added: [], removed: [], changed: [] })).toContain('nothing the model sees.');
  });

  it('says why a server could not be listed again and that the turn kept its tools', () => {
    expect(text({ at: 5, server: 'shop', added: [], removed: [], changed: [], error: 'shop: the server did not answer.' })).toBe(
      'shop said its tools changed but could not be listed again: shop: the server did not answer. The turn keeps the tools it had.',
    );
  });
});
