// The fetch mock goes first: the auth client keeps a reference to `fetch` when it is created.
import './fetch-mock';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { invalidateSession } from '@/lib/auth-client';
import { resetLiveClient } from '@/lib/live';
import { resetErrorReporter } from '@/lib/report-error';
import { FakeWebSocket } from './fake-web-socket';
import { json, mockApi, resetFetchMock, takeUnhandledRequests } from './fetch-mock';

// How long findBy*/waitFor wait for what the test expects. Generous: on a busy machine a render
// and a few answers can take seconds; nothing waits for a time to pass (fake timers do that).
// Below the test's own limit (vitest.config.ts), so a failure names what never showed up.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout: scrolling is a no-op (ScrollRestoration, in-page jumps).
window.scrollTo = () => undefined;
Element.prototype.scrollIntoView = () => undefined;

let consoleErrors: string[] = [];

function describeArg(arg: unknown): string {
  if (arg instanceof Error) return arg.stack ?? arg.message;
  if (typeof arg === 'string') return arg;
  try {
    return JSON.stringify(arg);
  } catch {
    return String(arg);
  }
}

/** For a test that expects `console.error`: returns what was logged so far and forgets it. */
export function takeConsoleErrors(): string[] {
  const list = consoleErrors;
  consoleErrors = [];
  return list;
}

beforeEach(() => {
  // Live updates go to a fake socket: tests drive it through FakeWebSocket.instances.
  vi.stubGlobal('WebSocket', FakeWebSocket);
  FakeWebSocket.reset();
  resetLiveClient();
  localStorage.clear();
  sessionStorage.clear();
  invalidateSession();
  resetFetchMock();
  resetErrorReporter();
  document.documentElement.lang = '';
  document.title = '';
  consoleErrors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    consoleErrors.push(args.map(describeArg).join(' '));
  });
  // Nobody is signed in, no social sign-in is configured and no invitation waits, unless a test says
  // otherwise (the main layout counts a signed-in diner's pending invitations on every page; a
  // creator's reservation page lists who has not answered).
  mockApi({
    'GET /api/auth/get-session': () => json(null),
    'GET /api/auth-providers': () => json({ providers: [] }),
    'GET /api/invitations': () => json({ items: [], nextCursor: null }),
    'GET /api/reservations/:id/invitations': () => json({ items: [] }),
    // Signed-in users work at no restaurant unless a test says otherwise (the header's staff link).
    'GET /api/staff/restaurants': () => json({ items: [], nextCursor: null }),
    // Failures become error records (lib/report-error.ts); tests about them look at seenRequests.
    'POST /api/errors': () => json({ id: '00000000-0000-4000-8000-000000000000' }, { status: 201 }),
  });
});

afterEach(() => {
  cleanup();
  const errors = takeConsoleErrors();
  const unhandled = takeUnhandledRequests();
  if (errors.length > 0) throw new Error(`Unexpected console.error:\n${errors.join('\n---\n')}`);
  if (unhandled.length > 0) throw new Error(`Requests no handler answered:\n${unhandled.join('\n')}`);
});
