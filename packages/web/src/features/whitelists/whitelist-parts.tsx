import { useState, type ReactNode } from 'react';
import { Alert, Button, Input, Tag } from 'antd';
import { CheckCircleFilled, MinusCircleFilled } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SwitchState } from '@gm/contract/basic-management.contract.ts';
import { P } from '@gm/contract/permissions.ts';
import { isApiError } from '../../shared/api-client.ts';
import { BatchBar, DeleteChosenButton } from '../../shared/components/list-toolbar.tsx';
import { Allowed } from '../../shared/components/permission.tsx';
import { ConfirmRowAction, RowAction, RowActions, SwitchRowAction } from '../../shared/components/row-actions.tsx';
import { deleteActions, type ListSelection } from '../../shared/hooks/use-list-selection.ts';
import { useWhitelistBatch, type WhitelistKind } from './whitelists.queries.ts';

/** Open / closed status of an entry. */
export function StatusTag({ value }: { value: SwitchState }) {
  const { t } = useTranslation('whitelists');
  return value === 'open' ? (
    <Tag color="success" icon={<CheckCircleFilled />}>
      {t('status.open')}
    </Tag>
  ) : (
    <Tag icon={<MinusCircleFilled />}>{t('status.close')}</Tag>
  );
}

/** Deleting entries of a list: one from its row, or the chosen ones after a confirm naming them. */
export function useWhitelistDelete(kind: WhitelistKind, selection: ListSelection) {
  const { t } = useTranslation('whitelists');
  const remove = useWhitelistBatch(kind, 'delete');
  return deleteActions(selection, (ids) => remove.mutateAsync({ ids }), t);
}

/** Opening and closing entries of a list (all but the function list, which switches logging instead). */
export function useWhitelistStatus(kind: Exclude<WhitelistKind, 'function'>, selection: ListSelection) {
  const { t } = useTranslation('whitelists');
  const setStatus = useWhitelistBatch(kind, 'status');
  const changeStatus = (ids: string[], status: SwitchState) =>
    selection.apply(() => setStatus.mutateAsync({ ids, status }), (count) => t(status === 'open' ? 'notifications.opened' : 'notifications.closed', { count }));
  const askBatchStatus = (status: SwitchState) =>
    selection.confirmChosen('validation:chooseAtLeastOne', (ids, names) => ({
      title: t(status === 'open' ? 'confirm.open' : 'confirm.close', { count: ids.length }),
      // Closing shuts people out, so it says so; opening only names the entries.
      content: status === 'close' ? t('confirm.closeContent', { names }) : names,
      danger: status === 'close',
      onOk: changeStatus(ids, status),
    }));
  return { changeStatus, askBatchStatus };
}

type StatusActions = ReturnType<typeof useWhitelistStatus>;
type DeleteActions = ReturnType<typeof useWhitelistDelete>;

/** The batch bar of a list with open / close: open, close and delete the chosen entries. */
export function StatusBatchBar({ count, status, remove }: { count: number; status: StatusActions; remove: DeleteActions }) {
  const { t } = useTranslation('whitelists');
  return (
    <BatchBar permission={P.WHITELIST_EDIT} count={count}>
      <Button onClick={() => status.askBatchStatus('open')}>{t('actions.open')}</Button>
      <Button onClick={() => status.askBatchStatus('close')}>{t('actions.close')}</Button>
      <DeleteChosenButton onClick={remove.askBatchDelete}>{t('actions.batchDelete')}</DeleteChosenButton>
    </BatchBar>
  );
}

/** A row of a list with open / close: edit, open or close, delete; `name` is how confirms call it. */
export function StatusRowActions({
  row,
  name,
  onEdit,
  status,
  remove,
}: {
  row: { id: string; status: SwitchState };
  name: string;
  onEdit: () => void;
  status: StatusActions;
  remove: DeleteActions;
}) {
  const { t } = useTranslation('whitelists');
  return (
    <Allowed code={P.WHITELIST_EDIT}>
      <RowActions>
        <RowAction onClick={onEdit}>{t('actions.edit')}</RowAction>
        <SwitchRowAction
          on={row.status === 'open'}
          turnOn={{ label: t('actions.open'), run: status.changeStatus([row.id], 'open') }}
          turnOff={{ label: t('actions.close'), confirm: t('confirm.closeOne', { name }), run: status.changeStatus([row.id], 'close') }}
        />
        <ConfirmRowAction title={t('confirm.deleteOne', { name })} onConfirm={remove.deleteIds([row.id])}>
          {t('actions.delete')}
        </ConfirmRowAction>
      </RowActions>
    </Allowed>
  );
}

interface CheckMutation<Answer> {
  mutate: (value: string, callbacks: { onSuccess: (answer: Answer) => void; onError: (error: unknown) => void }) => void;
  isPending: boolean;
}

/** "Is this let in?", asked on demand: the last answer or error, shown until closed or asked again. */
export function useWhitelistCheck<Answer>(check: CheckMutation<Answer>) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = (value: string) => {
    setAnswer(null);
    setError(null);
    if (!value.trim()) return;
    check.mutate(value.trim(), { onSuccess: setAnswer, onError: (e) => setError(isApiError(e) ? e.message : String(e)) });
  };
  return { answer, error, run, pending: check.isPending, clearAnswer: () => setAnswer(null), clearError: () => setError(null) };
}

type CheckState<Answer> = ReturnType<typeof useWhitelistCheck<Answer>>;

export function CheckInput({ check, label, placeholder, icon, width }: { check: CheckState<unknown>; label: string; placeholder: string; icon: ReactNode; width: number }) {
  const { t } = useTranslation('whitelists');
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={placeholder}
      enterButton={
        <>
          {icon} {t('actions.check')}
        </>
      }
      loading={check.pending}
      onSearch={check.run}
      style={{ width }}
    />
  );
}

/** The answer of a check: allowed or not, and which entries cover the value (`describe` names one). */
export function CheckAlerts<Answer extends { allowed: boolean; entries: readonly unknown[] }>({
  check,
  subject,
  describe,
}: {
  check: CheckState<Answer>;
  subject: (answer: Answer) => string;
  describe: (entry: Answer['entries'][number]) => string;
}) {
  const { t } = useTranslation('whitelists');
  const { answer, error } = check;
  return (
    <>
      {answer ? (
        <Alert
          style={{ marginBottom: 12 }}
          closable={{ onClose: check.clearAnswer }}
          showIcon
          type={answer.allowed ? 'success' : 'warning'}
          title={t(answer.allowed ? 'check.allowed' : 'check.denied', { value: subject(answer) })}
          description={answer.entries.length > 0 ? t('check.matches', { entries: answer.entries.map(describe).join(', ') }) : t('check.noMatch')}
        />
      ) : null}
      {error ? <Alert style={{ marginBottom: 12 }} type="error" showIcon title={error} closable={{ onClose: check.clearError }} /> : null}
    </>
  );
}
