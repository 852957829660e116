// A plain look-alike that hands over to the real (antd) control on its first use: the look-alike
// draws the first view without antd; `onUse` (a press, a focus) mounts the real control, loaded
// lazily, which takes its place (opened, focused, as the reader asked). Until its chunk arrives the
// look-alike stands in, inert.
import { Suspense, useState, type ReactNode } from 'react';

export function PlainHandover<U>({
  facade,
  real,
}: {
  /** The look-alike; `onUse` is absent while the real control loads. */
  facade: (onUse?: (use: U) => void) => ReactNode;
  /** The real control (a lazy component), given what the reader did first. */
  real: (use: U) => ReactNode;
}) {
  const [used, setUsed] = useState<{ use: U } | null>(null);
  if (used === null) return <>{facade((use) => setUsed({ use }))}</>;
  return <Suspense fallback={facade()}>{real(used.use)}</Suspense>;
}
