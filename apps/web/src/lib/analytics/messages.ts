/**
 * The developer-facing messages of the analytics client (docs/telemetry.md#developer-messages):
 * written to the console, never shown to the diner. Each one reads
 * `Analytics: <text> (analytics/<code>).` so it can be searched for.
 */

interface MessageData {
  'already-exists': { appId: string };
  'already-initialized': Record<string, never>;
  'no-api-key': Record<string, never>;
  'no-app-id': Record<string, never>;
  'config-fetch-failed': { httpStatus: number; responseMessage: string };
  'fetch-throttle': { throttleEndTimeMillis: number };
  'indexeddb-unavailable': Record<string, never>;
  'invalid-analytics-context': Record<string, never>;
  'invalid-gtag-resource': { gtagURL: string };
}

export type AnalyticsErrorCode = keyof MessageData;

const TEXTS: { [C in AnalyticsErrorCode]: (data: MessageData[C]) => string } = {
  'already-exists': ({ appId }) =>
    `An Analytics instance with the appId ${appId} already exists. Only one instance may be created for each appId; the existing one is used.`,
  'already-initialized': () =>
    'initializeAnalytics() cannot be called again with different options than those it was first called with. Call it again with the same options to get the existing instance.',
  'no-api-key': () =>
    'The "apiKey" field is empty in the local analytics config. It is needed to fetch the measurement id of this app from the server.',
  'no-app-id': () =>
    'The "appId" field is empty in the local analytics config. It is needed to fetch the measurement id of this app from the server.',
  'config-fetch-failed': ({ httpStatus, responseMessage }) =>
    `Dynamic config fetch failed: [${httpStatus}] ${responseMessage}`,
  'fetch-throttle': ({ throttleEndTimeMillis }) =>
    `The config fetch request timed out while in an exponential backoff state. Unix timestamp in milliseconds when fetch request throttling ends: ${throttleEndTimeMillis}.`,
  'indexeddb-unavailable': () =>
    'IndexedDB unavailable or restricted in this environment: analytics keeps no installation id between visits.',
  'invalid-analytics-context': () =>
    'Analytics is not supported in this environment. Details: Cookies are not available.',
  'invalid-gtag-resource': ({ gtagURL }) => `Trusted Types detected an invalid gtag resource: ${gtagURL}.`,
};

/** The full console text of a message. */
export function analyticsMessage<C extends AnalyticsErrorCode>(code: C, data: MessageData[C]): string {
  return `Analytics: ${TEXTS[code](data)} (analytics/${code}).`;
}

/** A failure of the analytics client, with its code and the data its message names. */
export class AnalyticsError<C extends AnalyticsErrorCode = AnalyticsErrorCode> extends Error {
  readonly code: C;
  readonly customData: MessageData[C];

  constructor(code: C, data: MessageData[C]) {
    super(analyticsMessage(code, data));
    this.name = 'AnalyticsError';
    this.code = code;
    this.customData = data;
  }
}

/** The warnings that are not errors: the fallback to the local id, and a stale local id. */
export const analyticsWarnings = {
  timedOutFallback: (measurementId: string) =>
    `Analytics: Timed out fetching this app's measurement id from the server. Falling back to the measurement id ${measurementId} provided in the local config.`,
  failedFallback: (measurementId: string, reason: string) =>
    `Analytics: Failed to fetch this app's measurement id from the server. Falling back to the measurement id ${measurementId} provided in the local config. ${reason}`,
  noApiKeyFallback: (measurementId: string) =>
    `${analyticsMessage('no-api-key', {})} Falling back to the measurement id ${measurementId} provided in the local config.`,
  staleLocalId: (local: string, fetched: string) =>
    `Analytics: The measurement id in the local config (${local}) does not match the one fetched from the server (${fetched}). The fetched one is used: update or remove the local one.`,
};
