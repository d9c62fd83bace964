import type { Metadata } from 'next';
import Link from '@/components/ui/link';
import { PromptTable } from '@/components/stk/prompt-table';
import { canSendAgain, promptStatusOptions } from '@/components/stk/prompt-words';
import { SimulatorNumbers } from '@/components/stk/simulator-numbers';
import type { PromptStatus } from '@/components/stk/types';
import { buttonClassName } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Field } from '@/components/ui/field';
import { FiltersFold } from '@/components/ui/filters-fold';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { SelectField } from '@/components/ui/select-field';
import { sandboxEnabled } from '@/lib/platform/config';
import { kenyanMobile } from '@/lib/platform/phone';
import { cursorParam, fetchPage, firstParam, type SearchParams } from '@/lib/portal/pagination';
import { canWrite } from '@/lib/portal/roles';
import { portalClient, requireSession } from '@/lib/portal/session';
import { stkRoutes } from '@/lib/stk/routes';
import { accountRoutes } from '@/lib/accounts/routes';
import { isServiceError } from '@/lib/portal/errors';
import { servicePage } from '@/components/ui/service-page';
import { billLabel, customerLabel } from '../record-labels';
import { promptPurposes } from './prompt-purpose';

export const metadata: Metadata = { title: 'Phone prompts' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuidParam = (value: SearchParams[string]) => {
  const text = firstParam(value);
  return text && UUID.test(text) ? text : undefined;
};
const isPromptStatus = (text: string | undefined): text is PromptStatus => promptStatusOptions.some((option) => option.value === text);

/**
 * Every phone prompt sent, newest first, whatever page it was sent from: what became of it, when,
 * to which phone, for how much and for which bill or customer. One that failed, was cancelled or
 * timed out can be sent again from here.
 */
async function PromptsPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const session = await requireSession();
  const query = await searchParams;
  const typed = { status: firstParam(query.status), phone: firstParam(query.phone)?.slice(0, 40) };
  const phone = typed.phone?.trim() ? kenyanMobile(typed.phone) : undefined;
  const phoneError = typed.phone?.trim() && !phone ? ['Enter a Kenyan mobile number, such as 0712 345 678.'] : undefined;
  const expectedPaymentId = uuidParam(query.expectedPaymentId);
  const customerId = uuidParam(query.customerId);
  const filters = { status: isPromptStatus(typed.status) ? typed.status : undefined, phone, expectedPaymentId, customerId };
  const [page, mainAccount] = await Promise.all([
    fetchPage(portalClient(session), stkRoutes.list, { query: filters }, { path: '/stk', filters, cursor: cursorParam(query.cursor) }),
    // Prompts to the main account link to its page; a scoped user has none (404).
    portalClient(session).call(accountRoutes.legacy).catch((error: unknown) => {
      if (isServiceError(error) && error.status === 404) return undefined;
      throw error;
    }),
  ]);
  const client = portalClient(session);
  const [purposes, scopeLabel] = await Promise.all([
    promptPurposes(client, page.items, mainAccount?.accountNumber),
    expectedPaymentId ? billLabel(client, expectedPaymentId) : customerId ? customerLabel(client, customerId) : undefined,
  ]);
  const filtered = Boolean(filters.status || filters.phone || expectedPaymentId || customerId);
  const writer = canWrite(session.user);
  // One key per prompt that may be sent again, made now: a double click sends one prompt.
  const resendKeys = writer ? new Map(page.items.filter((prompt) => canSendAgain(prompt.status)).map((prompt) => [prompt.id, crypto.randomUUID()])) : undefined;
  return (
    <>
      <PageHeader
        title="Phone prompts"
        description="M-Pesa prompts sent to payers' phones (STK push), newest first. Send one from a bill, a customer or an account."
      />
      {(expectedPaymentId || customerId) && (
        <p className="mb-4 text-sm text-slate-700">
          Showing the prompts of{' '}
          <Link href={expectedPaymentId ? `/bills/${expectedPaymentId}` : `/customers/${customerId}`} className="font-medium text-brand-800 underline">
            {scopeLabel}
          </Link>
          .{' '}
          <Link href="/stk" className="font-medium text-brand-800 underline">
            Show every prompt
          </Link>
        </p>
      )}
      {/* Keyed by the filters, so that "Clear" (a link to the bare page) empties every field. */}
      <FiltersFold active={filtered || Boolean(phoneError)}>
      <form key={JSON.stringify(typed)} method="get" action="/stk" className="flex flex-wrap items-end gap-3" role="search" aria-label="Phone prompts" noValidate>
        {expectedPaymentId && <input type="hidden" name="expectedPaymentId" value={expectedPaymentId} />}
        {customerId && <input type="hidden" name="customerId" value={customerId} />}
        <SelectField label="Status" name="status" options={[{ value: '', label: 'Any' }, ...promptStatusOptions]} defaultValue={filters.status ?? ''} className="w-56" />
        <Field label="Phone" name="phone" type="tel" autoComplete="off" defaultValue={typed.phone} errors={phoneError} className="w-56" />
        <button type="submit" className={buttonClassName('secondary')}>
          Show prompts
        </button>
        {filtered && (
          <Link href="/stk" className={buttonClassName('quiet')}>
            Clear
          </Link>
        )}
      </form>
      </FiltersFold>
      {page.items.length > 0 ? (
        <PromptTable prompts={page.items} purposes={purposes} resendKeys={resendKeys} />
      ) : (
        <EmptyState title={filtered ? 'No prompts match' : 'No prompts yet'}>
          <p>{filtered ? 'Try another status or phone.' : 'Prompts you send from a bill, a customer or an account appear here.'}</p>
        </EmptyState>
      )}
      <Pagination firstHref={page.firstHref} nextHref={page.nextHref} label="Pages of prompts" />
      {sandboxEnabled() && <SimulatorNumbers />}
    </>
  );
}

export default servicePage({ title: 'Phone prompts', back: { href: '/stk', label: 'Show every phone prompt' } }, PromptsPage);
