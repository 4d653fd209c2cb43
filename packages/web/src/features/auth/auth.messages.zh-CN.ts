import type { Translation } from '../../shared/i18n-types.ts';
import type { en } from './auth.messages.ts';

/** The `auth` namespace in Chinese: downloaded only by a console speaking Chinese (docs/decisions.md). */
export const zhCN: Translation<typeof en> = {
  brand: {
    tagline: '从容运营你的在线游戏。',
    point1: '区服、玩家、邮件与公告，一站管理',
    point2: '每次变更都有审计，每个操作都校验权限',
    point3: '中英文双语，随时切换',
  },
  login: {
    title: '登录',
    subtitle: '请使用操作员账号登录。',
    fields: {
      account: { label: '账号', placeholder: '账号' },
      password: { label: '密码', placeholder: '密码' },
      otp: {
        label: '验证码',
        placeholder: '6位验证码或恢复码',
        help: '打开身份验证器应用，输入当前显示的验证码。',
      },
    },
    submit: '登录',
    noAccount: '还没有账号？',
    signUp: '注册',
    registered: '账号“{{account}}”已创建。',
    registeredHint: '需要管理员为其分配角色后才能使用后台，分配完成后即可登录。',
    locked: '登录失败次数过多。',
    lockedCountdown: '请在 {{seconds}} 秒后重试。',
    lockedOver: '现在可以重试了。',
    failed: '登录失败',
  },
  registry: {
    title: '注册',
    subtitle: '创建操作员账号，权限由管理员分配。',
    fields: {
      name: {
        label: '名称',
        placeholder: '账号名，例如 li.wei',
        help: '3-32位字母、数字、点、短横线或下划线。',
      },
      password: { label: '密码', placeholder: '密码' },
      confirm: { label: '确认密码', placeholder: '请再次输入密码' },
    },
    submit: '注册',
    haveAccount: '已有账号？',
    backToLogin: '返回登录',
  },
};
