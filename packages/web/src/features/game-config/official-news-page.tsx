import { useEffect, useState } from 'react';
import { Button, Card, DatePicker, Form, Input, Select, Space, Table, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { NEWS_CATEGORIES, type NewsEntry, type OfficialNewsConfig } from '@gm/contract/game-config.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { ConfirmPopover } from '../../shared/components/confirm-action.tsx';
import { FormDialog } from '../../shared/components/form-dialog.tsx';
import { useCan } from '../../shared/components/permission.tsx';
import { formatStamp, fromPickerValue, nowInZone, STAMP_FORMAT, toPickerValue } from '../../shared/format.ts';
import { GameConfigPage, useGameConfigEditor } from './game-config-parts.tsx';

interface EntryValues {
  title: string;
  category: NewsEntry['category'];
  coverUrl: string;
  publishAt: Dayjs;
  link: string;
}

/** Moves the entry at `from` one place up (-1) or down (+1). */
export function moveEntry<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}

/** /official/site/news: the site's news entries in display order, edited as one document. */
export function OfficialNewsPage() {
  const { t } = useTranslation('gameConfig');
  const editor = useGameConfigEditor('officialNews');
  const canEdit = useCan(P.INFO_CONFIG_EDIT);
  const saved = editor.state.data?.saved?.value as OfficialNewsConfig | undefined;
  const version = editor.state.data?.saved?.version;
  const [entries, setEntries] = useState<NewsEntry[]>([]);
  const [editing, setEditing] = useState<NewsEntry | 'new' | null>(null);
  useEffect(() => {
    setEntries(saved?.entries ?? []);
  }, [saved, version]);

  const onDone = (entry: NewsEntry) => {
    setEntries((all) => (all.some((e) => e.id === entry.id) ? all.map((e) => (e.id === entry.id ? entry : e)) : [entry, ...all]));
    setEditing(null);
  };

  return (
    <GameConfigPage configKey="officialNews" editor={editor} onSave={() => void editor.save({ entries })}>
      <Card
        title={t('news.entries', { count: entries.length })}
        extra={
          canEdit ? (
            <Button icon={<PlusOutlined />} onClick={() => setEditing('new')}>
              {t('news.add')}
            </Button>
          ) : null
        }
      >
        <Table<NewsEntry>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={entries}
          scroll={{ x: 900 }}
          locale={{ emptyText: t('news.empty') }}
          columns={[
            { title: '#', width: 48, render: (_: unknown, __: NewsEntry, i: number) => i + 1 },
            { title: t('news.title'), dataIndex: 'title', render: (v: string) => <Typography.Text strong>{v}</Typography.Text> },
            { title: t('news.category'), dataIndex: 'category', width: 110, render: (v: NewsEntry['category']) => <Tag>{t(`news.categories.${v}`)}</Tag> },
            { title: t('news.publishAt'), dataIndex: 'publishAt', width: 170, render: (v: number) => formatStamp(v) },
            { title: t('news.link'), dataIndex: 'link', ellipsis: true, render: (v: string) => <Typography.Link href={v} target="_blank" rel="noreferrer">{v}</Typography.Link> },
            {
              key: 'actions',
              width: 190,
              render: (_: unknown, entry: NewsEntry, i: number) =>
                canEdit ? (
                  <Space size={4}>
                    <Button size="small" icon={<ArrowUpOutlined />} aria-label={t('news.up')} disabled={i === 0} onClick={() => setEntries((all) => moveEntry(all, i, -1))} />
                    <Button size="small" icon={<ArrowDownOutlined />} aria-label={t('news.down')} disabled={i === entries.length - 1} onClick={() => setEntries((all) => moveEntry(all, i, 1))} />
                    <Button size="small" icon={<EditOutlined />} onClick={() => setEditing(entry)}>
                      {t('news.edit')}
                    </Button>
                    <ConfirmPopover title={t('news.deleteConfirm')} onConfirm={() => setEntries((all) => all.filter((e) => e.id !== entry.id))}>
                      <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('actions.remove')} />
                    </ConfirmPopover>
                  </Space>
                ) : null,
            },
          ]}
        />
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('news.saveHint')}
        </Typography.Paragraph>
      </Card>
      <EntryDialog entry={editing} onClose={() => setEditing(null)} onDone={onDone} />
    </GameConfigPage>
  );
}

function EntryDialog({ entry, onClose, onDone }: { entry: NewsEntry | 'new' | null; onClose: () => void; onDone: (entry: NewsEntry) => void }) {
  const { t } = useTranslation('gameConfig');
  const [form] = Form.useForm<EntryValues>();
  const existing = entry && entry !== 'new' ? entry : null;
  useEffect(() => {
    if (entry === null) return;
    form.setFieldsValue(existing ? { ...existing, publishAt: toPickerValue(existing.publishAt) } : { title: '', category: 'news', coverUrl: '', link: '', publishAt: nowInZone() });
  }, [entry, existing, form]);
  const required = (message: string) => [{ required: true, whitespace: true, message }];
  const link = (message: string) => [{ required: true, message }, { pattern: /^https?:\/\/\S+$/i, message }];
  return (
    <FormDialog
      open={entry !== null}
      title={existing ? t('news.editTitle') : t('news.addTitle')}
      form={form}
      saving={false}
      onClose={onClose}
      onFinish={(v) => onDone({ id: existing?.id ?? `n${Date.now().toString(36)}`, title: v.title.trim(), category: v.category, coverUrl: v.coverUrl.trim(), publishAt: fromPickerValue(v.publishAt), link: v.link.trim() })}
    >
      <Form.Item name="title" label={t('news.title')} rules={required(t('news.titleRequired'))}>
        <Input maxLength={128} showCount />
      </Form.Item>
      <Form.Item name="category" label={t('news.category')} rules={[{ required: true }]}>
        <Select options={NEWS_CATEGORIES.map((c) => ({ value: c, label: t(`news.categories.${c}`) }))} />
      </Form.Item>
      <Form.Item name="coverUrl" label={t('news.coverUrl')} rules={link(t('news.linkFormat'))}>
        <Input placeholder="https://" />
      </Form.Item>
      <Form.Item name="publishAt" label={t('news.publishAt')} rules={[{ required: true, message: t('news.publishRequired') }]}>
        <DatePicker showTime format={STAMP_FORMAT} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="link" label={t('news.link')} rules={link(t('news.linkFormat'))}>
        <Input placeholder="https://" />
      </Form.Item>
    </FormDialog>
  );
}
