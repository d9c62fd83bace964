import 'server-only';
import { notFound } from 'next/navigation';
import type { ReactNode } from 'react';
import { refusedRequest } from '@/lib/portal/refusals';
import { ServiceProblem } from './service-problem';

/**
 * Every portal page that hands its address (query parameters, path ids) to the service is
 * exported through this: a request the service refuses is never a 500. A 404 is the not-found
 * page (an id that is not one, or not this merchant's); any other 4xx (422 a filter it cannot
 * take, 403 a role, 409, 410) shows the service's sentence and fields in place of the page, with
 * `back` (the list without the address's query) as the way on. 5xx and Next's own redirects and
 * not-founds pass through.
 */
export function servicePage<Props>(place: { title: string; back?: { href: string; label: string } }, page: (props: Props) => Promise<ReactNode>) {
  return async function ServicePage(props: Props): Promise<ReactNode> {
    try {
      return await page(props);
    } catch (error) {
      const problem = refusedRequest(error);
      if (!problem) throw error;
      if (problem.status === 404) notFound();
      return <ServiceProblem title={place.title} problem={problem} back={place.back} />;
    }
  };
}
