// Who is using the console: the staff role from /api/editor/me, for the menu and the pages.
import { createContext, useContext } from 'react';
import type { StaffMe } from '../api';

export const StaffContext = createContext<StaffMe | null>(null);

/** The signed-in staff member (inside the access gate, never null). */
export function useStaff(): StaffMe {
  const me = useContext(StaffContext);
  if (!me) throw new Error('useStaff outside the access gate');
  return me;
}
