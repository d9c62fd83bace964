/**
 * Load on the customers and bills lists over data seeded by bench/seed-bills.ts. Deep pages are
 * reached the way a client reaches them, by following `Link: rel="next"` from the first page, so
 * the figures show that keyset paging costs the same at any depth.
 */
interface Target {
  apiPort: number;
  accessToken: string;
  merchantId: string;
}

type Load<Figures> = (name: string, url: string, headers: Record<string, string>, connections?: number) => Promise<Figures>;

/** Pages skipped, 200 rows at a time, before the "deep" page is measured. */
const DEEP_CUSTOMER_HOPS = Number(process.env.BENCH_DEEP_CUSTOMER_HOPS ?? 25);
const DEEP_BILL_HOPS = Number(process.env.BENCH_DEEP_BILL_HOPS ?? 100);

async function getJson(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}: ${await response.text()}`);
  return response;
}

/** The URL of the page after `hops` pages of `path`, with the default page size for the measurement. */
async function deepPage(origin: string, path: string, hops: number, headers: Record<string, string>) {
  let url = `${origin}${path}${path.includes('?') ? '&' : '?'}limit=200`;
  for (let hop = 0; hop < hops; hop++) {
    const link = (await getJson(url, headers)).headers.get('link')?.match(/^<([^>]+)>; rel="next"$/)?.[1];
    if (!link) throw new Error(`${path} has fewer than ${hops + 1} pages of 200: seed more rows`);
    url = `${origin}${link}`;
  }
  const deep = new URL(url);
  deep.searchParams.delete('limit');
  return deep.toString();
}

export async function billScenarios<Figures>(target: Target, load: Load<Figures>, connections?: number): Promise<Figures[]> {
  const origin = `http://127.0.0.1:${target.apiPort}`;
  const api = `${origin}/api/v1/merchants/me`;
  const headers = { authorization: `Bearer ${target.accessToken}` };

  const deepCustomers = await deepPage(origin, '/api/v1/merchants/me/customers', DEEP_CUSTOMER_HOPS, headers);
  const deepBills = await deepPage(origin, '/api/v1/merchants/me/expected-payments', DEEP_BILL_HOPS, headers);
  const [someBill] = (await (await getJson(`${api}/expected-payments?limit=1`, headers)).json()) as { id: string }[];
  if (!someBill) throw new Error('No bills to load: run seedBills first');

  const scenarios = [
    ['GET customers, first page', `${api}/customers`],
    [`GET customers, page after ${DEEP_CUSTOMER_HOPS * 200} rows`, deepCustomers],
    ['GET expected-payments, first page', `${api}/expected-payments`],
    [`GET expected-payments, page after ${DEEP_BILL_HOPS * 200} rows`, deepBills],
    ['GET expected-payments?status=EXPIRED, first page', `${api}/expected-payments?status=EXPIRED`],
    ['GET expected-payments/{id}', `${api}/expected-payments/${someBill.id}`],
  ] as const;
  const figures: Figures[] = [];
  for (const [name, url] of scenarios) figures.push(await load(name, url, headers, connections));
  return figures;
}

