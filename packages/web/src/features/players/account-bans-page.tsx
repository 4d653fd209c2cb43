import { useState } from 'react';
import { Button, Card, Input, Space, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { FileExcelOutlined, StopOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { P } from '@gm/contract/permissions.ts';
import { accountSanctionBody, type GameAccount } from '@gm/contract/players.contract.ts';
import { FilterBar, TextFilter } from '../../shared/components/filter-bar.tsx';
import { ListTable } from '../../shared/components/list-table.tsx';
import { RefreshButton } from '../../shared/components/list-toolbar.tsx';
import { lazyDialog } from '../../shared/components/lazy-dialog.tsx';
import { PageContainer } from '../../shared/components/page-container.tsx';
import { RowAction } from '../../shared/components/row-actions.tsx';
import { Stamp } from '../../shared/components/stamp.tsx';
import { messageApi } from '../../shared/feedback.ts';
import { validateWith } from '../../shared/form-rules.ts';
import { useSearchState } from '../../shared/hooks/use-search-state.ts';
import { translateKey } from '../../shared/translate.ts';
import { useCan } from '../../shared/user-context.tsx';
import { parseAccountForbidFilters } from './player-filters.ts';
import { firstBadId, parseIds, untilText } from './player-format.tsx';
import { accountBansQueryOptions } from './players.queries.ts';
import type { SanctionDialogState } from './sanction-dialog.tsx';
import { LiftChosenButton } from './target-selection.tsx';

// Loaded when first opened, as on the account list: the import's Excel upload (antd Upload and
// Progress, about 14 KB as sent) would otherwise come with every visit (docs/performance.md, "First visit").
const SanctionDialog = lazyDialog(() => import('./sanction-dialog.tsx').then((m) => m.SanctionDialog), (p) => p.state !== null);
const ImportIdsDialog = lazyDialog(() => import('./import-ids-dialog.tsx').then((m) => m.ImportIdsDialog), (p) => p.open);

/** /forbid/user_list: accounts whose ban is in force; ban by id (typed or imported) and unban. */
export function AccountBansPage() {
  const { t } = useTranslation(['players', 'common']);
  const search = useSearchState(parseAccountForbidFilters);
  const { state: filters, update } = search;
  const list = useQuery(accountBansQueryOptions(filters));
  const canBan = useCan(P.USER_BAN);
  const [ids, setIds] = useState('');
  const [idsError, setIdsError] = useState<string | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [dialog, setDialog] = useState<SanctionDialogState>(null);
  const [importing, setImporting] = useState(false);

  const banTyped = () => {
    const parsed = parseIds(ids);
    // Spec section 5, Ban: accounts must be selected first.
    if (parsed.length === 0) {
      void messageApi().warning(translateKey('validation:selectAccountsFirst'));
      return;
    }
    // Said under the box, naming the id, before the dialog: the game would refuse the whole batch.
    const bad = firstBadId(parsed);
    const problem = bad ? t('sanction.badId', bad) : validateWith(accountSanctionBody.shape.ids, parsed);
    setIdsError(problem);
    if (problem === null) setDialog({ target: 'accounts', kind: 'ban', targets: parsed.map((id) => ({ id })) });
  };

  const columns: TableColumnsType<GameAccount> = [
    { key: 'userId', title: t('fields.userId'), dataIndex: 'userId', width: 120 },
    { key: 'account', title: t('fields.account'), dataIndex: 'account', ellipsis: true },
    { key: 'name', title: t('fields.name'), dataIndex: 'name', width: 140 },
    { key: 'roles', title: t('fields.roleCount'), dataIndex: 'roleCount', width: 80 },
    { key: 'until', title: t('fields.banUntil'), width: 200, render: (_, a) => untilText(a.banUntil, t) },
    { key: 'reason', title: t('fields.banReason'), ellipsis: true, render: (_, a) => a.banReason ?? '-' },
    { key: 'updatedAt', title: t('fields.updatedAt'), width: 170, render: (_, a) => <Stamp value={a.updatedAt} /> },
    ...(canBan
      ? [
          {
            key: 'actions',
            title: t('common:table.actions'),
            width: 100,
            render: (_: unknown, a: GameAccount) => (
              <RowAction onClick={() => setDialog({ target: 'accounts', kind: 'unban', targets: [{ id: a.userId, label: a.name }] })}>{t('actions.unban')}</RowAction>
            ),
          },
        ]
      : []),
  ];

  return (
    <PageContainer title={t('titles.accountBans')} description={t('descriptions.accountBans')}>
      {canBan ? (
        <Card title={t('actions.banByIds')}>
          <Typography.Paragraph type="secondary">{t('accounts.bansHelp')}</Typography.Paragraph>
          <Input.TextArea
            rows={3}
            value={ids}
            status={idsError ? 'error' : ''}
            onChange={(e) => {
              setIds(e.target.value);
              setIdsError(null);
            }}
            placeholder={t('sanction.idsLabel')}
            aria-label={t('sanction.idsLabel')}
            aria-invalid={idsError !== null}
            aria-describedby={idsError ? 'ban-ids-error' : undefined}
          />
          {idsError ? (
            <Typography.Text type="danger" id="ban-ids-error" role="alert" style={{ display: 'block', marginTop: 4, overflowWrap: 'anywhere' }}>
              {idsError}
            </Typography.Text>
          ) : null}
          <Space style={{ marginTop: 12 }}>
            <Button type="primary" danger icon={<StopOutlined />} onClick={banTyped}>
              {t('actions.banAccount')}
            </Button>
            <Button icon={<FileExcelOutlined />} onClick={() => setImporting(true)}>
              {t('actions.import')}
            </Button>
          </Space>
        </Card>
      ) : null}
      <Card>
        <FilterBar
          filters={filters}
          onSearch={update}
          extra={
            <Space>
              {canBan ? (
                <LiftChosenButton count={selected.length} onClick={() => setDialog({ target: 'accounts', kind: 'unban', targets: selected.map((id) => ({ id })) })}>
                  {t('actions.unban')}
                </LiftChosenButton>
              ) : null}
              <RefreshButton query={list} />
            </Space>
          }
        >
          <TextFilter name="userId" label={t('fields.userId')} width={220} />
        </FilterBar>
        <ListTable<GameAccount>
          query={list}
          columns={columns}
          paging={search}
          rowKey="userId"
          selection={canBan ? { selected, setSelected } : undefined}
          sizeChanger="whenLong"
          spinWhileFetching
          scroll={{ x: 1000 }}
        />
      </Card>
      <SanctionDialog
        state={dialog}
        onClose={() => setDialog(null)}
        onDone={() => {
          setSelected([]);
          setIds('');
        }}
      />
      <ImportIdsDialog
        kind="accounts"
        open={importing}
        onClose={() => setImporting(false)}
        onUse={(found) => {
          setIds(found.join('\n'));
          setIdsError(null);
        }}
      />
    </PageContainer>
  );
}
