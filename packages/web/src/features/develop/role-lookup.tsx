import { useEffect } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { enteredRoleId } from '@gm/contract/players.contract.ts';
import { zodRule } from '../../shared/form-rules.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { readRoleFilters, type RoleFilters } from './develop-filters.ts';
import { stateQueryOptions } from './develop.queries.ts';

/** The role a debugging screen works on: in the URL (`?roleId=`), read as the game holds it. */
export function useRoleState() {
  const { state, update } = useSearchState(readRoleFilters);
  const query = useQuery({ ...stateQueryOptions(state.roleId ?? ''), enabled: state.roleId !== undefined });
  return { roleId: state.roleId, query, setRoleId: (roleId: string | undefined) => update({ roleId }) };
}

export function RoleLookup({ roleId, onLookup }: { roleId: string | undefined; onLookup: (roleId: string | undefined) => void }) {
  const { t } = useTranslation(['develop', 'common']);
  const [form] = Form.useForm<RoleFilters>();
  useEffect(() => {
    form.setFieldsValue({ roleId });
  }, [roleId, form]);
  return (
    <Card>
      <Alert type="warning" showIcon title={t('notice')} style={{ marginBottom: 16 }} />
      <Form form={form} layout="inline" onFinish={(v) => onLookup(v.roleId?.trim() || undefined)}>
        {/* The player screens' rule: "Please enter the role id.", at most 100 of letters, digits, _ or -. */}
        <Form.Item name="roleId" label={t('roleId')} rules={[zodRule(enteredRoleId)]}>
          <Input allowClear style={{ width: 220 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
          {t('load')}
        </Button>
      </Form>
    </Card>
  );
}
