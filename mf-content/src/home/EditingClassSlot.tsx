import { loadRemoteModule } from '@qianyan/shared';
import { Skeleton } from 'antd';
import { Component, lazy, Suspense, useMemo, type ComponentType, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
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

/** The editing-class block from mf-courses; if it fails or is missing, a link to the courses keeps the page whole. */
export function EditingClassSlot() {
  const Block = useMemo(() => lazyBlock(), []);
  return (
    <div className="qy-home-editing">
      <Boundary fallback={<Fallback />}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
          <Block />
        </Suspense>
      </Boundary>
    </div>
  );
}
