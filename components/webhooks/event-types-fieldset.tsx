import { CheckboxField } from '@/components/ui/checkbox-field';
import { eventTypeText, subscribableEventTypes } from './words';
import { FieldErrors } from '@/components/ui/field-errors';

export interface EventTypesFieldsetProps {
  /** The event types ticked: as last submitted, or the endpoint's own when editing. */
  checked: ReadonlySet<string>;
  errors?: string[];
  /** What more the hint says (editing: when a change applies). */
  extraHint?: string;
}

/**
 * "Events to send": one box per event type an endpoint may subscribe to. None ticked means every
 * event, including kinds added later, as the API's `eventTypes: null` does.
 */
export function EventTypesFieldset({ checked, errors, extraHint }: EventTypesFieldsetProps) {
  return (
    <fieldset aria-describedby="eventTypes-hint eventTypes-error">
      <legend className="text-sm font-medium text-slate-800">Events to send (optional)</legend>
      <p id="eventTypes-hint" className="mt-1 text-sm text-slate-600">
        Leave every box unticked to receive every event, including kinds added later.{extraHint ? ` ${extraHint}` : ''}
      </p>
      <div className="mt-2 space-y-2">
        {subscribableEventTypes.map((type) => (
          <CheckboxField key={type} id={`eventTypes-${type}`} name="eventTypes" value={type} label={eventTypeText[type]} hint={type} defaultChecked={checked.has(type)} />
        ))}
      </div>
      <FieldErrors id="eventTypes-error" errors={errors} />
    </fieldset>
  );
}
