/** The fixed settings of the browser-test server. */
export const E2E_PORT = 8181;
export const E2E_ADMIN_PASSWORD = 'e2e-Admin-Pass-9';
export const E2E_DEMO_PASSWORD = 'e2e-Demo-Pass-7';
