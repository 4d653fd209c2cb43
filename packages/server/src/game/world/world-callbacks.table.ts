/** The embedded world's tables of world-callbacks.ts (types only, so the schema imports no code). */

export interface GamePaymentCallbacksTable {
  callback_id: string;
  order_id: string;
  platform_order_id: string;
  channel: string;
  amount: number;
  currency: string;
  receipt: string;
  /** pending or confirmed */
  status: string;
  received_at: number;
  confirmed_at: number | null;
  /** JSON `CallbackAttempt[]`. */
  attempts: string;
}

export interface GameCallbackTables {
  game_payment_callbacks: GamePaymentCallbacksTable;
}
