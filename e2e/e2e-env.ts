/** The fixed settings of the browser-test server. */
/** `E2E_PORT` lets two runs share a machine (say, a fresh-clone CI check beside a working tree). */
// eslint-disable-next-line no-restricted-properties -- the browser tests' own setting, not the server's
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Pass-9';
export const E2E_DEMO_PASSWORD = 'e2e-Demo-Pass-7';
