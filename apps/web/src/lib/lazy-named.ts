import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// React.lazy's own bound: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * React.lazy for a named export (our modules export components by name): the module becomes a
 * chunk of its own, requested the first time the component renders, under a Suspense boundary.
 */
export function lazyNamed<M extends Record<K, AnyComponent>, K extends keyof M>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }));
}
