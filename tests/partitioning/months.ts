/** The 15th, 09:00 UTC, of the month `months` from now's (UTC months, as the partitions). */
export const midMonth = (months: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 15, 9));
};
