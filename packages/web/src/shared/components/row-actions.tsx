import type { ReactNode } from 'react';
import { Button, Space, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router';
import { ConfirmPopover } from './confirm-action.tsx';

/** A table row's actions: small link buttons side by side (`wrap`: on two lines in a narrow column). */
export function RowActions({ wrap = false, children }: { wrap?: boolean; children: ReactNode }) {
  return (
    <Space size={0} wrap={wrap}>
      {children}
    </Space>
  );
}

export function RowAction(props: Omit<ButtonProps, 'type' | 'size'>) {
  return <Button type="link" size="small" {...props} />;
}

/**
 * A row action that opens another page of the console: a real link (a middle click opens a new
 * tab), styled as the other actions; a plain click navigates within the app.
 */
export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <RowAction
      href={to}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        void navigate(to);
      }}
    >
      {children}
    </RowAction>
  );
}

/** A row action that asks first. The link is red unless `danger` is false; the confirm's OK always is. */
export function ConfirmRowAction({
  title,
  description,
  onConfirm,
  danger = true,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  onConfirm: () => Promise<unknown>;
  danger?: boolean;
  children: ReactNode;
}) {
  return (
    <ConfirmPopover title={title} description={description} onConfirm={onConfirm}>
      <RowAction danger={danger}>{children}</RowAction>
    </ConfirmPopover>
  );
}

/** Turns a row on or off (open / close, online / offline): turning it off asks first, turning it on does not. */
export function SwitchRowAction({
  on,
  turnOn,
  turnOff,
}: {
  on: boolean;
  turnOn: { label: ReactNode; run: () => Promise<unknown> };
  turnOff: { label: ReactNode; confirm: ReactNode; run: () => Promise<unknown> };
}) {
  return on ? (
    <ConfirmRowAction title={turnOff.confirm} danger={false} onConfirm={turnOff.run}>
      {turnOff.label}
    </ConfirmRowAction>
  ) : (
    // The API client has shown any failure.
    <RowAction onClick={() => void turnOn.run().catch(() => undefined)}>{turnOn.label}</RowAction>
  );
}
