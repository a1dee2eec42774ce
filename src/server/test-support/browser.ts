/**
 * A browser's cookies and XSRF token, for tests of the built portal in child processes (over real
 * HTTP, where TestClient injects): sent to whichever portal each request names, as a load balancer
 * without sticky sessions would.
 */
export class Browser {
  constructor(private readonly cookies = new Map<string, string>()) {}

  copy(): Browser {
    return new Browser(new Map(this.cookies));
  }

  async request(
    portal: { base: string },
    method: string,
    url: string,
    body: { json?: unknown; form?: FormData; headers?: Record<string, string> } = {},
  ): Promise<Response> {
    if (method !== 'GET' && !this.cookies.has('XSRF-TOKEN')) await this.request(portal, 'GET', '/api/users/profile');
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...body.headers };
    if (method !== 'GET') headers['x-xsrf-token'] = this.cookies.get('XSRF-TOKEN') ?? '';
    if (body.json !== undefined) headers['content-type'] = 'application/json';
    const payload = body.json === undefined ? body.form : JSON.stringify(body.json);
    const response = await fetch(`${portal.base}${url}`, { method, headers, body: payload });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', ...value] = pair.split('=');
      const cleared = value.join('=') === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie);
      if (cleared) this.cookies.delete(name);
      else this.cookies.set(name, value.join('='));
    }
    return response;
  }
}
