import { useEffect, useState } from 'react';

/**
 * The shell's note of the week kept for offline reading (shell/src/offline/keeper.ts writes it to
 * local storage under this key and fires this event on window when it has kept a week).
 */
const KEPT_KEY = 'qy.offline';
const KEPT_EVENT = 'qy:offline-kept';

interface KeptNote {
  weekId: number;
  articles: number;
}

function read(): KeptNote | null {
  try {
    const raw = window.localStorage.getItem(KEPT_KEY);
    return raw ? (JSON.parse(raw) as KeptNote) : null;
  } catch {
    return null;
  }
}

/** How many articles of week `weekId` this device keeps for reading offline (0: none, or another week). */
export function useKeptOffline(weekId: number | undefined): number {
  const [note, setNote] = useState<KeptNote | null>(read);
  useEffect(() => {
    const update = () => setNote(read());
    window.addEventListener(KEPT_EVENT, update);
    window.addEventListener('storage', update);
    return () => {
      window.removeEventListener(KEPT_EVENT, update);
      window.removeEventListener('storage', update);
    };
  }, []);
  return note && weekId !== undefined && note.weekId === weekId ? note.articles : 0;
}
