import { type LiveEventMessage, readLiveEvent } from '@dealflow/domain';

/** What a subscriber hears: an event of the server, or `reset` (events may have been missed: refetch). */
export type LiveMessage = LiveEventMessage | { type: 'reset' };
export type LiveStatus = 'connecting' | 'open' | 'closed';

export interface LiveChannelConfig {
  url: string;
  /** The `Bearer …` value of the current session, or null (no stream without a sign-in). */
  getAuthorization: () => string | null;
  fetch?: typeof fetch;
  /** Pause before reconnecting, growing with each failure up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** Splits a server-sent events text into complete events; the rest waits for more text. */
export function parseEvents(buffer: string): {
  events: Array<{ event: string; data: string }>;
  rest: string;
} {
  const events: Array<{ event: string; data: string }> = [];
  const blocks = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = blocks.pop() ?? '';
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const colon = line.indexOf(':');
      const field = colon === -1 ? line : line.slice(0, colon);
      const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') event = value;
      if (field === 'data') data.push(value);
    }
    if (data.length) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

/**
 * The browser's one live channel (decision 0020): a `GET api/internal/v2/live` stream read with
 * fetch, so it carries the bearer header like every call (EventSource cannot). Opened while
 * someone listens, closed when the last one leaves; reconnects after a drop with a growing pause,
 * and tells listeners `reset` on each reconnection (they refetch what they show). While it is not
 * open, pages poll instead (`useLiveStatus`).
 */
export function createLiveChannel(config: LiveChannelConfig) {
  const listeners = new Set<(message: LiveMessage) => void>();
  const statusListeners = new Set<(status: LiveStatus) => void>();
  let status: LiveStatus = 'closed';
  let controller: AbortController | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | null = null;
  let failures = 0;
  let wasOpen = false;
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const retryMs = config.retryMs ?? 2_000;
  const maxRetryMs = config.maxRetryMs ?? 30_000;

  const setStatus = (next: LiveStatus) => {
    if (next === status) return;
    status = next;
    for (const l of statusListeners) l(next);
  };
  const emit = (message: LiveMessage) => {
    for (const l of listeners) l(message);
  };

  function scheduleReconnect() {
    setStatus('closed');
    if (listeners.size === 0 || retryTimer) return;
    failures++;
    const wait = Math.min(maxRetryMs, retryMs * 2 ** Math.min(failures - 1, 5));
    retryTimer = setTimeout(() => {
      retryTimer = null;
      void connect();
    }, wait);
  }

  async function connect() {
    const authorization = config.getAuthorization();
    if (!authorization || listeners.size === 0) return setStatus('closed');
    const abort = new AbortController();
    controller = abort;
    setStatus('connecting');
    try {
      const response = await doFetch(config.url, {
        headers: { Accept: 'text/event-stream', Authorization: authorization },
        signal: abort.signal,
      });
      if (!response.ok || !response.body) throw new Error(`live stream answered ${response.status}`);
      const reader = response.body.getReader();
      const decoder = new TextDecoder();
      let buffer = '';
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buffer += decoder.decode(value, { stream: true });
        const parsed = parseEvents(buffer);
        buffer = parsed.rest;
        for (const { event, data } of parsed.events) {
          if (event === 'ready') {
            failures = 0;
            setStatus('open');
            // Back after a drop: whatever happened meanwhile was not heard.
            if (wasOpen) emit({ type: 'reset' });
            wasOpen = true;
          } else if (event === 'reset') {
            emit({ type: 'reset' });
          } else {
            try {
              const message = readLiveEvent(JSON.parse(data));
              if (message) emit(message);
            } catch {
              // Not an event of ours: ignored.
            }
          }
        }
      }
    } catch {
      // A refused or dropped stream: reconnect below (unless we closed it).
    }
    if (controller === abort && !abort.signal.aborted) {
      controller = null;
      scheduleReconnect();
    }
  }

  function close() {
    if (retryTimer) clearTimeout(retryTimer);
    retryTimer = null;
    controller?.abort();
    controller = null;
    failures = 0;
    wasOpen = false;
    setStatus('closed');
  }

  return {
    /** Listens until the returned function is called; the first listener opens the stream. */
    subscribe(listener: (message: LiveMessage) => void): () => void {
      listeners.add(listener);
      if (listeners.size === 1 && !controller && !retryTimer) void connect();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) close();
      };
    },
    onStatus(listener: (status: LiveStatus) => void): () => void {
      statusListeners.add(listener);
      return () => statusListeners.delete(listener);
    },
    status: () => status,
    /** Signed out or in as someone else: the stream of the old session ends, a new one opens. */
    restart() {
      const had = listeners.size > 0;
      close();
      if (had) void connect();
    },
  };
}

export type LiveChannel = ReturnType<typeof createLiveChannel>;
