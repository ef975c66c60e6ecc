import { expect } from 'vitest';
import { DomainError, type DomainErrorCode } from '../errors.ts';

/** Test helper (not exported from the package): asserts `run` throws a DomainError with `code`. */
export function expectDomainError(run: () => unknown, code: DomainErrorCode): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(DomainError);
  expect((thrown as DomainError).code).toBe(code);
}
