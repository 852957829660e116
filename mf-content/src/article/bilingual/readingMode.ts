import { useCallback, useEffect, useState } from 'react';

/** How an article with an English original is read: Chinese, English, or both side by side. */
export type ReadingMode = 'zh' | 'en' | 'both';
export const READING_MODES: readonly ReadingMode[] = ['zh', 'en', 'both'];

/** Where the reader's choice is remembered (this browser, every article). */
export const READING_MODE_KEY = 'qy.readingMode';

const isMode = (v: unknown): v is ReadingMode => READING_MODES.includes(v as ReadingMode);

export function storedReadingMode(): ReadingMode {
  try {
    const v = window.localStorage.getItem(READING_MODE_KEY);
    return isMode(v) ? v : 'zh';
  } catch {
    return 'zh';
  }
}

/**
 * The remembered reading mode and its setter; another tab's choice is followed (storage event).
 * Chinese until the reader picks another.
 */
export function useReadingMode(): [ReadingMode, (mode: ReadingMode) => void] {
  const [mode, setMode] = useState<ReadingMode>(storedReadingMode);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => {
      if (e.key === READING_MODE_KEY) setMode(storedReadingMode());
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const choose = useCallback((next: ReadingMode) => {
    setMode(next);
    try {
      window.localStorage.setItem(READING_MODE_KEY, next);
    } catch {
      // Private mode or a full store: the choice holds for this page only.
    }
  }, []);
  return [mode, choose];
}
