/**
 * Messages the server sends and the web shows in both languages: error codes and validation
 * rules. Keys are `errors.<code>` and `validation.<rule>`; `{{name}}` placeholders are filled
 * from the error or the zod issue. The web registers these as its `errors` and `validation`
 * namespaces, so one text serves both sides.
 */
export const en = {
  errors: {
    '0': 'Success.',
    '10001': 'Parameter error.',
    '10002': 'You have been logged out.',
    '10003': 'You do not have permission to do this.',
    '10004': 'Not found.',
    '10005': 'This cannot be done in the current state.',
    '10006': 'Too many requests. Please wait {{seconds}} seconds.',
    '10007': 'The game server is unavailable. Please try again later.',
    '10008': 'system error',
    '10009': 'Please enter the correct username and password.',
    '10010': 'Too many failed sign-ins. Try again in {{seconds}} seconds.',
    '10011': 'Enter the code from your authenticator app.',
    '10012': 'The verification code is not correct.',
    '10013': 'Your role requires two-factor sign-in. Set it up to continue.',
    '10014': 'This account is disabled.',
    '10015': 'The game refused the command: {{reason}}',
    '10016': 'This already exists.',
    '10017': 'The ingest request is not signed by a known game, or its signature is wrong.',
    ingestStale: 'The ingest request timestamp is more than {{windowSeconds}} seconds away from the server time.',
    ingestReplay: 'This signed ingest request was already received; sign each request anew.',
    noPermission: 'Failed to request user info from the server; user has no permission.',
    missingContext: 'Failed to request user info from the server.',
    network: 'The server cannot be reached.',
  },
  validation: {
    required: 'This field is required.',
    accountRequired: 'Please enter the account.',
    correctUsername: 'Please enter the correct username.',
    passwordMin5: 'The password must be at least 5 characters long.',
    passwordMin: 'The password must be at least {{minimum}} characters long.',
    passwordMax: 'The password must be at most {{maximum}} characters long.',
    passwordCommon: 'This password is too common. Choose another.',
    passwordMismatch: 'The two passwords do not match.',
    nameRequired: 'Please enter a name.',
    nameMax: 'At most {{maximum}} characters.',
    accountFormat: 'Use 3-32 letters, digits, dots, dashes or underscores.',
    roleRequired: 'Please choose a role.',
    roleNameRequired: 'Please enter the role name.',
    unknownPermission: 'Unknown permission code {{code}}.',
    otpFormat: 'Enter the 6-digit code or a recovery code.',
    idMax: 'Id length is at most 100 characters.',
    tooSmall: 'Must be at least {{minimum}}.',
    tooBig: 'Must be at most {{maximum}}.',
    tooShort: 'Must be at least {{minimum}} characters.',
    tooLong: 'Must be at most {{maximum}} characters.',
    invalidType: 'Invalid value.',
    invalidValue: 'Invalid value.',
    invalidDate: 'Invalid time.',
    timeRange: 'The end time must be after the start time.',
    batchTooLarge: 'Too many items in one batch: at most {{maximum}}.',
    bodyTooLarge: 'The request body is larger than {{megabytes}} MB.',
    unknownLog: 'Unknown log type.',
    unknownField: 'Unknown field.',
    gameIdMismatch: 'b_game_id must be the signing game ({{gameId}}).',
    invalidJson: 'The body is not valid JSON.',
  },
};

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };
export type Messages = Shape<typeof en>;

export const zhCN: Messages = {
  errors: {
    '0': '成功。',
    '10001': '参数错误。',
    '10002': '您已登出。',
    '10003': '您没有执行此操作的权限。',
    '10004': '未找到。',
    '10005': '当前状态下无法执行此操作。',
    '10006': '请求过于频繁，请等待 {{seconds}} 秒。',
    '10007': '游戏服务器不可用，请稍后重试。',
    '10008': '系统错误',
    '10009': '请输入正确的用户名和密码。',
    '10010': '登录失败次数过多，请在 {{seconds}} 秒后重试。',
    '10011': '请输入身份验证器应用中的验证码。',
    '10012': '验证码不正确。',
    '10013': '您的角色要求两步验证登录，请先完成设置。',
    '10014': '该账号已停用。',
    '10015': '游戏拒绝了该指令：{{reason}}',
    '10016': '该记录已存在。',
    '10017': '上报请求未经已知游戏签名，或签名错误。',
    ingestStale: '上报请求的时间戳与服务器时间相差超过 {{windowSeconds}} 秒。',
    ingestReplay: '该签名的上报请求已接收过，请为每个请求重新签名。',
    noPermission: '从服务器获取用户信息失败，用户没有权限。',
    missingContext: '从服务器获取用户信息失败。',
    network: '无法连接服务器。',
  },
  validation: {
    required: '此项为必填项。',
    accountRequired: '请输入账号。',
    correctUsername: '请输入正确的用户名。',
    passwordMin5: '密码长度不能少于5个字符。',
    passwordMin: '密码长度不能少于 {{minimum}} 个字符。',
    passwordMax: '密码长度不能超过 {{maximum}} 个字符。',
    passwordCommon: '该密码过于常见，请换一个。',
    passwordMismatch: '两次输入的密码不一致。',
    nameRequired: '请输入名称。',
    nameMax: '最多 {{maximum}} 个字符。',
    accountFormat: '请使用3-32位字母、数字、点、短横线或下划线。',
    roleRequired: '请选择角色。',
    roleNameRequired: '请输入角色名称。',
    unknownPermission: '未知的权限编码 {{code}}。',
    otpFormat: '请输入6位验证码或恢复码。',
    idMax: 'ID长度最多为100个字符。',
    tooSmall: '不能小于 {{minimum}}。',
    tooBig: '不能大于 {{maximum}}。',
    tooShort: '至少 {{minimum}} 个字符。',
    tooLong: '最多 {{maximum}} 个字符。',
    invalidType: '取值无效。',
    invalidValue: '取值无效。',
    invalidDate: '时间无效。',
    timeRange: '结束时间必须晚于开始时间。',
    batchTooLarge: '单批条目过多：最多 {{maximum}} 条。',
    bodyTooLarge: '请求体超过 {{megabytes}} MB。',
    unknownLog: '未知的日志类型。',
    unknownField: '未知字段。',
    gameIdMismatch: 'b_game_id 必须是签名的游戏（{{gameId}}）。',
    invalidJson: '请求体不是有效的 JSON。',
  },
};

export type Language = 'en' | 'zh-CN';

export const MESSAGES: Record<Language, Messages> = { en, 'zh-CN': zhCN };

/** Picks the language from an Accept-Language style value: zh* is Chinese, anything else English. */
export function languageFrom(value: string | undefined | null): Language {
  return value && /^\s*zh/i.test(value) ? 'zh-CN' : 'en';
}

/** Looks up `a.b` in the messages of a language and fills `{{placeholders}}`. */
export function translate(lang: Language, key: string, values: Record<string, unknown> = {}): string {
  const [namespace, ...rest] = key.split('.');
  const table = MESSAGES[lang][namespace as keyof Messages] as Record<string, string> | undefined;
  const template = table?.[rest.join('.')];
  if (template === undefined) return key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  });
}
