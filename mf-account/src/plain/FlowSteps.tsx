// antd's Steps (horizontal, titles under the numbers, filled) in the brand theme, without antd: the
// account flows' first views load none. Small (24 px numbers, 14 px titles) on phones, by CSS.
import { PlainIcon } from '@qianyan/shared/plain';
import './flowSteps.css';

const CHECK =
  'M912 190h-69.9c-9.8 0-19.1 4.5-25.1 12.2L404.7 724.5 207 474a32 32 0 00-25.1-12.2H112c-6.7 0-10.4 7.7-6.3 12.9l273.9 347c12.8 16.2 37.4 16.2 50.3 0l488.4-618.9c4.1-5.1.4-12.8-6.3-12.8z';

export function FlowSteps({ steps, current, className }: { steps: readonly string[]; current: number; className?: string }) {
  return (
    <ol className={className ? `qy-steps ${className}` : 'qy-steps'}>
      {steps.map((title, i) => {
        const state = i < current ? 'finish' : i === current ? 'process' : 'wait';
        return (
          <li key={title} className={`qy-steps__item qy-steps__item--${state}`} aria-current={i === current ? 'step' : undefined}>
            <span className="qy-steps__icon" aria-hidden="true">
              {state === 'finish' ? <PlainIcon d={CHECK} /> : i + 1}
            </span>
            <span className="qy-steps__title">{title}</span>
            {i < steps.length - 1 && <span className="qy-steps__rail" aria-hidden="true" />}
          </li>
        );
      })}
    </ol>
  );
}
