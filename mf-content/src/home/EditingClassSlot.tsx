import { loadRemoteModule } from '@qianyan/shared';
import { Component, lazy, Suspense, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { PlainSkeleton } from '@qianyan/shared/plain';
import { HOME_TEXT } from '../portal/messages';

/** mf-courses' editing-class block (spec §2.2: two tabs of 3 courses each), exposed for the home page. */
export const EDITING_CLASS_ID = 'mf_courses/EditingClassBlock';

type BlockModule = { EditingClassBlock: ComponentType };

function lazyBlock() {
  return lazy(async () => {
    const mod = await loadRemoteModule<BlockModule>(EDITING_CLASS_ID);
    if (!mod || typeof mod.EditingClassBlock !== 'function') throw new Error(`${EDITING_CLASS_ID} does not export EditingClassBlock`);
    return { default: mod.EditingClassBlock };
  });
}

class Boundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.error(`[mf-content] ${EDITING_CLASS_ID} failed`, error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Fallback() {
  return (
    <section className="qy-card qy-home-block qy-editing-fallback" aria-labelledby="qy-editing-fallback">
      <div className="qy-home-section-head">
        <h2 id="qy-editing-fallback">{HOME_TEXT.editingClass}</h2>
      </div>
      <p>
        {HOME_TEXT.editingClassFallback} <Link to="/course-resources">{HOME_TEXT.toCourses}</Link>
      </p>
    </section>
  );
}

/**
 * True once the reader scrolls or the block is in the window. The block sits below the first screen
 * and brings mf-courses (its remoteEntry and its antd), so it is not part of the page's first view;
 * the first scroll starts loading it, well before it comes into sight. Without IntersectionObserver
 * it is wanted at once.
 */
function useWanted(ref: RefObject<HTMLElement | null>) {
  const [wanted, setWanted] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    if (wanted) return;
    const want = () => setWanted(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && want());
    if (ref.current) observer.observe(ref.current);
    window.addEventListener('scroll', want, { once: true, passive: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', want);
    };
  }, [wanted, ref]);
  return wanted;
}

/** The editing-class block from mf-courses; if it fails or is missing, a link to the courses keeps the page whole. */
export function EditingClassSlot() {
  const Block = useMemo(() => lazyBlock(), []);
  const ref = useRef<HTMLDivElement>(null);
  const wanted = useWanted(ref);
  const placeholder = <PlainSkeleton title rows={4} />;
  return (
    <div className="qy-home-editing" ref={ref}>
      {wanted ? (
        <Boundary fallback={<Fallback />}>
          <Suspense fallback={placeholder}>
            <Block />
          </Suspense>
        </Boundary>
      ) : (
        placeholder
      )}
    </div>
  );
}
