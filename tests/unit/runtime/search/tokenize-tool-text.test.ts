import { describe, expect, it } from 'vitest';
import { tokenizeToolText } from '@/lib/runtime';
import { foldInflection } from '@/lib/runtime/search/tokenize-tool-text';

describe('tokenizeToolText', () => {
  it('splits snake_case, camelCase, acronyms, kebab-case, dotted names and digits', () => {
    expect(tokenizeToolText('list_invoices')).toEqual(['list', 'invoic']);
    expect(tokenizeToolText('getUserProfile')).toEqual(['get', 'user', 'profil']);
    expect(tokenizeToolText('parseJSONFile')).toEqual(['pars', 'json', 'fil']);
    expect(tokenizeToolText('weather-forecast tickets.search_tickets')).toEqual(['weather', 'forecast', 'ticket', 'search', 'ticket']);
    expect(tokenizeToolText('base64Encode')).toEqual(['base64', 'bas', '64', 'encod']);
  });

  it('drops stop words but keeps the verbs tool names are made of', () => {
    expect(tokenizeToolText('please find the tools for my invoices')).toEqual(['find', 'invoic']);
    expect(tokenizeToolText('get list search')).toEqual(['get', 'list', 'search']);
  });

  it('folds singular, plural and verb forms onto one key, on both sides of a match', () => {
    const same = (...words: string[]) => expect(new Set(words.map(foldInflection)).size, words.join(' / ')).toBe(1);
    same('invoice', 'invoices', 'invoicing', 'invoiced');
    same('query', 'queries');
    same('entry', 'entries');
    same('cookie', 'cookies');
    same('match', 'matches', 'matched');
    same('cache', 'caches', 'cached');
    same('address', 'addresses');
    same('status', 'statuses');
    same('run', 'running');
    same('create', 'creates', 'creating', 'created');
    same('setting', 'settings');
    expect(foldInflection('string')).toBe('string');
    expect(foldInflection('adding')).toBe('add');
    expect(foldInflection('calling')).toBe('call');
    expect(foldInflection('s3')).toBe('s3');
  });
});
