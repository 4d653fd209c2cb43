import { describe, expect, it } from 'vitest';
import { exportColumns } from './export-file.ts';

describe('export cells of text columns', () => {
  it('names the words a column knows in the reader\'s language, and writes any other value as sent', () => {
    const zh = exportColumns('recharge', ['pay_channel'], 'zh-CN', 'Asia/Shanghai');
    expect(zh.formatInPlace(['alipay'])).toEqual(['支付宝']);
    expect(zh.formatInPlace(['paypal'])).toEqual(['paypal']);
    expect(exportColumns('stage', ['stage_type'], 'en', 'Asia/Shanghai').formatInPlace(['tower'])).toEqual(['Tower']);
    expect(exportColumns('globalChat', ['channel'], 'zh-CN', 'Asia/Shanghai').formatInPlace(['recruit'])).toEqual(['招募']);
    expect(exportColumns('currency', ['reason'], 'zh-CN', 'Asia/Shanghai').formatInPlace(['daily_task'])).toEqual(['每日任务']);
    // A column without words is as sent.
    expect(exportColumns('currency', ['subreason'], 'zh-CN', 'Asia/Shanghai').formatInPlace(['C01-01'])).toEqual(['C01-01']);
  });
});
