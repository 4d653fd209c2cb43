import type { Language } from '@gm/contract/messages.ts';
import { dayNumber, RETENTION_DAYS, type NewActiveStats, type OnlineStats, type RechargeByGoodsStats, type RechargeByUserStats, type RechargeStats, type RetentionStats } from '@gm/contract/statistics.contract.ts';
import { createTimeFormatter } from '../../platform/display-time.ts';
import type { CellValue, XlsxColumn } from '../../platform/spreadsheet/xlsx-writer.ts';

/**
 * The table view of each statistics screen as a sheet: headers in the operator's language, money
 * in currency units (two decimals), rates as fractions, times in the display time zone.
 */

type Label = readonly [en: string, zh: string];
export interface Sheet {
  title: Label;
  columns: Label[];
  rows: CellValue[][];
}

const money = (minor: number) => Math.round(minor) / 100;
const rate = (value: number) => Math.round(value * 10_000) / 10_000;

export function onlineSheet(stats: OnlineStats, timeZone: string): Sheet {
  const time = createTimeFormatter(timeZone);
  const areas = stats.series.filter((s) => s.areaId !== null);
  const total = stats.series.find((s) => s.areaId === null);
  const byArea = areas.map((s) => new Map(s.points.map((p) => [p.time, p.online])));
  return {
    title: ['Online users', '在线人数'],
    columns: [['Time', '时间'], ['All regions', '全部区服'], ...areas.map((s): Label => [`Region ${s.areaId}`, `区服 ${s.areaId}`])],
    rows: (total?.points ?? []).map((p) => [time(p.time), p.online, ...byArea.map((m) => m.get(p.time) ?? 0)]),
  };
}

export function newActiveSheet(stats: NewActiveStats): Sheet {
  return {
    title: ['New and active users', '新增与活跃'],
    columns: [['Date', '日期'], ['New accounts', '新增账号'], ['New players', '新增玩家'], ['New devices', '新增设备'], ['DAU', '日活跃'], ['WAU', '周活跃'], ['MAU', '月活跃']],
    rows: stats.days.map((d) => [d.date, d.newAccounts, d.newPlayers, d.newDevices, d.dau, d.wau, d.mau]),
  };
}

export function rechargeSheet(stats: RechargeStats): Sheet {
  const c = stats.currency;
  return {
    title: ['Recharge overview', '充值总览'],
    columns: [['Date', '日期'], [`Revenue (${c})`, `收入（${c}）`], ['Orders', '订单数'], ['Paying users', '付费人数'], ['Pay rate', '付费率'], [`ARPU (${c})`, `ARPU（${c}）`], [`ARPPU (${c})`, `ARPPU（${c}）`], ['First-time payers', '首次付费人数'], [`Cumulative revenue (${c})`, `累计收入（${c}）`]],
    rows: stats.days.map((d) => [d.date, money(d.revenue), d.orders, d.payers, rate(d.payRate), money(d.arpu), money(d.arppu), d.firstPayers, money(d.cumulative)]),
  };
}

export function rechargeByGoodsSheet(stats: RechargeByGoodsStats): Sheet {
  const c = stats.currency;
  return {
    title: ['Recharge by goods', '商品充值'],
    columns: [['Product ID', '产品ID'], ['Product name', '产品名称'], [`Revenue (${c})`, `收入（${c}）`], ['Orders', '订单数'], ['Paying users', '付费人数'], ['Share', '占比']],
    rows: stats.rows.map((r) => [r.productId, r.productName, money(r.revenue), r.orders, r.payers, rate(r.share)]),
  };
}

export function rechargeByUserSheet(stats: RechargeByUserStats, timeZone: string): Sheet {
  const time = createTimeFormatter(timeZone);
  const c = stats.currency;
  return {
    title: ['Recharge by user', '用户充值'],
    columns: [['Role ID', '角色ID'], ['Region ID', '区服ID'], [`Revenue (${c})`, `收入（${c}）`], ['Orders', '订单数'], ['First payment', '首次付费'], ['Last payment', '最近付费']],
    rows: stats.rows.map((r) => [r.roleId, r.areaId, money(r.revenue), r.orders, time(r.firstPaidAt), time(r.lastPaidAt)]),
  };
}

/**
 * `today` (the display time zone's day number, `dayNumber`): a point whose day is today counts only the logins so
 * far. The screen marks it "so far"; a sheet has no such mark and a low share reads as a
 * collapse, so it stays empty there, as a point still to come does.
 */
export function retentionSheet(stats: RetentionStats, today: number): Sheet {
  const points = RETENTION_DAYS.map(String) as (keyof RetentionStats['cohorts'][number]['retained'])[];
  const share = (c: RetentionStats['cohorts'][number], n: (typeof points)[number]) => {
    const retained = c.retained[n];
    if (retained === undefined || dayNumber(c.date) + Number(n) >= today) return null;
    return c.size === 0 ? 0 : rate(retained / c.size);
  };
  return {
    title: stats.kind === 'player' ? ['Player retention', '玩家留存'] : ['Device retention', '设备留存'],
    columns: [['First day', '首日'], ['Cohort size', '人数'], ...points.map((n): Label => [n === '1' ? 'Next day' : `Day ${n}`, n === '1' ? '次日' : `${n}日`])],
    rows: stats.cohorts.map((c) => [c.date, c.size, ...points.map((n) => share(c, n))]),
  };
}

export function sheetColumns(sheet: Sheet, lang: Language): XlsxColumn[] {
  return sheet.columns.map(([en, zh]) => ({ header: lang === 'en' ? en : zh, width: Math.max(12, (lang === 'en' ? en : zh).length + 4) }));
}

export function sheetTitle(sheet: Sheet, lang: Language): string {
  return lang === 'en' ? sheet.title[0] : sheet.title[1];
}
