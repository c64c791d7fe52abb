/** `from` plus `months` calendar months (UTC), used for contract end dates. */
export function addMonths(from: number, months: number): number {
  const d = new Date(from);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.getTime();
}
