import { useEffect } from 'react';
import { Button, Card, Col, Flex, Form, InputNumber, Row, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RANK_MAX, type GameConfigReward, type PvpSeasonConfig, type RankBand } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { DateRangeFilter, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { GameConfigPage, RewardInput, useGameConfigEditor } from './game-config-parts.tsx';

interface Band {
  fromRank: number | null;
  toRank: number | null;
  rewards: (GameConfigReward | null)[];
}
interface Values {
  number: number | null;
  window: TimeRange;
  bands: Band[];
}

const valuesOf = (v: PvpSeasonConfig | undefined): Values =>
  v
    ? { number: v.season.number, window: [v.season.startAt, v.season.endAt], bands: v.bands.map((b: RankBand) => ({ ...b, rewards: [...b.rewards] })) }
    : { number: 1, window: null, bands: [{ fromRank: 1, toRank: 1, rewards: [null] }] };

/** /pvp/list (arena) and /pvp/peakarena (summit duel): the season and the rewards of each rank band. */
function PvpSeasonPage({ configKey }: { configKey: 'arena' | 'summitDuel' }) {
  const { t } = useTranslation('gameConfig');
  const editor = useGameConfigEditor(configKey);
  const [form] = Form.useForm<Values>();
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const saved = editor.state.data?.saved?.value as PvpSeasonConfig | undefined;
  const version = editor.state.data?.saved?.version;
  useEffect(() => {
    form.setFieldsValue(valuesOf(saved));
  }, [form, saved, version]);

  const save = () => {
    const v = form.getFieldsValue(true) as Values;
    const value = { season: { number: v.number, startAt: v.window?.[0] ?? null, endAt: v.window?.[1] ?? null }, bands: v.bands ?? [] };
    void editor.save(value, form, (p) => (p[0] === 'season' ? (p[1] === 'number' ? ['number'] : ['window']) : p));
  };

  return (
    <GameConfigPage configKey={configKey} editor={editor} onSave={save}>
      <Form form={form} layout="vertical" disabled={!canEdit}>
        <Flex vertical gap={16}>
          <Card title={t('pvp.season')}>
            <Row gutter={16}>
              <Col xs={24} md={6}>
                <Form.Item name="number" label={t('pvp.number')} required>
                  <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
              <Col xs={24} md={18}>
                <Form.Item name="window" label={t('pvp.window')} required>
                  <DateRangeFilter style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            </Row>
          </Card>
          <Card title={t('pvp.bands')} extra={<Typography.Text type="secondary">{t('pvp.bandsHint')}</Typography.Text>}>
            <Form.List name="bands">
              {(bands, { add, remove }) => (
                <Flex vertical gap={12}>
                  {bands.map((band, i) => (
                    <Card key={band.key} size="small" title={t('pvp.band', { band: i + 1 })} data-testid={`band-${i + 1}`} extra={canEdit && bands.length > 1 ? <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(band.name)} aria-label={t('actions.remove')} /> : null}>
                      <Row gutter={16}>
                        <Col xs={12} md={4}>
                          <Form.Item name={[band.name, 'fromRank']} label={t('pvp.fromRank')}>
                            <InputNumber min={1} max={RANK_MAX} precision={0} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={12} md={4}>
                          <Form.Item name={[band.name, 'toRank']} label={t('pvp.toRank')}>
                            <InputNumber min={1} max={RANK_MAX} precision={0} style={{ width: '100%' }} />
                          </Form.Item>
                        </Col>
                        <Col xs={24} md={16}>
                          <Form.List name={[band.name, 'rewards']}>
                            {(rewards, r) => (
                              <Form.Item label={t('pvp.rewards')} style={{ marginBottom: 0 }}>
                                <Flex vertical gap={8}>
                                  {rewards.map((reward) => (
                                    <Flex key={reward.key} gap={8} align="flex-start">
                                      <Form.Item name={reward.name} style={{ flex: 1, marginBottom: 0 }}>
                                        <RewardInput />
                                      </Form.Item>
                                      {canEdit && rewards.length > 1 ? <Button icon={<DeleteOutlined />} onClick={() => r.remove(reward.name)} aria-label={t('actions.remove')} /> : null}
                                    </Flex>
                                  ))}
                                  {canEdit ? (
                                    <Button type="dashed" size="small" icon={<PlusOutlined />} onClick={() => r.add(null)} style={{ alignSelf: 'flex-start' }}>
                                      {t('pvp.addReward')}
                                    </Button>
                                  ) : null}
                                </Flex>
                              </Form.Item>
                            )}
                          </Form.List>
                        </Col>
                      </Row>
                    </Card>
                  ))}
                  {canEdit ? (
                    <Button
                      type="dashed"
                      icon={<PlusOutlined />}
                      onClick={() => {
                        const all = (form.getFieldValue('bands') as Band[] | undefined) ?? [];
                        const last = all[all.length - 1];
                        const from = last?.toRank ? last.toRank + 1 : 1;
                        add({ fromRank: from, toRank: from, rewards: [null] });
                      }}
                    >
                      {t('pvp.addBand')}
                    </Button>
                  ) : null}
                </Flex>
              )}
            </Form.List>
          </Card>
        </Flex>
      </Form>
    </GameConfigPage>
  );
}

export function ArenaPage() {
  return <PvpSeasonPage configKey="arena" />;
}

export function SummitDuelPage() {
  return <PvpSeasonPage configKey="summitDuel" />;
}
