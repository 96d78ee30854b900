import type { ClientAssets } from './Document.tsx';

/** Non-secret data the server hands to the browser for hydration (see server/render.tsx). */
export type ClientBootstrap = { readonly assets: ClientAssets };

declare global {
  interface Window {
    __APP__?: ClientBootstrap;
  }
}

export const BOOTSTRAP_GLOBAL = '__APP__';
