// Apart from mails.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Audit actions of mail (spread into AUDIT_ACTIONS). */
export const MAIL_AUDIT_ACTIONS = {
  'mails.create': { en: 'Create a mail', zh: '创建邮件' },
  'mails.update': { en: 'Edit a mail', zh: '编辑邮件' },
  'mails.delete': { en: 'Delete a mail', zh: '删除邮件' },
  'mails.copy': { en: 'Copy a mail', zh: '复制邮件' },
  'mails.send': { en: 'Send a mail', zh: '发送邮件' },
  'mails.deliver': { en: 'Deliver a mail (job)', zh: '投递邮件（任务）' },
  'mails.withdraw': { en: 'Withdraw a mail', zh: '撤回邮件' },
} as const satisfies Record<string, { en: string; zh: string }>;
