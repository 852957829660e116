// A menu entry whose screen is not built yet.
import { Result } from 'antd';
import { ED_MSG } from '../../messages';

export default function ComingSoonPage({ title }: { title: string }) {
  return <Result status="info" title={title} subTitle={ED_MSG.comingSoon} />;
}
