import { Button, Card, Descriptions, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { PLAYER_NUMBER_FIELDS } from '@gm/contract/game-commands.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { PLAYER_VALUE_FIELDS, type PlayerValueField } from '@gm/contract/players.contract.ts';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { showSuccess } from '../../shared/feedback.ts';
import { translateKey } from '../../shared/translate.ts';
import { useCan } from '../../shared/user-context.tsx';
import { useDevelopValue } from './develop.queries.ts';
import { RoleLookup, useRoleState } from './role-lookup.tsx';

const NUMBER_FIELDS: readonly string[] = PLAYER_NUMBER_FIELDS;

/** What the value box must hold for the chosen field: a whole number for a number, some text for a name. */
function checkValue(field: PlayerValueField, value: string): void {
  if (NUMBER_FIELDS.includes(field)) {
    if (!/^\d{1,15}$/.test(value.trim())) throw new Error(translateKey('validation:wholeNumber'));
  } else if (value.trim() === '') {
    throw new Error(translateKey('develop:unlockEquip.valueRequired'));
  }
}

/** /develop/unlock_equip ("modify player info"): every value of a role, any of them set straight. */
export function UnlockEquipPage() {
  const { t } = useTranslation(['develop', 'common']);
  const { roleId, query, setRoleId } = useRoleState();
  const [form] = Form.useForm<{ field: PlayerValueField; value: string }>();
  const canEdit = useCan(P.DEVELOP_EDIT);
  const setValue = useDevelopValue();
  const player = query.data?.player;

  const onFinish = (v: { field: PlayerValueField; value: string }) => {
    if (!roleId) return;
    const numeric = NUMBER_FIELDS.includes(v.field);
    const body = numeric
      ? { roleId, field: v.field as (typeof PLAYER_NUMBER_FIELDS)[number], value: Number(v.value.trim()) }
      : { roleId, field: v.field as 'roleName' | 'unionName', value: v.value.trim() };
    setValue.mutate(body, {
      onSuccess: (r) => showSuccess(t('unlockEquip.done', { field: t(`fields.${v.field}`), before: String(r?.before ?? '-'), after: String(r?.after ?? '-') })),
    });
  };

  return (
    <PageContainer title={t('unlockEquip.title')} description={t('unlockEquip.description')}>
      <RoleLookup roleId={roleId} onLookup={setRoleId} />
      {player ? (
        <Card title={`${player.roleName} · ${player.roleId}`}>
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, sm: 2, lg: 3 }}
            items={PLAYER_VALUE_FIELDS.map((f) => ({ key: f, label: t(`fields.${f}`), children: String(player[f] ?? '-') }))}
          />
          {canEdit ? (
            <Form form={form} layout="inline" onFinish={onFinish} initialValues={{ field: 'level', value: '' }} style={{ marginTop: 16 }}>
              <Form.Item name="field" label={t('unlockEquip.field')}>
                <Select style={{ width: 200 }} options={PLAYER_VALUE_FIELDS.map((f) => ({ value: f, label: t(`fields.${f}`) }))} />
              </Form.Item>
              <Form.Item
                name="value"
                label={t('unlockEquip.value')}
                dependencies={['field']}
                // A rule of the form, so its message goes as soon as the value (or the field) is right.
                rules={[{ validator: async (_, value: string | undefined) => checkValue(form.getFieldValue('field') as PlayerValueField, value ?? '') }]}
              >
                <Input style={{ width: 180 }} maxLength={100} />
              </Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" loading={setValue.isPending}>
                  {t('unlockEquip.set')}
                </Button>
              </Space>
            </Form>
          ) : null}
        </Card>
      ) : null}
    </PageContainer>
  );
}
