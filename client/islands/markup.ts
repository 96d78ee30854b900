/**
 * How the server marks an island and the browser finds it (docs/decisions/2026-11-23-islands.md):
 * `<div data-island="picker">` around the component's HTML, followed by its props as
 * `<script type="application/json" data-island-props>` when it has any. The browser sets
 * `data-hydrated` on the container once the island is live (browser tests wait for it).
 */
export const ISLAND_ATTRIBUTE = 'data-island';
export const PROPS_ATTRIBUTE = 'data-island-props';
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** A value JSON carries unchanged: what an island's props may be made of. */
export type Json = string | number | boolean | null | readonly Json[] | JsonObject;
export type JsonObject = { readonly [key: string]: Json | undefined };
