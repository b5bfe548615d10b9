/** A small fetch client with a cookie jar, so a test acts as one browser. */
export class Client {
  private readonly cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  /** The raw Set-Cookie lines of the last response, for asserting cookie attributes. */
  lastSetCookies: string[] = [];

  async request(method: string, url: string, init: { json?: unknown; body?: RequestInit['body']; headers?: Record<string, string> } = {}): Promise<Response> {
    const headers: Record<string, string> = { origin: this.baseUrl, ...init.headers };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    let body = init.body;
    if (init.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(init.json);
    }
    const target = new URL(url, this.baseUrl);
    const response = await fetch(target, { method, headers, body, redirect: 'manual', duplex: 'half' } as RequestInit);
    this.lastSetCookies = response.headers.getSetCookie();
    if (target.origin === new URL(this.baseUrl).origin) this.store(this.lastSetCookies);
    return response;
  }

  /** The Cookie header this client sends, for opening other connections as the same browser. */
  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }

  post(url: string, json?: unknown) {
    return this.request('POST', url, { json: json ?? {} });
  }

  async json<T = unknown>(method: string, url: string, json?: unknown): Promise<{ status: number; body: T }> {
    const response = await this.request(method, url, json === undefined ? {} : { json });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }

  private store(setCookies: string[]) {
    for (const line of setCookies) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      if (value === '' || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Signs up a new email user (better-auth signs them in too). */
  async signUp(name = 'Test Listener', email = `user-${Math.random().toString(36).slice(2)}@example.com`, password = 'correct-horse-battery') {
    const response = await this.json<{ user: { id: string; email: string } }>('POST', '/api/auth/sign-up/email', { name, email, password });
    if (response.status !== 200) throw new Error(`sign-up failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.user;
  }
}
