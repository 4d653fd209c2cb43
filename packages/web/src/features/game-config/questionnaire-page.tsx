import { useEffect } from 'react';
import { Card, Form, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { QuestionnaireConfig } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { DateRangeFilter, type TimeRange } from '../../shared/components/date-range-filter.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { GameConfigPage, RewardInput, useGameConfigEditor, useRegionChoices } from './game-config-parts.tsx';

interface Values {
  enabled: boolean;
  url: string;
  window: TimeRange;
  areaIds: string[];
  reward: QuestionnaireConfig['reward'];
}

const valuesOf = (v: QuestionnaireConfig | undefined): Values =>
  v ? { enabled: v.enabled, url: v.url, window: [v.openAt, v.closeAt], areaIds: v.areaIds, reward: v.reward } : { enabled: false, url: '', window: null, areaIds: [], reward: null };

/** /jumpBack/index: the questionnaire link, its open window, regions and reward. */
export function QuestionnairePage() {
  const { t } = useTranslation('gameConfig');
  const editor = useGameConfigEditor('questionnaire');
  const [form] = Form.useForm<Values>();
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const regions = useRegionChoices();
  const saved = editor.state.data?.saved?.value as QuestionnaireConfig | undefined;
  const version = editor.state.data?.saved?.version;
  useEffect(() => {
    form.setFieldsValue(valuesOf(saved));
  }, [form, saved, version]);

  const save = () => {
    const v = form.getFieldsValue(true) as Values;
    const value = { enabled: v.enabled, url: v.url ?? '', openAt: v.window?.[0] ?? null, closeAt: v.window?.[1] ?? null, areaIds: v.areaIds ?? [], reward: v.reward ?? null };
    void editor.save(value, form, (p) => (p[0] === 'openAt' || p[0] === 'closeAt' ? ['window'] : p));
  };

  return (
    <GameConfigPage configKey="questionnaire" editor={editor} onSave={save}>
      <Card title={t('titles.questionnaire')}>
        <Form form={form} layout="vertical" disabled={!canEdit} style={{ maxWidth: 720 }}>
          <Form.Item name="enabled" label={t('questionnaire.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="url" label={t('questionnaire.url')} required>
            <Input placeholder="https://" />
          </Form.Item>
          <Form.Item name="window" label={t('questionnaire.window')} required>
            <DateRangeFilter style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="areaIds" label={t('questionnaire.regions')}>
            <Select mode="multiple" allowClear placeholder={t('questionnaire.allRegions')} options={regions} />
          </Form.Item>
          <Form.Item name="reward" label={t('questionnaire.reward')}>
            <RewardInput />
          </Form.Item>
        </Form>
      </Card>
    </GameConfigPage>
  );
}
