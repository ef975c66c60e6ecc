// The cookies of the browser that Lighthouse drives, set through the DevTools protocol: a diner's
// session and the values the app mirrors into cookies (its guest profile) are in the browser's own
// cookie jar, as for a diner who comes back, so the page's scripts see them as the server does.
// (Lighthouse's `extraHeaders` would send them on every request but hide them from the page.)

interface DevToolsVersion {
  webSocketDebuggerUrl: string;
}

/** Sends one DevTools command to the browser's own target and waits for its answer. */
async function browserCommand(port: number, method: string, params: object): Promise<void> {
  const version = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as DevToolsVersion;
  const socket = new WebSocket(version.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener('open', () => socket.send(JSON.stringify({ id: 1, method, params })));
    socket.addEventListener('message', (event) => {
      const answer = JSON.parse(String(event.data)) as { id?: number; error?: { message: string } };
      if (answer.id !== 1) return;
      socket.close();
      if (answer.error) reject(new Error(`${method}: ${answer.error.message}`));
      else resolve();
    });
    socket.addEventListener('error', () => reject(new Error(`${method}: the DevTools socket failed`)));
  });
}

/** The browser's cookies become exactly those of `cookieHeader` (`a=1; b=2`), for `url`'s site. */
export async function setBrowserCookies(port: number, url: string, cookieHeader: string): Promise<void> {
  await browserCommand(port, 'Storage.clearCookies', {});
  const cookies = cookieHeader
    .split(';')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url };
    });
  if (cookies.length > 0) await browserCommand(port, 'Storage.setCookies', { cookies });
}
