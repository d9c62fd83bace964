/** Description text from the API document: plain text, with `backticks` shown as code. */
export function Prose({ text, className = '' }: { text?: string; className?: string }) {
  if (!text) return null;
  return (
    <p className={`whitespace-pre-line ${className}`}>
      {text.split('`').map((part, index) =>
        index % 2 === 1 ? (
          <code key={index} className="rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em]">
            {part}
          </code>
        ) : (
          part
        ),
      )}
    </p>
  );
}
