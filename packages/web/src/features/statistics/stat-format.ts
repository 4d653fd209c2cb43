import { formatMinorUnits } from '../../shared/format.ts';

/** Counts with thousands separators (the same in both languages). */
export const formatCount = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });

/** A share (0 to 1) as a percentage with one decimal: 0.4567 -> "45.7%". */
export const formatPercent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** Minor units (perhaps not whole: ARPU) as currency units with two decimals: 123456 -> "1,234.56". */
export const formatMoney = (minor: number) => formatMinorUnits(Math.round(minor));

/** Minor units as a number of currency units, for a chart's values. */
export const moneyUnits = (minor: number) => Math.round(minor) / 100;
