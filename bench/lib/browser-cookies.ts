// The cookies of the browser that Lighthouse drives, set through the DevTools protocol: a diner's
// session and the values the app mirrors into cookies (its guest profile) are in the browser's own
// cookie jar, as for a diner who comes back, so the page's scripts see them as the server does.
// (Lighthouse's `extraHeaders` would send them on every request but hide them from the page.)

import { cookiePairs } from '../../apps/server/src/lib/cookie-header.ts';

interface DevToolsVersion {
  webSocketDebuggerUrl: string;
}

interface Answer {
  id?: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** One connection to the browser's own target: commands in order, each awaited. */
async function connect(port: number) {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as DevToolsVersion;
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  const waiting = new Map<number, { resolve: (answer: Answer) => void }>();
  socket.addEventListener('message', (event) => {
    const answer = JSON.parse(String(event.data)) as Answer;
    if (answer.id !== undefined) waiting.get(answer.id)?.resolve(answer);
  });
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => resolve());
    socket.addEventListener('error', () => reject(new Error('the DevTools socket failed')));
  });
  let next = 0;
  return {
    async send(method: string, params: object, sessionId?: string): Promise<Record<string, unknown>> {
      const id = ++next;
      const answer = await new Promise<Answer>((resolve) => {
        waiting.set(id, { resolve });
        socket.send(JSON.stringify({ id, method, params, ...(sessionId && { sessionId }) }));
      });
      waiting.delete(id);
      if (answer.error) throw new Error(`${method}: ${answer.error.message}`);
      return answer.result ?? {};
    },
    close: () => socket.close(),
  };
}

/**
 * The browser's cookies become exactly those of `cookieHeader` (`a=1; b=2`), for `url`'s site,
 * and the site keeps nothing else from the pages before (its localStorage, which Lighthouse
 * leaves): each page is opened as its own diner's browser holds it.
 */
export async function setBrowserCookies(port: number, url: string, cookieHeader: string): Promise<void> {
  const browser = await connect(port);
  try {
    // clearing a site's data takes a page's session: the browser's first tab (its blank one, which
    // Lighthouse leaves alone), or a blank tab opened for it and left open (closing it while
    // Lighthouse attaches to the browser's pages made Lighthouse miss the next load)
    const { targetInfos } = (await browser.send('Target.getTargets', {})) as {
      targetInfos: { targetId: string; type: string; url: string }[];
    };
    const blank = targetInfos.find((target) => target.type === 'page' && target.url === 'about:blank');
    const targetId =
      blank?.targetId ??
      ((await browser.send('Target.createTarget', { url: 'about:blank' })) as { targetId: string }).targetId;
    const { sessionId } = (await browser.send('Target.attachToTarget', { targetId, flatten: true })) as {
      sessionId: string;
    };
    await browser.send(
      'Storage.clearDataForOrigin',
      { origin: new URL(url).origin, storageTypes: 'all' },
      sessionId,
    );
    await browser.send('Target.detachFromTarget', { sessionId });
    await browser.send('Storage.clearCookies', {});
    const cookies = cookiePairs(cookieHeader).map(([name, value]) => ({ name, value, url }));
    if (cookies.length > 0) await browser.send('Storage.setCookies', { cookies });
  } finally {
    browser.close();
  }
}
