import 'server-only';
import type { RouteConfig } from '@hono/zod-openapi';
import { inProcessService, type ServiceFetch } from './in-process';
import { ServiceError } from './service-error';
import type { RouteInput, RouteOutput } from './types';

export { ServiceError };
export type { RouteInput, RouteOutput };

const API_BASE_PATH = '/api/v1';
const TIMEOUT_MS = 10_000;

export interface ClientOptions {
  accessToken?: string;
  /** The browser's address, so the service throttles sign-ins per person rather than per portal. */
  forwardedFor?: string;
  baseUrl?: string;
}

export interface ServiceResult<R extends RouteConfig> {
  data: RouteOutput<R>;
  status: number;
  headers: Headers;
}

function urlFor(baseUrl: string, route: RouteConfig, input: RouteInput<RouteConfig>): string {
  const params = (input.params ?? {}) as Record<string, string>;
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String(params[name] ?? '')));
  const url = new URL(API_BASE_PATH + path, baseUrl);
  for (const [key, value] of Object.entries((input.query ?? {}) as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(item));
  }
  return url.toString();
}

async function problemOf(response: Response): Promise<ServiceError> {
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return new ServiceError(
    response.status,
    typeof body.code === 'string' ? body.code : 'http_error',
    typeof body.title === 'string' ? body.title : response.statusText,
    typeof body.detail === 'string' ? body.detail : undefined,
    Array.isArray(body.errors) ? (body.errors as { path: string; message: string }[]) : undefined,
    Number(response.headers.get('retry-after')) || undefined,
    body,
  );
}

/** As fetch would: the request's signal (its timeout) rejects the call, whatever the handler is doing. */
function answeredInTime(service: ServiceFetch, request: Request): Promise<Response> {
  const { signal } = request;
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    service(request).then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/** The portal's way to the service: typed by the same route definitions the service validates with. */
export function serviceClient(options: ClientOptions = {}) {
  const baseUrl = options.baseUrl ?? process.env.SERVICE_URL ?? 'http://127.0.0.1:3000';

  async function request<R extends RouteConfig>(route: R, input = {} as RouteInput<R>): Promise<ServiceResult<R>> {
    const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
    if (options.accessToken) headers.authorization = `Bearer ${options.accessToken}`;
    if (options.forwardedFor) headers['x-forwarded-for'] = options.forwardedFor;
    if (input.json !== undefined) headers['content-type'] = 'application/json';
    const url = urlFor(baseUrl, route, input as RouteInput<RouteConfig>);
    const init = { method: route.method.toUpperCase(), headers, body: input.json === undefined ? undefined : JSON.stringify(input.json), signal: AbortSignal.timeout(TIMEOUT_MS) };
    const inProcess = options.baseUrl ? undefined : inProcessService();
    const response = inProcess ? await answeredInTime(inProcess, new Request(url, init)) : await fetch(url, { ...init, cache: 'no-store' });
    if (!response.ok) throw await problemOf(response);
    const data = response.status === 204 ? undefined : await response.json();
    return { data: data as RouteOutput<R>, status: response.status, headers: response.headers };
  }

  return {
    request,
    async call<R extends RouteConfig>(route: R, input = {} as RouteInput<R>): Promise<RouteOutput<R>> {
      return (await request(route, input)).data;
    },
  };
}

export type ServiceClient = ReturnType<typeof serviceClient>;
