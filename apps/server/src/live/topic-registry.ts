/**
 * The table of live topics. Each module registers the topics it publishes, with who may read
 * them:
 *
 *   app.live.registerTopic('restaurant:{id}:menu', (_diner, { id }) => restaurantExists(id));
 *   app.live.registerTopic('user:me:reservations', (diner) => diner !== null, {
 *     channel: (diner) => `user:${diner!.userId}:reservations`,
 *   });
 *
 * A pattern is a topic with `{name}` placeholders; a placeholder matches one segment (no `:`).
 * `channel` maps what the client subscribed to onto the channel events are published on; by
 * default the topic itself. Per-user topics (`user:me:*`) use it so that every user subscribes to
 * the same topic name but only receives their own events.
 */
import type { Diner } from '../lib/context.ts';

export type TopicParams = Readonly<Record<string, string>>;

/** Whether the socket's diner (null: nobody signed in) may read the topic. */
export type AuthorizeTopic = (diner: Diner | null, params: TopicParams) => boolean | Promise<boolean>;

export interface TopicOptions {
  /** The channel events of this subscription are published on; default: the topic itself. */
  channel?: (diner: Diner | null, params: TopicParams) => string;
  /**
   * Events after which every subscriber is asked `authorize` again, and dropped if refused (e.g.
   * `members.changed`: the diner who left stops reading the reservation at once).
   */
  recheckOn?: readonly string[];
}

interface TopicEntry {
  pattern: string;
  regex: RegExp;
  names: string[];
  authorize: AuthorizeTopic;
  channel: NonNullable<TopicOptions['channel']> | null;
  recheckOn: ReadonlySet<string>;
}

export interface ResolvedTopic {
  pattern: string;
  params: TopicParams;
  authorize: AuthorizeTopic;
  channel: (diner: Diner | null) => string;
  recheckOn: ReadonlySet<string>;
}

const PLACEHOLDER = /\{([a-zA-Z][a-zA-Z0-9]*)\}/g;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(pattern: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  let source = '';
  let last = 0;
  for (const match of pattern.matchAll(PLACEHOLDER)) {
    source += escapeRegex(pattern.slice(last, match.index));
    source += '([^:]{1,100})';
    names.push(match[1]!);
    last = match.index + match[0].length;
  }
  source += escapeRegex(pattern.slice(last));
  return { regex: new RegExp(`^${source}$`), names };
}

export interface TopicRegistry {
  registerTopic(pattern: string, authorize: AuthorizeTopic, options?: TopicOptions): void;
  /** The registered topic `topic` is an instance of, or null (UNKNOWN_TOPIC). */
  resolve(topic: string): ResolvedTopic | null;
  patterns(): string[];
}

export function createTopicRegistry(): TopicRegistry {
  const entries: TopicEntry[] = [];
  return {
    registerTopic(pattern, authorize, options = {}) {
      if (entries.some((entry) => entry.pattern === pattern)) {
        throw new Error(`live topic ${pattern} is already registered`);
      }
      entries.push({
        pattern,
        ...compile(pattern),
        authorize,
        channel: options.channel ?? null,
        recheckOn: new Set(options.recheckOn ?? []),
      });
    },
    resolve(topic) {
      for (const entry of entries) {
        const match = entry.regex.exec(topic);
        if (!match) continue;
        const params = Object.fromEntries(entry.names.map((name, index) => [name, match[index + 1]!]));
        const { channel } = entry;
        return {
          pattern: entry.pattern,
          params,
          authorize: entry.authorize,
          channel: (diner) => (channel ? channel(diner, params) : topic),
          recheckOn: entry.recheckOn,
        };
      }
      return null;
    },
    patterns: () => entries.map((entry) => entry.pattern),
  };
}
