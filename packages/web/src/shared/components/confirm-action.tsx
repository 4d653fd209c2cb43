import type { ReactNode } from 'react';
import { Popconfirm } from 'antd';
import i18next from 'i18next';
import { modalApi, showInfo } from '../feedback.ts';

/**
 * Destructive actions ask first and say "Cancelled" when declined (spec section 8).
 * `confirmAction` is the modal form; `<ConfirmPopover>` wraps a button in a Popconfirm.
 */
export function notifyCancelled(): void {
  showInfo(i18next.t('common:notifications.cancelled'));
}

export function confirmAction(options: {
  title: ReactNode;
  content?: ReactNode;
  danger?: boolean;
  okText?: string;
  /** For a prompt whose own question is to cancel something, where "Cancel" would read both ways. */
  cancelText?: string;
  onOk: () => Promise<unknown> | void;
  /** After the "Cancelled" notice, for a caller that waits on the answer. */
  onCancel?: () => void;
}): void {
  modalApi().confirm({
    title: options.title,
    content: options.content,
    okText: options.okText ?? i18next.t('common:buttons.confirm'),
    cancelText: options.cancelText ?? i18next.t('common:buttons.cancel'),
    okButtonProps: options.danger ? { danger: true } : {},
    onOk: async () => {
      try {
        await options.onOk();
      } catch {
        // The API client has shown the error; the modal closes either way.
      }
    },
    onCancel: () => {
      notifyCancelled();
      options.onCancel?.();
    },
  });
}

export function ConfirmPopover({
  title,
  description,
  onConfirm,
  danger = true,
  disabled,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => Promise<unknown> | void;
  danger?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Popconfirm
      title={title}
      description={description}
      okText={i18next.t('common:buttons.confirm')}
      cancelText={i18next.t('common:buttons.cancel')}
      okButtonProps={danger ? { danger: true } : {}}
      disabled={disabled}
      onConfirm={async () => {
        try {
          await onConfirm();
        } catch {
          // Shown by the API client.
        }
      }}
      onCancel={notifyCancelled}
    >
      {children}
    </Popconfirm>
  );
}
