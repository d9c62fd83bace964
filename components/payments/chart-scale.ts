/**
 * The chart's amount axis: 0 and up to four more ticks at a round step (1, 2, 2.5 or 5 times a
 * power of ten) whose last is at or above the highest value. A picture only: floats are fine.
 */
export function axisTicks(highest: number): number[] {
  if (!(highest > 0)) return [0, 1];
  const rough = highest / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((factor) => factor * power).find((candidate) => candidate * 4 >= highest)!;
  const count = Math.ceil(highest / step);
  return Array.from({ length: count + 1 }, (_, index) => index * step);
}

/** The positions of the Mondays among the days ("2026-03-09", oldest first): where weeks are labelled. */
export function weekStarts(days: string[]): number[] {
  return days.flatMap((day, index) => (new Date(`${day}T12:00:00Z`).getUTCDay() === 1 ? [index] : []));
}
