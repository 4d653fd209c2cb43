import { type App, Modal, message as staticMessage, notification as staticNotification, type ModalFuncProps } from 'antd';
import { ERROR_MESSAGE_MS } from '@gm/contract/constants.ts';

/**
 * antd's message and modal APIs, taken from `<App>` so they follow the current theme and locale.
 * `FeedbackBridge` (rendered once inside `<App>`) registers them; code outside React, such as
 * the API client, calls the helpers below. Until registration the static APIs serve.
 */
export type AppFeedback = ReturnType<typeof App.useApp>;

let current: AppFeedback | null = null;

export function registerFeedback(feedback: AppFeedback | null): void {
  current = feedback;
}

export function messageApi(): AppFeedback['message'] {
  return current?.message ?? staticMessage;
}

/** Only `confirm` is needed outside React; both the hook API and the static one have it. */
export interface ConfirmApi {
  confirm: (config: ModalFuncProps) => unknown;
}

export function modalApi(): ConfirmApi {
  return current?.modal ?? Modal;
}

export function notificationApi(): AppFeedback['notification'] {
  return current?.notification ?? staticNotification;
}

/**
 * A failed request's message, shown for the spec's 5 seconds. The text is the message's key, so
 * the same failure again (a query's retries, two panels of one page) renews the one message on
 * screen instead of stacking copies.
 */
export function showError(text: string): void {
  void messageApi().error({ key: `error:${text}`, content: text, duration: ERROR_MESSAGE_MS / 1000 });
}

/** Keyed by its text as errors are: one change answered to two callers (api-client.ts) says so once. */
export function showSuccess(text: string): void {
  void messageApi().success({ key: `success:${text}`, content: text });
}

export function showInfo(text: string): void {
  void messageApi().info(text);
}
