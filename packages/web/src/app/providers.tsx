import { useEffect, useSyncExternalStore, type ReactNode } from 'react';
import { App, ConfigProvider, theme } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { ErrorCode } from '@gm/contract/errors.ts';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../shared/api-client.ts';
import { registerFeedback } from '../shared/feedback.ts';
import { normalizeLanguage } from '../shared/language.ts';
import { readCspNonce } from '../shared/csp-nonce.ts';
import { sessionKeys } from '../shared/user-context.tsx';

/**
 * A refusal for want of permission means the operator's codes changed since the page loaded
 * (their role was edited or taken away): the user context is read again, so the sidebar and the
 * buttons stop offering what the server now refuses. The context's own read is left out: its
 * refusal ends the session (session-gate.tsx).
 */
function rereadContextOnRefusal(error: unknown, queryKey?: QueryKey): void {
  if (!isApiError(error) || error.code !== ErrorCode.NO_PERMISSION) return;
  if (queryKey?.[0] === sessionKeys.all[0]) return;
  void queryClient.invalidateQueries({ queryKey: sessionKeys.context() });
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => rereadContextOnRefusal(error, query.queryKey) }),
  mutationCache: new MutationCache({ onError: (error) => rereadContextOnRefusal(error) }),
  defaultOptions: {
    queries: {
      staleTime: 15_000,
      refetchOnWindowFocus: false,
      // Retry only what may pass on a second try: network trouble and 5xx-class answers.
      retry: (count, error) => count < 2 && (!isApiError(error) || error.code < 0 || error.status >= 500),
    },
    mutations: { retry: false },
  },
});

/** Hands antd's context-aware message and modal APIs to code outside React (the API client). */
function FeedbackBridge() {
  const feedback = App.useApp();
  useEffect(() => {
    registerFeedback(feedback);
    return () => registerFeedback(null);
  }, [feedback]);
  return null;
}

/**
 * Re-fetches server texts (audit lines, messages) when the language changes; not queries marked
 * `meta.sameInEveryLanguage` (log rows: asking again would count as a new log query).
 */
function LanguageSync() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const onChange = () => void queryClient.invalidateQueries({ predicate: (query) => query.meta?.sameInEveryLanguage !== true });
    i18n.on('languageChanged', onChange);
    return () => i18n.off('languageChanged', onChange);
  }, [i18n]);
  return null;
}

/** This page's CSP nonce: antd writes its theme's CSS variables into `<style>` elements that must carry it. */
const csp = { nonce: readCspNonce() };

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
function subscribeToMotion(onChange: () => void): () => void {
  const query = window.matchMedia(REDUCED_MOTION);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}
/** The operator's system asks for less motion: antd's dialogs, menus and lists then appear without animating. */
const prefersReducedMotion = () => window.matchMedia(REDUCED_MOTION).matches;

/** React Query, antd (theme, locale, CSP nonce) and i18next, switching language together. */
export function AppProviders({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = normalizeLanguage(i18n.language);
  const reducedMotion = useSyncExternalStore(subscribeToMotion, prefersReducedMotion);
  return (
    <QueryClientProvider client={queryClient}>
      <ConfigProvider
        csp={csp}
        locale={language === 'zh-CN' ? zhCN : enUS}
        theme={{
          algorithm: theme.defaultAlgorithm,
          // antd's component styles come from its prebuilt sheet (`antd/dist/antd.css`, imported
          // in main.tsx), not from styles generated and inserted while the first page renders:
          // that work was about a quarter of the first render (docs/performance.md, "First
          // visit", fifth pass). The sheet's selectors carry no hash, hence `hashed: false`.
          // The tokens below still apply: antd writes them at run time as CSS variables, which
          // the sheet reads.
          zeroRuntime: true,
          hashed: false,
          token: { colorPrimary: '#1677ff', borderRadius: 6, colorBgLayout: '#f0f2f5', motion: !reducedMotion },
          components: {
            Layout: { headerBg: '#ffffff', headerHeight: 56, headerPadding: '0 16px', siderBg: '#001529' },
            Menu: { darkItemBg: '#001529', darkSubMenuItemBg: '#000c17' },
          },
        }}
      >
        <App>
          <FeedbackBridge />
          <LanguageSync />
          {children}
        </App>
      </ConfigProvider>
    </QueryClientProvider>
  );
}
