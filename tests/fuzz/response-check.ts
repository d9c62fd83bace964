import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Operation, OpenApiDocument } from './operations';

// ajv-formats is CommonJS: its default export arrives wrapped once more under some loaders.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule) as typeof addFormatsModule;

const DOCUMENT_ID = 'https://collect.test/openapi.json';
const pointerPart = (part: string) => part.replaceAll('~', '~0').replaceAll('/', '~1');

/** Body fields that are secrets: an answer carrying one must not be stored by any cache. */
const SECRET_FIELDS = ['accessToken', 'refreshToken', 'secret'];

/**
 * Checks an answer against the operation's documented responses: a status below 500 that the
 * document lists, a documented content type, and a body matching that response's schema; and the
 * headers every API answer owes (nosniff; no-store where the body holds a token or secret).
 */
export class ResponseChecker {
  private readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(document: OpenApiDocument) {
    this.ajv = new Ajv2020({ strict: false, allErrors: false, validateSchema: false });
    addFormats(this.ajv);
    // The whole document under one id: every response schema is then a JSON pointer into it,
    // and its $refs to #/components/schemas resolve against the same root.
    this.ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  }

  /** Problems found, in words that group well (empty when the answer is as documented). */
  check(operation: Operation, status: number, headers: Headers, body: string): string[] {
    const problems = this.checkBody(operation, status, headers.get('content-type'), body);
    if (headers.get('x-content-type-options') !== 'nosniff') problems.push('answers without X-Content-Type-Options: nosniff');
    if (status < 300 && holdsSecret(body) && !/\bno-store\b/.test(headers.get('cache-control') ?? '')) {
      problems.push(`status ${status} carries a token or secret without Cache-Control: no-store`);
    }
    return problems;
  }

  private checkBody(operation: Operation, status: number, contentType: string | null, body: string): string[] {
    if (status >= 500) return [`answers ${status}${codeOf(body)}`];
    const documented = operation.responses[String(status)] ?? operation.responses[`${String(status)[0]}XX`] ?? operation.responses.default;
    if (!documented) return [`answers undocumented status ${status}${codeOf(body)}`];
    const mediaTypes = Object.keys(documented.content ?? {});
    if (mediaTypes.length === 0) return body.length === 0 ? [] : [`status ${status} is documented without a body but has one`];
    const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
    if (!mediaTypes.includes(mediaType)) return [`status ${status} answers content type "${mediaType}", documented ${mediaTypes.join(' or ')}`];
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      return [`status ${status} body is not JSON`];
    }
    const validate = this.validatorFor(operation, String(status) in operation.responses ? String(status) : 'default', mediaType);
    if (validate(parsed)) return [];
    return (validate.errors ?? []).slice(0, 2).map((error) => `status ${status} body ${error.instancePath || '/'} ${error.message}`);
  }

  private validatorFor(operation: Operation, status: string, mediaType: string): ValidateFunction {
    const pointer = ['paths', operation.path, operation.method, 'responses', status, 'content', mediaType, 'schema'].map(pointerPart).join('/');
    let validate = this.validators.get(pointer);
    if (!validate) this.validators.set(pointer, (validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#/${pointer}` })));
    return validate;
  }
}

function holdsSecret(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as unknown;
    return typeof parsed === 'object' && parsed !== null && SECRET_FIELDS.some((field) => typeof (parsed as Record<string, unknown>)[field] === 'string');
  } catch {
    return false;
  }
}

function codeOf(body: string): string {
  try {
    const code = (JSON.parse(body) as { code?: unknown }).code;
    return typeof code === 'string' ? ` ${code}` : '';
  } catch {
    return '';
  }
}
