import { describe, expect, it } from 'vitest';
import { readServerState, SERVER_STATE_ID, serializeServerState, type ServerState } from './server-state';

/** A page as the server writes it: the answers in their JSON element. */
function pageWith(text: string): Document {
  const doc = document.implementation.createHTMLDocument('page');
  const element = doc.createElement('script');
  element.type = 'application/json';
  element.id = SERVER_STATE_ID;
  element.textContent = text;
  doc.body.append(element);
  return doc;
}

const STATE: ServerState = {
  locale: 'es-ES',
  queries: {
    mutations: [],
    queries: [
      {
        queryKey: ['menu', 'r1'],
        queryHash: '["menu","r1"]',
        dehydratedAt: 0,
        state: { data: { name: '</script><script>alert(1)</script><!-- \u2028' } } as never,
      },
    ],
  },
};

describe('the answers of a page the server wrote', () => {
  it('travel as JSON that no text in them can end or turn into a script, and come back whole', () => {
    const text = serializeServerState(STATE);
    expect(text).not.toMatch(/<|\u2028|\u2029/);
    // the browser reads the element's text up to the first "</script"
    const page = new DOMParser().parseFromString(
      `<!doctype html><body><script type="application/json" id="${SERVER_STATE_ID}">${text}</script></body>`,
      'text/html',
    );
    expect(page.querySelectorAll('script')).toHaveLength(1);
    expect(readServerState(page)).toEqual(STATE);
  });

  it('are none on index.html as built, and none when they are not what the server writes', () => {
    expect(readServerState(document)).toBeNull();
    expect(readServerState(pageWith('{"locale":"es-ES",'))).toBeNull();
    expect(readServerState(pageWith('{"locale":"fr-FR","queries":{}}'))).toBeNull();
    expect(readServerState(pageWith('{"locale":"en-US"}'))).toBeNull();
    expect(readServerState(pageWith('null'))).toBeNull();
    expect(readServerState(pageWith('{"locale":"en-US","queries":{"queries":[],"mutations":[]}}'))).toEqual({
      locale: 'en-US',
      queries: { queries: [], mutations: [] },
    });
  });
});
