import { createContext, useContext, type ReactElement, type ReactNode } from 'react';
import { preinitModule } from 'react-dom';
import { safeJson } from '../seo/json-ld.tsx';
import { ISLAND_ATTRIBUTE, PROPS_ATTRIBUTE, type JsonObject } from './markup.ts';

/**
 * A component the browser hydrates on its own (docs/decisions/2026-11-23-islands.md). On the
 * server it renders like any component, inside a container that names it, with its props as
 * JSON beside it; the page then loads the island loader. In the browser, `fromJson` gives
 * what the island's own React root hydrates in that container, from that JSON.
 */
export type Island<Name extends string, Props> = ((props: Props) => ReactNode) & {
  readonly islandName: Name;
  readonly fromJson: (json: string | null) => ReactElement;
};

/** The island loader's URL (server/assets.ts); none: the page cannot load islands. */
export const IslandLoader = createContext<string | undefined>(undefined);

/**
 * The loader is fetched at low priority: the page renders without it, and what it starts is
 * not due before the visitor scrolls or touches (React's types lack fetchPriority; React
 * passes it on).
 */
const LOADER_OPTIONS = { as: 'script', fetchPriority: 'low' } as const;

/** Inside an island nothing is an island again: the outer root hydrates all of it. */
const InsideIsland = createContext(false);

/**
 * Makes `Component` an island named `name`, the key of its entry in ./registry.ts. Its props
 * travel as JSON, so they may hold only data (the type refuses functions and elements).
 */
export function island<Name extends string, Props extends JsonObject>(
  name: Name,
  Component: (props: Props) => ReactNode,
): Island<Name, Props> {
  function Rendered(props: Props) {
    const inside = useContext(InsideIsland);
    const loader = useContext(IslandLoader);
    if (inside) return <Component {...props} />;
    // React puts one <script type="module" async> in the head, however many islands ask.
    if (loader) preinitModule(loader, LOADER_OPTIONS);
    const json = Object.keys(props).length > 0 ? safeJson(props) : undefined;
    return (
      <>
        <div {...{ [ISLAND_ATTRIBUTE]: name }}>
          <InsideIsland value>
            <Component {...props} />
          </InsideIsland>
        </div>
        {json ? (
          <script
            type="application/json"
            {...{ [PROPS_ATTRIBUTE]: '' }}
            dangerouslySetInnerHTML={{ __html: json }}
          />
        ) : null}
      </>
    );
  }
  Rendered.displayName = `Island(${name})`;
  return Object.assign(Rendered, {
    islandName: name,
    // The JSON is what this same component serialised on the server.
    fromJson: (json: string | null) => (
      <InsideIsland value>
        <Component {...JSON.parse(json ?? '{}')} />
      </InsideIsland>
    ),
  });
}
