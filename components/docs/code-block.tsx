/**
 * A command or a JSON body as text to copy: it scrolls sideways in its own box on a phone (keyboard
 * users can focus it to scroll), never widening the page.
 */
export function CodeBlock({
  label,
  name = label,
  code,
  language,
}: {
  label: string;
  /** The accessible name, when several blocks of a page share a caption ("Request (curl)"): each region's name must be unique. */
  name?: string;
  code: string;
  language: 'shell' | 'json' | 'javascript' | 'python' | 'http';
}) {
  return (
    <figure className="min-w-0">
      <figcaption className="mb-1 text-xs font-medium text-slate-600">{label}</figcaption>
      <pre
        tabIndex={0}
        role="region"
        aria-label={name}
        data-language={language}
        className="max-h-96 overflow-auto rounded-md bg-slate-900 p-3 font-mono text-[0.8rem] leading-relaxed text-slate-100"
      >
        <code>{code}</code>
      </pre>
    </figure>
  );
}

/** JSON as the API writes it, indented for reading. */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);
