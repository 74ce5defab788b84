/** The editor's documents: the tool module and three JSON side files. */
export type EditorTab = 'tools' | 'script' | 'result-schema' | 'files';

/** What a person types: the editor's documents, the composer, the instructions and the assertions. */
export type EditorSlice = {
  documents: Record<EditorTab, string>;
  activeTab: EditorTab;
  /** The composer: the next user message. */
  message: string;
  /** The system/developer instructions every turn is sent with. */
  instructions: string;
  /** Expectations about the conversation's tool calls, as JSON text (a list of assertions); Share stores them. */
  assertions: string;
};

export type EditorAction =
  | { type: 'document-changed'; tab: EditorTab; text: string }
  | { type: 'tab-selected'; tab: EditorTab }
  | { type: 'message-changed'; message: string }
  | { type: 'instructions-changed'; instructions: string }
  | { type: 'assertions-changed'; assertions: string };

export function reduceEditor(state: EditorSlice, action: EditorAction): EditorSlice {
  switch (action.type) {
    case 'document-changed':
      return { ...state, documents: { ...state.documents, [action.tab]: action.text } };
    case 'tab-selected':
      return { ...state, activeTab: action.tab };
    case 'message-changed':
      return { ...state, message: action.message };
    case 'instructions-changed':
      return { ...state, instructions: action.instructions };
    case 'assertions-changed':
      return { ...state, assertions: action.assertions };
  }
}
