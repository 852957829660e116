// 站点 (editors and admins): the site furniture — banners, adverts, hot reads and the module
// switches — in four tabs (the tab is in the address, ?tab=). Every change is saved on the server at
// once, audited there, and shown on the site at the next page load.
import { useDocumentTitle } from '@qianyan/shared';
import { Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import '../../consoleScreens.css';
import { ED_MSG } from '../../messages';
import { AdvertsPanel } from './AdvertsPanel';
import { BannersPanel } from './BannersPanel';
import { HotReadsPanel } from './HotReadsPanel';
import { ST } from './messages';
import './site.css';
import { SwitchesPanel } from './SwitchesPanel';

const TABS = ['banners', 'adverts', 'hotReads', 'switches'] as const;
type Tab = (typeof TABS)[number];

export default function SitePage() {
  useDocumentTitle(`${ST.title} · ${ED_MSG.consoleName}`);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'banners';
  return (
    <section className="qy-ed-page" aria-labelledby="qy-ed-site-h">
      <div className="qy-ed-page__head">
        <Typography.Title level={3} id="qy-ed-site-h" style={{ margin: 0 }}>
          {ST.title}
        </Typography.Title>
      </div>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'banners' ? {} : { tab: key })}
        destroyOnHidden
        items={[
          { key: 'banners', label: ST.tabs.banners, children: <BannersPanel /> },
          { key: 'adverts', label: ST.tabs.adverts, children: <AdvertsPanel /> },
          { key: 'hotReads', label: ST.tabs.hotReads, children: <HotReadsPanel /> },
          { key: 'switches', label: ST.tabs.switches, children: <SwitchesPanel /> },
        ]}
      />
    </section>
  );
}
