import { ClockCircleOutlined } from '@ant-design/icons';
import { ACCOUNT_MSG } from '../messages';

/** flag2 / flag3: the lists need the content module's favourite and reading-record calls. */
export function RecordsNotice({ heading }: { heading: string }) {
  return (
    <section className="qy-personal__notice" aria-label={heading}>
      <ClockCircleOutlined className="qy-personal__notice-icon" aria-hidden="true" />
      <h2>{ACCOUNT_MSG.recordsComingTitle}</h2>
      <p>{ACCOUNT_MSG.recordsComing}</p>
      <p className="qy-personal__notice-detail">{ACCOUNT_MSG.recordsComingDetail}</p>
    </section>
  );
}
