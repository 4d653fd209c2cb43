// Apart from sdk.contract.ts (which re-exports them) and free of zod: the web app's GM log
// reads every module's labels, and importing them from the contract module would download its
// schemas too (docs/performance.md, "First visit").
/** Audit actions (spread into AUDIT_ACTIONS). */
export const SDK_AUDIT_ACTIONS = {
  'sdkProjects.create': { en: 'Create an SDK project', zh: '新建SDK项目' },
  'sdkProjects.update': { en: 'Edit an SDK project', zh: '编辑SDK项目' },
  'sdkProjects.rotateKey': { en: 'Rotate an SDK signing key', zh: '轮换SDK签名密钥' },
  'sdk.callbackRetry': { en: 'Retry a callback waiting for the game (SDK)', zh: '重试等待游戏确认的回调（SDK）' },
} as const satisfies Record<string, { en: string; zh: string }>;
