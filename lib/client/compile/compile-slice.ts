import { hasCompileErrors, type CompileResponse } from './compile-view';

/** The newest compile answer, for the source it was computed from. */
export type CompileOutcome =
  | { kind: 'compiled'; source: string; response: CompileResponse }
  | { kind: 'failed'; source: string; message: string };

export type CompileState = {
  pending: boolean;
  latest: CompileOutcome | null;
  /** The newest response without error diagnostics: what stays visible while the source is broken. */
  lastGood: CompileResponse | null;
};

/** The compile answer for the editor's tool module. */
export type CompileSlice = { compile: CompileState };

export type CompileAction =
  | { type: 'compile-started' }
  | { type: 'compile-succeeded'; source: string; response: CompileResponse }
  | { type: 'compile-failed'; source: string; message: string };

export function reduceCompile(state: CompileSlice, action: CompileAction): CompileSlice {
  switch (action.type) {
    case 'compile-started':
      return { ...state, compile: { ...state.compile, pending: true } };
    case 'compile-succeeded':
      return {
        ...state,
        compile: {
          pending: false,
          latest: { kind: 'compiled', source: action.source, response: action.response },
          lastGood: hasCompileErrors(action.response) ? state.compile.lastGood : action.response,
        },
      };
    case 'compile-failed':
      return {
        ...state,
        compile: { ...state.compile, pending: false, latest: { kind: 'failed', source: action.source, message: action.message } },
      };
  }
}
