// A list page's heading (the article lists, the course list): the one h1 with the brand's bar, an
// intro line, and an optional control beside the title (the phones' filter button).
import type { ReactNode } from 'react';
import './pageHead.css';

export function PageHead({ title, intro, action }: { title: ReactNode; intro?: ReactNode; action?: ReactNode }) {
  return (
    <header className="qy-page-head">
      <div className="qy-page-head-row">
        <h1>{title}</h1>
        {action}
      </div>
      {intro && <p>{intro}</p>}
    </header>
  );
}
