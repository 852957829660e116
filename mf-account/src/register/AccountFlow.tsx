// The card every account flow page sits in (registration, WeChat login, binding a phone): centred
// on desktop, full width on phones, with the flow's steps on top. Drawn without antd: the first view
// of these pages loads none (the later steps that use antd bring it in their own chunks).
import { useEffect, type ReactNode } from 'react';
import { pageTitle } from '../messages';
import { FlowSteps } from '../plain/FlowSteps';
import './register.css';

export function AccountFlow({
  title,
  heading,
  intro,
  steps,
  current,
  wide,
  children,
  footer,
}: {
  /** The document title's name, e.g. 注册. */
  title: string;
  heading: string;
  intro?: ReactNode;
  steps: readonly string[];
  current: number;
  /** The profile step needs the room of two columns. */
  wide?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
  return (
    <div className="qy-flow">
      <section className={`qy-flow__card${wide ? ' qy-flow__card--wide' : ''}`} aria-labelledby="qy-flow-heading">
        <header className="qy-flow__header">
          <h1 id="qy-flow-heading">{heading}</h1>
          {intro && <p className="qy-flow__intro">{intro}</p>}
        </header>
        <FlowSteps className="qy-flow__steps" steps={steps} current={current} />
        <div className="qy-flow__body">{children}</div>
        {footer && <footer className="qy-flow__footer">{footer}</footer>}
      </section>
    </div>
  );
}
