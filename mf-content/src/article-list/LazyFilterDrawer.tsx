// The phone's filter drawer (antd's Drawer) for the plain list pages: its chunk, antd and the brand
// theme with it, loads on the first tap of 筛选; the drawer then stays mounted for its closing animation.
import { lazy, Suspense, useState, type ComponentProps } from 'react';
import type { FilterDrawer as Drawer } from './FilterDrawer';

const ThemedFilterDrawer = lazy(() => import('./FilterDrawer').then((m) => ({ default: m.ThemedFilterDrawer })));

export function LazyFilterDrawer(props: ComponentProps<typeof Drawer>) {
  const [wanted, setWanted] = useState(props.open);
  if (props.open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ThemedFilterDrawer {...props} />
    </Suspense>
  );
}
