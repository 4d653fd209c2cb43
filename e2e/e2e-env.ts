/** The fixed settings of the browser-test server. */
/** `E2E_PORT` lets two runs share a machine (say, a fresh-clone CI check beside a working tree). */
// eslint-disable-next-line no-restricted-properties -- the browser tests' own setting, not the server's
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
/** The server's data folder (relative to the config's folder), one per port so two runs never share it. */
export const E2E_DATA_DIR = E2E_PORT === 8181 ? '../data/e2e' : `../data/e2e-${E2E_PORT}`;
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Pass-9';
export const E2E_DEMO_PASSWORD = 'e2e-Demo-Pass-7';
