import type { ComponentType } from 'react';

/** A page loaded on first visit: a feature's `*.routes.tsx` maps navigation ids to these. */
export type LazyPage = () => Promise<{ Component: ComponentType }>;
