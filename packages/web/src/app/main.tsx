import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { loadAppConfig } from '../shared/app-config.ts';
import { nonceCreatedStyles, readCspNonce } from '../shared/csp-nonce.ts';
import { initI18n } from './i18n.ts';
import { AppProviders } from './providers.tsx';
import { createAppRouter } from './router.tsx';
// antd's styles as a static sheet (zero-runtime mode, providers.tsx), before ours so that ours
// win at equal specificity, as they did over the run-time styles antd put first in <head>.
import 'antd/dist/antd.css';
import './global.css';

/** Start: the static config files and the translations first, then the app. */
async function start(): Promise<void> {
  const nonce = readCspNonce();
  if (nonce) nonceCreatedStyles(nonce);
  await Promise.all([loadAppConfig(), initI18n()]);
  const router = createAppRouter();
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        {/* Not in transitions: a transition commits the new URL's page only when the operator
            pauses, so a filter form refilled from that URL wiped what was typed after Search. */}
        <RouterProvider router={router} useTransitions={false} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
