import type { ChangeEvent } from 'react';

/**
 * The file just picked in an `<input type="file">` (none when the picker was dismissed), with the
 * input emptied so that picking the same file again fires `change` again.
 */
export function takePickedFile(event: ChangeEvent<HTMLInputElement>): File | undefined {
  const input = event.currentTarget;
  const file = input.files?.[0];
  input.value = '';
  return file;
}
