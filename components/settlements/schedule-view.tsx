import { DetailList } from '@/components/ui/detail-list';
import { formatMoney } from '@/lib/portal/money';
import type { Schedule } from './types';
import { scheduleSentence } from './words';

/** The schedule as read-only text, for those who may not change it. */
export function ScheduleView({ schedule }: { schedule: Schedule }) {
  const minimums = Object.entries(schedule.minimumAmount).map(([currency, amount]) => formatMoney(amount, currency));
  return (
    <DetailList
      items={[
        { term: 'When', detail: scheduleSentence(schedule), note: 'Days in Nairobi time.' },
        { term: 'Smallest payout', detail: minimums.length > 0 ? minimums.join(', ') : 'No minimum' },
      ]}
    />
  );
}
