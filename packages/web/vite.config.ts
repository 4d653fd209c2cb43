import { defineConfig, type PluginOption } from 'vite';
import react from '@vitejs/plugin-react';

/** Vendor chunks that change rarely, so a redeploy of the app does not bust them. */
function vendorChunk(id: string): string | undefined {
  if (!id.includes('node_modules')) return undefined;
  if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'react';
  if (/node_modules\/(antd|@ant-design|@rc-component|rc-[^/]+)\//.test(id)) return 'antd';
  if (/node_modules\/(i18next|react-i18next|dayjs|zod|@tanstack)\//.test(id)) return 'libs';
  return undefined;
}

export default defineConfig({
  // The plugin is hoisted next to the root's vite 8 (vitest's) while this package builds with its
  // own vite 7: the runtime API is the same, only the two copies' types differ.
  plugins: [react() as unknown as PluginOption],
  define: {
    __BUILD_TIME__: JSON.stringify(new Date().toISOString()),
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  preview: {
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1600,
    rollupOptions: { output: { manualChunks: vendorChunk } },
  },
});
