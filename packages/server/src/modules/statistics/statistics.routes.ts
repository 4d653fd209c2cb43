import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope } from '@gm/contract/common.contract.ts';
import { XLSX_CONTENT_TYPE } from '@gm/contract/exports.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import {
  dashboardStats,
  newActiveStats,
  onlineStats,
  rechargeByGoodsStats,
  rechargeByUserStats,
  rechargeQuery,
  rechargeStats,
  retentionQuery,
  retentionStats,
  statisticsQuery,
} from '@gm/contract/statistics.contract.ts';
import * as audit from '../../platform/audit/audit.service.ts';
import { actorOf, type ServiceContext } from '../../platform/context.ts';
import { requestLanguage } from '../../platform/i18n.ts';
import { attachment, ok } from '../../platform/reply.ts';
import { workbookBuffer } from '../../platform/spreadsheet/workbook-buffer.ts';
import * as exportSheets from './statistics-export.ts';
import * as statistics from './statistics.service.ts';

/**
 * /statistics: the figures of the "Data statistics" screens (issue 12) and their table views as
 * .xlsx. Every route only reads; an export is audited, as every export is.
 */
export function statisticsRoutes(ctx: ServiceContext) {
  return async (fastify: FastifyInstance) => {
    const app = fastify.withTypeProvider<ZodTypeProvider>();
    const tags = ['statistics'];
    const zone = ctx.config.displayTimeZone;

    /** The sheet answered straight back, and the export in the trail. */
    async function sendSheet(reply: FastifyReply, request: Parameters<typeof actorOf>[0], name: string, code: number, sheet: exportSheets.Sheet, query: object) {
      const lang = requestLanguage(request);
      const file = await workbookBuffer(exportSheets.sheetColumns(sheet, lang), sheet.rows, exportSheets.sheetTitle(sheet, lang));
      await audit.record(ctx.db, actorOf(request), { action: 'statistics.export', code, targets: [name], params: { ...query } }, ctx.now());
      const q = query as { start?: string; end?: string };
      return reply
        .header('content-type', XLSX_CONTENT_TYPE)
        .header('content-disposition', attachment(`statistics_${name}_${q.start ?? ''}_${q.end ?? ''}.xlsx`))
        .header('cache-control', 'private, no-store')
        .send(file);
    }

    app.get('/statistics/online', {
      config: { permission: P.STAT_ONLINE },
      schema: { tags, summary: 'Online users per region and in total (per sample up to 2 days, per hour beyond), with peak and average', querystring: statisticsQuery, response: { 200: envelope(onlineStats) } },
    }, async (request) => ok(await statistics.online(ctx, request.query)));

    app.get('/statistics/online/export', {
      config: { permission: P.STAT_ONLINE, action: 'statistics.export', readOnly: true },
      schema: { tags, summary: 'The online users table as .xlsx', querystring: statisticsQuery },
    }, async (request, reply) => sendSheet(reply, request, 'online', P.STAT_ONLINE, exportSheets.onlineSheet(await statistics.online(ctx, request.query), zone), request.query));

    app.get('/statistics/new-active', {
      config: { permission: P.STAT_PLAYER_LOGIN },
      schema: { tags, summary: 'Per day: new accounts, players and devices, DAU, WAU, MAU; and the totals up to the last day', querystring: statisticsQuery, response: { 200: envelope(newActiveStats) } },
    }, async (request) => ok(await statistics.newActive(ctx, request.query)));

    app.get('/statistics/new-active/export', {
      config: { permission: P.STAT_PLAYER_LOGIN, action: 'statistics.export', readOnly: true },
      schema: { tags, summary: 'The new and active users table as .xlsx', querystring: statisticsQuery },
    }, async (request, reply) => sendSheet(reply, request, 'new-active', P.STAT_PLAYER_LOGIN, exportSheets.newActiveSheet(await statistics.newActive(ctx, request.query)), request.query));

    app.get('/statistics/recharge', {
      config: { permission: P.STAT_RECHARGE },
      schema: { tags, summary: 'Per day: revenue, orders, payers, pay rate, ARPU, ARPPU, first-time payers and cumulative revenue (minor units)', querystring: rechargeQuery, response: { 200: envelope(rechargeStats) } },
    }, async (request) => ok(await statistics.recharge(ctx, request.query)));

    app.get('/statistics/recharge/export', {
      config: { permission: P.STAT_RECHARGE, action: 'statistics.export', readOnly: true },
      schema: { tags, summary: 'The recharge overview table as .xlsx', querystring: rechargeQuery },
    }, async (request, reply) => sendSheet(reply, request, 'recharge', P.STAT_RECHARGE, exportSheets.rechargeSheet(await statistics.recharge(ctx, request.query)), request.query));

    app.get('/statistics/recharge-by-goods', {
      config: { permission: P.STAT_RECHARGE },
      schema: { tags, summary: 'Revenue, orders, payers and share per product over the range', querystring: rechargeQuery, response: { 200: envelope(rechargeByGoodsStats) } },
    }, async (request) => ok(await statistics.rechargeByGoods(ctx, request.query)));

    app.get('/statistics/recharge-by-goods/export', {
      config: { permission: P.STAT_RECHARGE, action: 'statistics.export', readOnly: true },
      schema: { tags, summary: 'The recharge by goods table as .xlsx', querystring: rechargeQuery },
    }, async (request, reply) => sendSheet(reply, request, 'recharge-by-goods', P.STAT_RECHARGE, exportSheets.rechargeByGoodsSheet(await statistics.rechargeByGoods(ctx, request.query)), request.query));

    app.get('/statistics/recharge-by-user', {
      config: { permission: P.STAT_RECHARGE },
      schema: { tags, summary: 'The top payers of the range with their totals, orders, first and last payment', querystring: rechargeQuery, response: { 200: envelope(rechargeByUserStats) } },
    }, async (request) => ok(await statistics.rechargeByUser(ctx, request.query)));

    app.get('/statistics/recharge-by-user/export', {
      config: { permission: P.STAT_RECHARGE, action: 'statistics.export', readOnly: true },
      schema: { tags, summary: 'The recharge by user table as .xlsx', querystring: rechargeQuery },
    }, async (request, reply) => sendSheet(reply, request, 'recharge-by-user', P.STAT_RECHARGE, exportSheets.rechargeByUserSheet(await statistics.rechargeByUser(ctx, request.query), zone), request.query));

    app.get('/statistics/retention', {
      config: { permission: P.STAT_RETENTION },
      schema: { tags, summary: 'Player or device cohorts by first day, retained at next day, 3, 7, 15, 21 and 30 days (a point still to come is absent)', querystring: retentionQuery, response: { 200: envelope(retentionStats) } },
    }, async (request) => ok(await statistics.retention(ctx, request.query)));

    app.get('/statistics/retention/export', {
      config: { permission: P.STAT_RETENTION, action: 'statistics.export', readOnly: true },
      schema: { tags, summary: 'The retention table as .xlsx', querystring: retentionQuery },
    }, async (request, reply) => sendSheet(reply, request, 'retention', P.STAT_RETENTION, exportSheets.retentionSheet(await statistics.retention(ctx, request.query), statistics.clockOf(ctx).dayOf(ctx.now())), request.query));

    app.get('/statistics/dashboard', {
      config: { permission: P.STAT_ONLINE },
      schema: { tags, summary: "The dashboard's game figures: online now and over 24 hours, today against yesterday at this time", response: { 200: envelope(dashboardStats) } },
    }, async () => ok(await statistics.dashboard(ctx)));
  };
}
