import { useState } from 'react';
import { Alert, Input, Modal, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { REDEEM_LOOKUP_MAX, type RedeemBatch } from '@gm/contract/redeem-codes.contract.ts';
import { codesQueryOptions } from './redeem-codes.queries.ts';

/** The batch's codes, a page at a time (computed by the server), with a lookup of one code. */
export function RedeemCodesDialog({ batch, onClose }: { batch: RedeemBatch | null; onClose: () => void }) {
  const { t } = useTranslation(['redeemCodes', 'common']);
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(20);
  const [lookup, setLookup] = useState('');
  const codes = useQuery({ ...codesQueryOptions(batch?.id ?? '', page, size, lookup), enabled: batch !== null });
  const total = codes.data?.total ?? 0;
  return (
    <Modal open={batch !== null} title={t('dialog.codes', { name: batch?.name ?? '' })} footer={null} onCancel={onClose} width={640} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }} size="middle">
        <Input.Search
          allowClear
          // Longer text is no code: the field takes no more than the server would look up.
          maxLength={REDEEM_LOOKUP_MAX}
          placeholder={t('lookupPlaceholder')}
          enterButton={t('actions.search')}
          onSearch={(value) => {
            setLookup(value.trim());
            setPage(1);
          }}
          aria-label={t('lookupPlaceholder')}
        />
        {lookup !== '' && codes.data && total === 0 ? <Alert type="warning" showIcon title={t('notInBatch')} /> : null}
        <Typography.Text type="secondary">{t('codesTotal', { count: batch?.codeCount ?? 0 })}</Typography.Text>
        <Table
          size="small"
          rowKey="index"
          loading={codes.isFetching}
          dataSource={codes.data?.results ?? []}
          columns={[
            { key: 'index', title: t('fields.index'), dataIndex: 'index', width: 100 },
            { key: 'code', title: t('fields.code'), render: (_, c) => <Typography.Text code copyable>{c.code}</Typography.Text> },
          ]}
          pagination={{
            current: page,
            pageSize: size,
            total,
            showSizeChanger: true,
            pageSizeOptions: [20, 50, 100, 200],
            onChange: (p, s) => {
              setPage(s === size ? p : 1);
              setSize(s);
            },
          }}
        />
      </Space>
    </Modal>
  );
}
