/** The q-quantile (0–1) of the values by nearest rank, or undefined when there are none. */
export function nearestRank(values, q) {
  if (values.length === 0) return undefined;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
}
