import Form from 'next/form';
import { Field } from '@/components/ui/field';

/**
 * Finds the customer to bill among thousands: a GET form on the same page, answered by the
 * customers list API's own search (name, reference, email or phone in any form). With JavaScript
 * Next's <Form> fetches the page without a reload; without it, it is a plain search form.
 */
export function CustomerSearch({ query, chosen }: { query?: string; chosen?: string }) {
  return (
    <Form action="/bills/new" role="search" aria-label="Find the customer to bill" className="mb-6 flex max-w-xl flex-wrap items-end gap-3">
      {chosen && <input type="hidden" name="customerId" value={chosen} />}
      <Field
        label="Find a customer"
        name="customerQ"
        type="search"
        hint="Name, reference, email or phone. Search first: the form below keeps what you choose."
        defaultValue={query}
        autoComplete="off"
        maxLength={100}
        className="min-w-0 flex-1"
      />
      <button type="submit" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
        Search
      </button>
    </Form>
  );
}
