'use client';

import type { Ref } from 'react';

export type HiddenJsonFileInputProps = {
  /** What a visible button clicks to open the file picker. */
  ref: Ref<HTMLInputElement>;
  testId: string;
  onFile: (file: File) => void;
};

/**
 * A hidden file input taking one `.json` file, opened by a button that clicks it: hands the chosen
 * file over, then clears itself so choosing the same file again is a change too.
 */
export function HiddenJsonFileInput({ ref, testId, onFile }: HiddenJsonFileInputProps) {
  return (
    <input
      ref={ref}
      data-testid={testId}
      type="file"
      accept=".json,application/json"
      className="hidden"
      onChange={(event) => {
        const file = event.target.files?.[0];
        event.target.value = '';
        if (file) onFile(file);
      }}
    />
  );
}
