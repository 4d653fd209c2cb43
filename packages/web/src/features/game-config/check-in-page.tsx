import { useEffect, useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Space, Tag, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { daysInMonth, previousMonth, type CheckInConfig, type GameConfigReward } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { useCan } from '../../shared/components/permission.tsx';
import { showInfo } from '../../shared/feedback.ts';
import { nowInZone } from '../../shared/format.ts';
import { GameConfigPage, RewardInput, detailPath, useGameConfigEditor } from './game-config-parts.tsx';
import './game-config.css';

type Slot = GameConfigReward | null;
interface MonthDraft {
  month: string;
  rewards: Slot[];
}

/** Another month's rewards fitted to `days`: cut, or the last one repeated. */
export function fitRewards(rewards: readonly Slot[], days: number): Slot[] {
  const last = rewards[rewards.length - 1] ?? null;
  return Array.from({ length: days }, (_, i) => rewards[i] ?? last);
}

/** Monday-first: how many blank cells come before day 1. */
function leadingBlanks(month: string): number {
  const weekday = dayjs(`${month}-01`).day(); // 0 Sunday
  return (weekday + 6) % 7;
}

/** /sign/index: a month's daily check-in rewards on a calendar grid. */
export function CheckInPage() {
  const { t } = useTranslation('gameConfig');
  const editor = useGameConfigEditor('checkIn');
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const saved = editor.state.data?.saved?.value as CheckInConfig | undefined;
  const version = editor.state.data?.saved?.version;
  const [months, setMonths] = useState<MonthDraft[]>([]);
  const [month, setMonth] = useState(() => nowInZone().format('YYYY-MM'));
  const [fill, setFill] = useState<Slot>(null);
  const [errors, setErrors] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    setMonths((saved?.months ?? []).map((m) => ({ month: m.month, rewards: [...m.rewards] })));
    setErrors(new Map());
  }, [saved, version]);

  const days = daysInMonth(month);
  const current = months.find((m) => m.month === month);
  const setCurrent = (rewards: Slot[]) => {
    setMonths((all) => {
      const others = all.filter((m) => m.month !== month);
      return [...others, { month, rewards }].sort((a, b) => a.month.localeCompare(b.month));
    });
  };
  const copyPrevious = () => {
    const prev = previousMonth(month);
    const source = months.find((m) => m.month === prev);
    if (!source || source.rewards.every((r) => r === null)) return showInfo(t('checkIn.noPrevious', { month: prev }));
    setCurrent(fitRewards(source.rewards, days));
  };

  const save = async () => {
    setErrors(new Map());
    const value = { months: months.map((m) => ({ month: m.month, rewards: m.rewards })) };
    await editor.save(value);
  };
  // Put the server's problems on the cells (value.months.<i>.rewards.<day-1>...).
  const saveWithErrors = async () => {
    try {
      await save();
    } finally {
      const err = editor.lastError();
      if (err) {
        const map = new Map<string, string>();
        for (const d of err) {
          const p = detailPath(d.path);
          const m = typeof p[1] === 'number' ? months[p[1]]?.month : undefined;
          if (m) map.set(p[3] === undefined ? `${m}` : `${m}:${String(p[3])}`, d.message);
        }
        setErrors(map);
      }
    }
  };

  return (
    <GameConfigPage configKey="checkIn" editor={editor} onSave={() => void saveWithErrors()}>
      <Card
        title={
          <Space wrap>
            <span>{t('checkIn.month')}</span>
            <DatePicker picker="month" allowClear={false} value={dayjs(`${month}-01`)} onChange={(d) => d && setMonth(d.format('YYYY-MM'))} aria-label={t('checkIn.month')} data-testid="checkin-month" />
          </Space>
        }
        extra={
          canEdit ? (
            <Space wrap>
              {!current ? (
                <Button icon={<PlusOutlined />} onClick={() => setCurrent(Array.from({ length: days }, () => null))}>
                  {t('checkIn.addMonth')}
                </Button>
              ) : (
                <Button danger icon={<DeleteOutlined />} onClick={() => setMonths((all) => all.filter((m) => m.month !== month))}>
                  {t('checkIn.removeMonth')}
                </Button>
              )}
              <Button icon={<CopyOutlined />} onClick={copyPrevious}>
                {t('checkIn.copyPrevious')}
              </Button>
            </Space>
          ) : null
        }
      >
        <Flex vertical gap={12}>
          <Flex gap={8} wrap align="center">
            <Typography.Text type="secondary">{t('checkIn.months')}:</Typography.Text>
            {months.length === 0 ? <Typography.Text type="secondary">{t('checkIn.noMonths')}</Typography.Text> : null}
            {months.map((m) => (
              <Tag.CheckableTag key={m.month} checked={m.month === month} onChange={() => setMonth(m.month)}>
                {m.month}
              </Tag.CheckableTag>
            ))}
          </Flex>
          {canEdit ? (
            <Flex gap={8} wrap align="center">
              <Typography.Text>{t('checkIn.fillAll')}</Typography.Text>
              <div style={{ width: 320 }}>
                <RewardInput value={fill} onChange={setFill} />
              </div>
              <Button disabled={!fill} onClick={() => fill && setCurrent(Array.from({ length: days }, () => ({ ...fill })))} data-testid="checkin-fill">
                {t('checkIn.fill')}
              </Button>
            </Flex>
          ) : null}
          {errors.get(month) ? <Alert type="error" showIcon title={errors.get(month)} /> : null}
          {!current ? (
            <Alert type="info" showIcon title={t('checkIn.notConfigured', { month })} />
          ) : (
            <div className="gm-checkin-grid" data-testid="checkin-grid">
              {t('checkIn.weekdays')
                .split(',')
                .map((w) => (
                  <div key={w} className="gm-checkin-weekday">
                    {w}
                  </div>
                ))}
              {Array.from({ length: leadingBlanks(month) }, (_, i) => (
                <div key={`blank-${i}`} className="gm-checkin-blank" />
              ))}
              {current.rewards.map((r, i) => {
                const error = [...errors.entries()].find(([k]) => k.startsWith(`${month}:${i}`))?.[1];
                return (
                  <div key={i} className={`gm-checkin-cell${error ? ' gm-checkin-cell-error' : ''}`} data-testid={`checkin-day-${i + 1}`}>
                    <div className="gm-checkin-day">{t('checkIn.day', { day: i + 1 })}</div>
                    <RewardInput size="small" disabled={!canEdit} value={r} onChange={(v) => setCurrent(current.rewards.map((x, j) => (j === i ? v : x)))} />
                    {error ? <Typography.Text type="danger" style={{ fontSize: 12 }}>{error}</Typography.Text> : null}
                  </div>
                );
              })}
            </div>
          )}
        </Flex>
      </Card>
    </GameConfigPage>
  );
}
