/**
 * The messages under a field or a group of them. The region is always there, even empty, so that a
 * screen reader announces messages as they appear; its id is what the field's aria-describedby names.
 */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  return (
    <div id={id} aria-live="polite" aria-atomic="true">
      {errors?.map((error) => (
        <p key={error} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      ))}
    </div>
  );
}
