import { Fragment } from 'react';
import { loadApiReference } from '@/app/docs/reference';
import { linkOperations, operationIndex, type OperationIndex } from '@/lib/portal/api-reference/operation-links';
import { linkClass } from './guides/parts';

const codeClass = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]';
// Only text that may name an operation asks for the reference (built once per server).
const MAY_NAME_AN_OPERATION = /\b(GET|POST|PUT|PATCH|DELETE) \/|\bsee /i;

/**
 * Description text from the API document: plain text, with `backticks` shown as code, and every
 * operation it names (a route such as `POST /merchants/me/bills`, or "see Create a bill") a link
 * to that operation's entry in the reference (lib/portal/api-reference/operation-links.ts).
 */
export async function Prose({ text, className = '' }: { text?: string; className?: string }) {
  if (!text) return null;
  const index = MAY_NAME_AN_OPERATION.test(text) ? operationIndex(await loadApiReference()) : undefined;
  return (
    <p className={`whitespace-pre-line ${className}`}>
      {text.split('`').map((part, part_) => (
        <Fragment key={part_}>{part_ % 2 === 1 ? <Linked text={part} index={index} code /> : <Linked text={part} index={index} />}</Fragment>
      ))}
    </p>
  );
}

function Linked({ text, index, code = false }: { text: string; index?: OperationIndex; code?: boolean }) {
  const pieces = index ? linkOperations(text, index) : [text];
  const shown = (piece: string) => (code ? <code className={codeClass}>{piece}</code> : piece);
  return pieces.map((piece, at) =>
    typeof piece === 'string' ? (
      <Fragment key={at}>{shown(piece)}</Fragment>
    ) : (
      <a key={at} href={piece.href} className={linkClass}>
        {shown(piece.text)}
      </a>
    ),
  );
}
