import { describe, expect, it } from 'vitest';
import { rankTools, selectRelevantTools, splitIntoClauses, stemWord, tokenizeWords } from '@/lib/models/embedded/rank-tools';

const tools = [
  { name: 'read_file', description: 'Read a text file.' },
  { name: 'deleteFile', description: 'Delete a file permanently.' },
  { name: 'search_issues', namespace: 'github', description: 'Find issues by keyword.' },
];

describe('rankTools', () => {
  it('stems and splits names', () => {
    expect(stemWord('files')).toBe('file');
    expect(stemWord('reading')).toBe('read');
    expect(stemWord('queries')).toBe('query');
    expect(tokenizeWords('deleteFile')).toEqual(['delete', 'file']);
    expect(tokenizeWords('Please remove the files')).toEqual(['delete', 'file']);
  });

  it('ranks by overlap with name, namespace and description', () => {
    expect(rankTools('remove old files', tools)[0]?.tool.name).toBe('deleteFile');
    expect(rankTools('look up github issues about caching', tools)[0]?.tool.name).toBe('search_issues');
  });

  it('picks one tool per named action, none below the threshold', () => {
    expect(splitIntoClauses('read a.txt and then delete b.txt')).toEqual(['read a.txt', 'delete b.txt']);
    expect(selectRelevantTools('read a.txt and then delete b.txt', tools).map((entry) => entry.tool.name)).toEqual(['read_file', 'deleteFile']);
    expect(selectRelevantTools('tell me a joke', tools)).toEqual([]);
  });
});
