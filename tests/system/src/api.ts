/** An answer of the shop's API: its status, and its JSON body when it has one. */
export interface Answer<T = unknown> {
  status: number;
  body: T;
  /** The Link header's targets by relation (`next`, `last`…), when it has one. */
  links: Record<string, string>;
}

/**
 * Calls the shop's API at `url` as a browser would: a JSON body when given, the bearer token when
 * given. Answers the status and the parsed JSON (undefined for an empty or non-JSON answer); gives up
 * after `timeoutMs`.
 */
export async function callApi<T>(url: string, method: string, body?: unknown, token?: string, timeoutMs = 30_000): Promise<Answer<T>> {
  const res = await fetch(url, {
    method,
    headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(timeoutMs),
  });
  const text = await res.text();
  const json = res.headers.get('content-type')?.includes('json') && text;
  const links = Object.fromEntries([...(res.headers.get('link') ?? '').matchAll(/<([^>]*)>; rel="([a-z]+)"/g)].map(([, target, rel]) => [rel, target]));
  return { status: res.status, body: (json ? JSON.parse(text) : undefined) as T, links };
}
