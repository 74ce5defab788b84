// The subset's exports are a part of the full API: typed by its declarations.
export * from 'monaco-editor';
