import { useEffect, useState } from 'react';
import { BREAKPOINTS } from '../constants';

function widthNow() {
  return typeof window === 'undefined' ? BREAKPOINTS.wide : window.innerWidth;
}

/** The current layout band by the spec's widths: wide ≥1080, medium ≥992, tablet ≥768, else mobile. */
export function useBreakpoint(): 'wide' | 'medium' | 'tablet' | 'mobile' {
  const [width, setWidth] = useState(widthNow);
  useEffect(() => {
    const onResize = () => setWidth(widthNow());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (width >= BREAKPOINTS.wide) return 'wide';
  if (width >= BREAKPOINTS.medium) return 'medium';
  if (width >= BREAKPOINTS.narrow) return 'tablet';
  return 'mobile';
}

export const useIsMobile = () => useBreakpoint() === 'mobile';
